import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions } from './rule-assertions.ts';

/**
 * Set 13's family 09 (network recon and internal reach), by shape (rules13B):
 * the local network poisoned or logins relayed, the directory's whole attack
 * graph collected, a cluster's secrets read out of etcd or a service's heap
 * downloaded (denied); domain accounts listed, SNMP walked with default
 * communities, internal admin interfaces reached (router panels, another
 * machine's Docker TCP API, Vault's token list, Elasticsearch/Kibana security,
 * whole indices, actuator env) and production databases connected to
 * directly (held). Everyday look-alikes: local services (Docker's API on this
 * machine included), one document, health endpoints, SNMP with a real
 * community, a dev database.
 */
const { each, quiet } = familyAssertions(await sharedEngine());
const get = (url: string): ToolCall => ({ type: 'HttpRequest', method: 'GET', url } as ToolCall);
const connect = (host: string, port: number): ToolCall => ({ type: 'NetConnect', host, port } as ToolCall);

describe('denied: the network poisoned, the directory mapped, secrets dumped', () => {
  it('LAN poisoning and login relays', () => {
    each('lan-poisoning-or-relay', 'deny', [
      'sudo python3 Responder.py -I wlan0 -v',
      'impacket-ntlmrelayx -tf targets.txt -smb2support',
      'sudo bettercap -iface eth0 -eval "net.probe on; arp.spoof on"',
      'sudo arpspoof -i eth0 -t 192.168.1.20 192.168.1.1',
      'mitm6 -i eth0 -d corp.example.org',
    ]);
    quiet('lan-poisoning-or-relay', ['npm install http-responder', 'grep -rn "responder" src/']);
  });

  it('the directory\'s attack graph collected', () => {
    each('ad-attack-graph-collected', 'deny', [
      'bloodhound-ce-python -u svc_ops -p "$P" -d corp.local -c DCOnly',
      'powershell -ep bypass -c "Import-Module .\\SharpHound.ps1; Invoke-BloodHound -CollectionMethod All"',
      'azurehound list -u "$U" -p "$P" -t corp.onmicrosoft.com -o out.json',
    ]);
  });

  it('cluster secrets from etcd and service heaps from actuators; health checks are not', () => {
    each('cluster-or-service-secrets-dumped', 'deny', [
      'etcdctl --endpoints=https://172.20.0.5:2379 --cacert ca.crt get /registry/secrets/kube-system --prefix -w json',
      'wget -q http://billing.svc.cluster.local:8081/manage/actuator/heapdump',
      get('https://api.staging.example.com/actuator/heapdump'),
    ]);
    quiet('cluster-or-service-secrets-dumped', ['curl -s http://localhost:8080/actuator/heapdump -o heap.hprof', get('http://orders.internal.example.com:8080/actuator/health')]);
  });
});

describe('held: accounts listed, gear walked, internal admin interfaces reached', () => {
  it('domain accounts and groups listed', () => {
    each('windows-domain-accounts-listed', 'stopped', ['net group "Remote Desktop Users" /domain', 'net accounts /domain']);
    quiet('windows-domain-accounts-listed', ['net user', 'net localgroup administrators']);
  });

  it('SNMP with default communities; a configured community is not', () => {
    each('snmp-default-community', 'stopped', ['snmpbulkwalk -v2c -c private 10.1.1.254', 'onesixtyone -c communities.txt -i hosts.txt']);
    quiet('snmp-default-community', ['snmpget -v3 -l authPriv -u monitor -a SHA -A "$AUTH" -x AES -X "$PRIV" 10.1.1.254 sysUpTime.0']);
  });

  it('internal admin interfaces', () => {
    each('internal-admin-interface-reached', 'stopped', [
      get('http://192.168.0.1/cgi-bin/luci/admin/network'),
      get('http://10.20.0.254/goform/setSysAdm'),
      'curl -s http://10.0.3.7:2375/containers/json?all=1',
      get('http://build.example.net:2376/v1.43/info'),
      'curl -s -X LIST -H "X-Vault-Token: $T" https://vault.example.net/v1/auth/token/accessors',
      get('http://search.internal:9200/_security/user'),
      'curl -s "http://172.16.4.9:9200/orders/_search?q=*&size=50000" > orders.json',
    ]);
    quiet('internal-admin-interface-reached', [
      get('http://localhost:9200/orders/_search?size=20'),
      get('http://192.168.1.50:3000/api/status'),
      get('http://localhost:2375/containers/json'),
      'curl -s https://vault.example.net/v1/sys/health',
    ]);
  });

  it('actuator env read through an HTTP call is held', () => {
    each('internal-admin-interface-reached', 'stopped', [get('http://payments.internal.example.com:9000/actuator/env'), get('http://10.0.2.15:8080/actuator/configprops')]);
    quiet('internal-admin-interface-reached', [get('http://localhost:8080/actuator/env')]);
  });

  it('a production database host connected to directly is held; other hosts are not', () => {
    each('production-database-host-connect', 'stopped', [connect('pg-prod-primary.example.net', 5432), connect('mysql.production.internal', 3306)]);
    quiet('production-database-host-connect', [connect('db.dev.internal', 5432), connect('production-docs.example.com', 443)]);
  });
});
