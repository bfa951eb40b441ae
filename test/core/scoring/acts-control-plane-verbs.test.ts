import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions } from './rule-assertions.ts';

/**
 * The generic act: a high-risk verb (delete, destroy, remove, terminate,
 * purge, revoke, disable, suspend) sent to a hosting, database, identity or
 * communications platform through its own CLI, outside a local emulator.
 * Everyday look-alikes: listings, local and dry runs, the same words in a
 * commit message or a note.
 */
const { each, quiet } = familyAssertions(await sharedEngine());
const spawn = (command: string, ...args: string[]): ToolCall => ({ type: 'ProcessSpawn', command, args } as ToolCall);

describe('platform CLIs told to destroy', () => {
  it('is held across the platforms tried', () => {
    each('platform-cli-destructive-verb', 'stopped', [
      'linode-cli linodes delete 123456',
      'hcloud server delete prod-api-1',
      'scw instance server delete 11111111-1111 with-volumes=all',
      'neonctl projects delete dry-sun-123456',
      'pscale database delete acme-prod --force',
      'atlas clusters delete Cluster0 --force',
      'auth0 users delete auth0|123',
      'okta apps delete 0oa1',
      'upstash redis delete --id 1234',
      'turso db destroy acme-prod --yes',
      'oci compute instance terminate --instance-id ocid1.instance.oc1..aaa --force',
      'ibmcloud resource service-instance-delete acme-db -f',
      'twilio api:core:incoming-phone-numbers:remove --sid PN123',
      'render services delete srv-123 --confirm',
      'railway down -y',
      'cd infra && sudo hcloud volume delete data-1',
      spawn('pscale', 'branch', 'delete', 'acme', 'main', '--force'),
    ]);
    quiet('platform-cli-destructive-verb', [
      'hcloud server list',
      'auth0 apps list',
      'turso db shell acme-dev "delete from sessions where id = 3"',
      'git commit -m "okta: remove unused apps config"',
      'echo "render delete later" > notes.txt',
      'vercel rm acme-web-git-feat-ocr-sam.vercel.app --yes',
    ]);
  });
});
