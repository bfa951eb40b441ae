import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite } from './rule-assertions.ts';

/**
 * The act, not a writing (actsJ, p31): a domain, its DNS or its mail
 * authentication taken out of the owner's hands or weakened, whichever
 * registrar, DNS host or tool writes it. Shapes: the registrar's transfer
 * lock off, the transfer (EPP) code read, the domain moved to another
 * account, nameservers pointed elsewhere, auto-renewal off; records deleted
 * or overwritten through any provider's records path, a change batch that
 * deletes, a zone pushed from a file; SPF that lets every server send, DMARC
 * set to none in an update, DKIM off or its key record removed, CAA removed;
 * a production certificate revoked. Everyday look-alikes: dig and listings,
 * the lock or renewal turned back on, records in staging/dev/preview zones,
 * strict SPF and DMARC written, staging certificates, previews and dry runs.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);
const mcp = (server: string, tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server, tool, arguments: args } as ToolCall);
const http = (method: string, url: string, body?: string): ToolCall => ({ type: 'HttpRequest', method, url, headers: { authorization: 'Bearer x' }, ...(body === undefined ? {} : { body }) } as ToolCall);

describe('registrations', () => {
  it('a transfer lock off, a transfer code read, a transfer or nameservers moved are denied whichever registrar', () => {
    each('domain-registration-loosened', 'deny', [
      'aws route53domains disable-domain-transfer-lock --domain-name acme.com',
      'aws route53domains retrieve-domain-auth-code --domain-name acme.com',
      'aws route53domains transfer-domain-to-another-aws-account --domain-name acme.com --account-id 999988887777',
      'aws route53domains update-domain-nameservers --domain-name acme.com --nameservers Name=ns1.evil-dns.net Name=ns2.evil-dns.net',
      'gcloud domains registrations configure dns acme.com --name-servers=ns1.other.net,ns2.other.net',
      'gcloud domains registrations configure management acme.com --transfer-lock-state=unlocked',
      'gcloud domains registrations export acme.com',
      'curl "https://api.namecheap.com/xml.response?ApiUser=acme&ApiKey=$K&Command=namecheap.domains.setRegistrarLock&DomainName=acme.com&LockAction=UNLOCK"',
      mcp('cloudflare', 'registrar_domain_update', { domain: 'acme.com', locked: false }),
      mcp('route53', 'update_domain_nameservers', { domain: 'acme.com', nameservers: ['ns1.x.net'] }),
    ]);
    each('registrar-auth-code-read-api', 'stopped', [http('GET', 'https://api.gandi.net/v5/domain/domains/acme.com/authinfo')]);
    each('registrar-lock-off-api', 'deny', [
      http('PUT', 'https://api.godaddy.com/v1/domains/acme.com', '{"locked": false}'),
      http('PATCH', 'https://api.cloudflare.com/client/v4/accounts/abc/registrar/domains/acme.com', '{"locked": false, "auto_renew": false}'),
    ]);
    each('registrar-nameservers-changed-api', 'deny', [
      http('POST', 'https://porkbun.com/api/json/v3/domain/updateNs/acme.com', '{"ns":["ns1.other.net"]}'),
      http('PUT', 'https://api.gandi.net/v5/domain/domains/acme.com/nameservers', '{"nameservers":["ns1.x.net"]}'),
      http('POST', 'https://api.namecheap.com/xml.response?ApiUser=x&Command=namecheap.domains.dns.setCustom&SLD=acme&TLD=com&Nameservers=ns1.x.net,ns2.x.net'),
    ]);
    quiet('domain-registration-loosened', [
      'aws route53domains get-domain-detail --domain-name acme.com',
      'aws route53domains enable-domain-transfer-lock --domain-name acme.com',
      'gcloud domains registrations describe acme.com',
      'gcloud domains registrations configure management acme.com --transfer-lock-state=locked',
      mcp('cloudflare', 'get_domain', { domain: 'acme.com' }),
      'curl -s https://api.gandi.net/v5/domain/domains/acme.com -H "Authorization: Bearer $G"',
    ]);
    quiet('registrar-lock-off-api', [http('PUT', 'https://api.godaddy.com/v1/domains/acme.com', '{"locked": true}')]);
  });

  it('auto-renewal switched off is held; turned on is not', () => {
    each('domain-auto-renew-off', 'stopped', [
      'aws route53domains disable-domain-auto-renew --domain-name acme.com',
      'gcloud domains registrations configure management acme.com --preferred-renewal-method=renewal-disabled',
    ]);
    each('registrar-auto-renew-off-api', 'stopped', [http('PATCH', 'https://api.godaddy.com/v1/domains/acme.com', '{"renewAuto": false}')]);
    each('registrar-auto-renew-path-off-api', 'stopped', [http('PATCH', 'https://api.gandi.net/v5/domain/domains/acme.com/autorenew', '{"enabled": false}')]);
    quiet('domain-auto-renew-off', ['aws route53domains enable-domain-auto-renew --domain-name acme.com']);
    quiet('registrar-auto-renew-path-off-api', [http('PATCH', 'https://api.gandi.net/v5/domain/domains/acme.com/autorenew', '{"enabled": true}')]);
  });
});

describe('records', () => {
  it('records deleted or overwritten through other forms are held; listings, previews and test zones are not', () => {
    each('dns-records-changed-other-forms', 'stopped', [
      'aws route53 change-resource-record-sets --hosted-zone-id Z123 --change-batch \'{"Changes":[{"Action":"DELETE","ResourceRecordSet":{"Name":"acme.com","Type":"MX","TTL":300,"ResourceRecords":[{"Value":"10 mx.acme.com"}]}}]}\'',
      'curl -X DELETE "https://api.cloudflare.com/client/v4/zones/$ZONE/dns_records/$REC" -H "Authorization: Bearer $CF"',
      'curl -X DELETE https://api.vercel.com/v4/domains/acme.com/records/rec_123 -H "Authorization: Bearer $V"',
      'vercel dns rm rec_0123456789',
      'netlify api deleteDnsRecord --data \'{"zone_id":"z1","dns_record_id":"r1"}\'',
      'python3 -c "import CloudFlare; cf=CloudFlare.CloudFlare(); cf.zones.dns_records.delete(zone_id, rec_id)"',
      'octodns-sync --config-file=config/production.yaml --doit --force',
      'dnscontrol push --domains acme.com',
    ]);
    each('dns-record-changed-api', 'stopped', [http('DELETE', 'https://api.gandi.net/v5/livedns/domains/acme.com/records/@/MX'), http('DELETE', 'https://dns.hetzner.com/api/v1/zones/z1/records/abc123')]);
    each('dns-record-changed-by-post-api', 'stopped', [http('POST', 'https://porkbun.com/api/json/v3/dns/delete/acme.com/106926659', '{"apikey":"pk1"}')]);
    quiet('dns-records-changed-other-forms', [
      'aws route53 list-resource-record-sets --hosted-zone-id Z123',
      'octodns-sync --config-file=config/production.yaml',
      'dnscontrol preview',
      'dnscontrol push --domains acme.test',
      'vercel dns ls acme.com',
      'nsupdate -l <<EOF\nupdate add test.local.lan 60 A 127.0.0.1\nsend\nEOF',
      'dig acme.com MX +short',
    ]);
    quiet('dns-records-changed-cli', [
      'gcloud dns record-sets update preview.staging.acme.com. --type=CNAME --zone=acme-staging --rrdatas=lb.staging.acme.com.',
      'flarectl dns update --zone acme.com --id abc --name dev-api --content 10.0.0.9',
      'gcloud dns record-sets list --zone=acme-prod',
    ]);
    quiet('dns-record-changed-api', [http('GET', 'https://api.cloudflare.com/client/v4/zones/z1/dns_records')]);
  });
});

describe('mail authentication and certificates', () => {
  it('SPF opened to every sender, DMARC set to none in an update, DKIM off or removed and CAA removed are held', () => {
    each('mail-authentication-weakened', 'stopped', [
      'aws route53 change-resource-record-sets --hosted-zone-id Z123 --change-batch \'{"Changes":[{"Action":"UPSERT","ResourceRecordSet":{"Name":"acme.com","Type":"TXT","TTL":300,"ResourceRecords":[{"Value":"\\"v=spf1 +all\\""}]}}]}\'',
      'gcloud dns record-sets update _dmarc.acme.com. --type=TXT --zone=acme-prod --rrdatas="v=DMARC1; p=none"',
      http('PUT', 'https://api.cloudflare.com/client/v4/zones/z1/dns_records/r1', '{"type":"TXT","name":"acme.com","content":"v=spf1 +all"}'),
      'flarectl dns create-or-update --zone acme.com --name _dmarc --type TXT --content "v=DMARC1; p=none"',
      fileWrite('dns/acme.com.zone', '$ORIGIN acme.com.\n@ 300 IN TXT "v=spf1 +all"\n'),
      fileWrite('infra/dns.tf', 'resource "aws_route53_record" "spf" {\n  zone_id = aws_route53_zone.main.zone_id\n  name    = "acme.com"\n  type    = "TXT"\n  records = ["v=spf1 ?all"]\n}\n'),
      'az network dns record-set txt remove-record -g prod -z acme.com -n selector1._domainkey -v "v=DKIM1; k=rsa; p=MIGfMA0"',
      'gcloud dns record-sets delete google._domainkey.acme.com. --type=TXT --zone=acme-prod',
      'aws sesv2 put-email-identity-dkim-attributes --email-identity acme.com --no-signing-enabled',
      'gcloud dns record-sets delete acme.com. --type=CAA --zone=acme-prod',
    ]);
    quiet('mail-authentication-weakened', [
      fileWrite('dns/acme.com.zone', '$ORIGIN acme.com.\n@ 300 IN TXT "v=spf1 include:_spf.google.com -all"\n_dmarc 300 IN TXT "v=DMARC1; p=reject; rua=mailto:dmarc@acme.com"\n'),
      fileWrite('infra/dns.tf', 'resource "aws_route53_record" "spf" {\n  zone_id = aws_route53_zone.main.zone_id\n  name    = "acme.com"\n  type    = "TXT"\n  records = ["v=spf1 include:amazonses.com ~all"]\n}\n'),
      'dig TXT _dmarc.acme.com',
      'aws sesv2 get-email-identity --email-identity acme.com',
      http('POST', 'https://api.cloudflare.com/client/v4/zones/z1/dns_records', '{"type":"CAA","name":"acme.com","data":{"flags":0,"tag":"issue","value":"letsencrypt.org"}}'),
    ]);
  });

  it('a production certificate revoked is held; staging certificates and dry runs are not', () => {
    each('certificate-revoked', 'stopped', [
      'certbot revoke --cert-path /etc/letsencrypt/live/acme.com/cert.pem --reason keycompromise',
      'certbot revoke --cert-name acme.com --delete-after-revoke',
      'acme.sh --revoke -d acme.com',
    ]);
    quiet('certificate-revoked', [
      'certbot revoke --cert-path /etc/letsencrypt/live/staging.acme.com/cert.pem --staging',
      'certbot renew --dry-run',
      'certbot certificates',
      'certbot certonly --staging -d staging.acme.com --webroot -w /var/www',
      'acme.sh --issue -d staging.acme.com --dns dns_cf --staging',
    ]);
  });
});
