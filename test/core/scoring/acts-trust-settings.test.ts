import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite, inProject, ruleAssertions } from './rule-assertions.ts';

/**
 * The act: what the machine or a site trusts loosened for every later
 * connection: host keys forgotten, an untrusted CA trusted, the JDK's
 * algorithm limits emptied, TLS verification off for a tool or session,
 * traffic routed through an unknown proxy or VPN, a zone's HTTPS settings
 * off. Look-alikes: a company CA for one internal host, mkcert, loopback
 * names for local development, one command against a local HTTPS server,
 * status and listing commands.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);
const { fires, allowed } = ruleAssertions(engine);
const mcp = (server: string, tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server, tool, arguments: args } as ToolCall);
const http = (method: string, url: string, body: string): ToolCall => ({ type: 'HttpRequest', method, url, headers: {}, body } as ToolCall);

describe('host keys and certificate authorities', () => {
  it('known_hosts thrown away is held; one entry removed or added is not', () => {
    each('ssh-known-hosts-removed', 'stopped', [{ type: 'FileDelete', path: '/home/dev/.ssh/known_hosts' } as ToolCall]);
    each('ssh-known-hosts-removed-shell', 'stopped', ['rm -f ~/.ssh/known_hosts']);
    quiet('ssh-known-hosts-removed-shell', ['ssh-keygen -R oldbox.internal', 'ssh-keyscan github.com >> ~/.ssh/known_hosts']);
  });

  it('a CA from a download, temporary folder or proxy trusted is held; mkcert and a company root are not', () => {
    each('untrusted-ca-trusted', 'stopped', [
      'sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain ~/Downloads/proxy-ca.crt',
      'sudo keytool -importcert -noprompt -alias proxy -file proxy-ca.crt -keystore $JAVA_HOME/lib/security/cacerts -storepass changeit',
      'certutil -d sql:$HOME/.pki/nssdb -A -t "C,," -n proxy -i proxy-ca.crt',
      'sudo cp /tmp/root.crt /usr/local/share/ca-certificates/ && sudo update-ca-certificates',
    ]);
    quiet('untrusted-ca-trusted', ['mkcert -install', 'keytool -list -keystore $JAVA_HOME/lib/security/cacerts -storepass changeit']);
    quiet('private-key-file', ['git config --global http.https://git.acme.internal/.sslCAInfo ~/certs/acme-root.pem', 'npm config set cafile ~/certs/corp-root.pem']);
  });

  it("the JDK's disabled algorithms emptied is held", () => {
    each('java-security-algorithms-emptied', 'stopped', [
      `sudo sed -i 's/^jdk.certpath.disabledAlgorithms=.*/jdk.certpath.disabledAlgorithms=/' $JAVA_HOME/conf/security/java.security`,
    ]);
  });
});

describe('TLS verification and traffic routing', () => {
  it('verification off for every later call is held; one command against localhost is not', () => {
    each('tool-tls-verification-off-global', 'stopped', [
      'setx NODE_TLS_REJECT_UNAUTHORIZED 0',
      'gcloud config set auth/disable_ssl_validation True',
      'kubectl config set-cluster prod --insecure-skip-tls-verify=true',
    ]);
    const local = inProject('export NODE_TLS_REJECT_UNAUTHORIZED=0 && node scripts/smoke-local.js https://localhost:8443');
    fires(local, 'tls-off-for-one-local-command');
    allowed(local);
    each('tls-verification-disable', 'stopped', ["echo 'export NODE_TLS_REJECT_UNAUTHORIZED=0' >> ~/.bashrc", 'export NODE_TLS_REJECT_UNAUTHORIZED=0 && node scripts/sync.js https://api.acme.io']);
  });

  it('traffic through an unknown proxy or VPN is held; status commands are not', () => {
    each('traffic-routed-elsewhere', 'stopped', [
      'gsettings set org.gnome.system.proxy mode manual && gsettings set org.gnome.system.proxy.https host proxy.relay-net.io',
      'sudo wg set wg0 peer bXlwZWVya2V5MTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM9 endpoint 203.0.113.9:51820 allowed-ips 0.0.0.0/0',
      'sudo openvpn --config /tmp/relay.ovpn --daemon',
      'sudo zerotier-cli join 8056c2e21c000001',
    ]);
    quiet('traffic-routed-elsewhere', ['sudo wg show', 'tailscale status', 'networksetup -getwebproxy Wi-Fi']);
    each('content-wireguard-all-traffic-out', 'stopped', [
      fileWrite('/etc/wireguard/wg0.conf', '[Interface]\nPrivateKey = aGVsbG8=\nAddress = 10.8.0.2/24\n\n[Peer]\nPublicKey = bXlwZWVy\nEndpoint = 203.0.113.9:51820\nAllowedIPs = 0.0.0.0/0\n'),
    ]);
  });

  it('loopback names for local development given to dnsmasq are allowed', () => {
    const dnsmasq = fileWrite('/etc/dnsmasq.d/test.conf', 'address=/.test/127.0.0.1\n');
    fires(dnsmasq, 'content-dnsmasq-loopback-dev-names');
    allowed(dnsmasq);
    each('system-file-write', 'stopped', [fileWrite('/etc/dnsmasq.d/test.conf', 'address=/github.com/203.0.113.10\n')]);
  });
});

describe("a zone's HTTPS settings", () => {
  it('switched off through a CDN tool or API is held; switched on is not', () => {
    each('mcp-zone-security-setting-off', 'stopped', [mcp('cloudflare', 'update_zone_setting', { zone_id: '023e105f4ecef8ad9ca31a8372d0c353', setting: 'always_use_https', value: 'off' })]);
    each('mcp-zone-min-tls-lowered', 'stopped', [mcp('cloudflare', 'update_zone_setting', { zone_id: '023e', setting: 'min_tls_version', value: '1.0' })]);
    each('edge-protection-off', 'stopped', [http('PATCH', 'https://api.cloudflare.com/client/v4/zones/023e/settings/always_use_https', '{"value":"off"}')]);
    quiet('mcp-zone-security-setting-off', [mcp('cloudflare', 'update_zone_setting', { zone_id: '023e', setting: 'always_use_https', value: 'on' })]);
  });
});
