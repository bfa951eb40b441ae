import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, inProject, ruleAssertions } from './rule-assertions.ts';

/**
 * The act: identity and access widened in SaaS and code hosts: standing
 * credentials minted (tokens, API keys, client secrets, runner registration),
 * MFA, SSO or password rules switched off, private repositories made public,
 * outside collaborators and write deploy keys added; CLI, HTTP and MCP forms.
 * Everyday look-alikes: listing one's own tokens and factors, read-only
 * tokens and deploy keys, reviewers added, visibility made internal.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);
const { denied, allowed, stopped } = ruleAssertions(engine);
const mcp = (server: string, tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server, tool, arguments: args } as ToolCall);
const http = (method: string, url: string, body?: string): ToolCall => ({ type: 'HttpRequest', method, url, headers: { Authorization: 'SSWS x' }, ...(body ? { body } : {}) } as ToolCall);

describe('standing credentials minted', () => {
  it('through a SaaS or code host API from the shell is held', () => {
    each('saas-credential-minted', 'stopped', [
      `curl -X POST -H "PRIVATE-TOKEN: $GL_ADMIN" "https://gitlab.acme.com/api/v4/users/12/personal_access_tokens" -d "name=ci&scopes[]=api&scopes[]=sudo"`,
      `curl -X POST https://acme.okta.com/api/v1/apps/0oa1/credentials/secrets -H "Authorization: SSWS $OKTA_TOKEN"`,
      `curl -X POST https://acme.okta.com/api/v1/users/me/factors -H "Authorization: SSWS $OKTA"`,
      `curl -X POST https://acme.auth0.com/api/v2/clients/abc/rotate-secret -H "Authorization: Bearer $AUTH0_MGMT"`,
      `curl -X POST https://api.cloudflare.com/client/v4/user/tokens -H "Authorization: Bearer $CF" -d '{"name":"all"}'`,
      'gh api -X POST /orgs/acme/actions/runners/registration-token',
      'heroku authorizations:create --description ci --scope global',
      'npm token create',
      `curl -X POST https://slack.com/api/admin.users.invite -H "Authorization: Bearer $SLACK_ADMIN" -d "email=ext@gmail.com&channel_ids=C1"`,
    ]);
    quiet('saas-credential-minted', [
      'npm token create --read-only',
      'npm token list',
      `curl -H "PRIVATE-TOKEN: $GL" https://gitlab.acme.com/api/v4/personal_access_tokens`,
      `curl -s https://acme.okta.com/api/v1/users/me/factors -H "Authorization: SSWS $OKTA"`,
      'gh api /orgs/acme/actions/runners',
    ]);
  });

  it('through HTTP requests and MCP tools is held', () => {
    each('saas-credential-minted-api', 'stopped', [
      http('POST', 'https://gitlab.acme.com/api/v4/projects/42/access_tokens', '{"name":"bot","scopes":["api"],"access_level":50}'),
      http('POST', 'https://acme.okta.com/api/v1/apps/0oa1/credentials/secrets', '{}'),
    ]);
    each('mcp-credential-minted', 'stopped', [
      mcp('gitlab', 'create_personal_access_token', { user_id: 12, name: 'ci', scopes: ['api'] }),
      mcp('okta', 'create_api_token', { name: 'automation' }),
      mcp('github', 'create_registration_token', { org: 'acme' }),
      mcp('gcp', 'create_service_account_key', { service_account: 'owner@acme-prod.iam.gserviceaccount.com' }),
      mcp('auth0', 'rotate_client_secret', { client_id: 'abc' }),
    ]);
    quiet('mcp-credential-minted', [mcp('github', 'list_tokens', {}), mcp('tokens', 'count_tokens', { text: 'hello' }), mcp('vault', 'read_secret', { path: 'kv/dev/app' })]);
  });

  it('cloud keys created by the cloud CLIs stay held', () => {
    for (const c of [
      'gcloud iam service-accounts keys create key.json --iam-account=deployer@acme-prod.iam.gserviceaccount.com',
      'aws iam create-access-key --user-name ci-deployer',
      'az ad sp credential reset --id 8f1e2c3d-0000-4b8a-9f00-123456789abc --years 2',
      'gh auth token > /tmp/gh.txt',
    ]) stopped(inProject(c));
  });
});

describe('MFA, SSO and password rules switched off', () => {
  it('is denied', () => {
    each('identity-mfa-sso-off', 'deny', [
      'gh api -X PATCH orgs/acme -F two_factor_requirement_enabled=false',
      `curl -X DELETE https://acme.okta.com/api/v1/users/00u1/factors/mfa1 -H "Authorization: SSWS $OKTA"`,
      `curl -X POST https://acme.okta.com/api/v1/users/00u1/lifecycle/reset_factors -H "Authorization: SSWS $OKTA"`,
      'aws iam deactivate-mfa-device --user-name admin --serial-number arn:aws:iam::123:mfa/admin',
    ]);
    each('identity-mfa-off-api', 'deny', [http('DELETE', 'https://acme.okta.com/api/v1/users/00u1/factors/mfa1')]);
    each('org-two-factor-requirement-off-api', 'deny', [http('PATCH', 'https://api.github.com/orgs/acme', '{"two_factor_requirement_enabled": false}')]);
    quiet('org-two-factor-requirement-off-api', [http('PATCH', 'https://api.github.com/orgs/acme', '{"two_factor_requirement_enabled": true}')]);
    each('identity-mfa-sso-off', 'deny', [mcp('github', 'update_org', { org: 'acme', two_factor_requirement_enabled: false })]);
    each('password-policy-weakened', 'stopped', ['aws iam update-account-password-policy --minimum-password-length 6 --no-require-symbols --no-require-numbers']);
    quiet('identity-mfa-sso-off', ['gh api orgs/acme --jq .two_factor_requirement_enabled', 'aws iam list-mfa-devices --user-name jdoe']);
  });
});

describe('repositories opened and outsiders let in', () => {
  it('a repository made public is denied on GitLab too', () => {
    each('repo-made-public', 'deny', [
      'glab repo edit acme/infra --visibility public',
      'glab api -X PUT projects/4242 -f visibility=public',
      `curl -X PUT -H "PRIVATE-TOKEN: $GL" "https://gitlab.com/api/v4/projects/4242" --data "visibility=public"`,
      'gh repo edit acme/platform --visibility public --accept-visibility-change-consequences',
    ]);
    quiet('repo-made-public', ['glab repo edit acme/infra --visibility internal', 'glab repo edit acme/infra --description infra']);
    denied(mcp('github', 'update_repository', { owner: 'acme', repo: 'infra', private: false }));
  });

  it('outside collaborators and write deploy keys are held; a read-only deploy key is not', () => {
    each('code-host-access-grant-cli', 'stopped', [
      'gh api -X PUT orgs/acme/outside_collaborators/jsmith-dev -f permission=push',
      'gh repo deploy-key add ~/.ssh/ci.pub --allow-write --title ci --repo acme/platform',
      'gh repo deploy-key add ~/.ssh/ci.pub -w --title ci',
    ]);
    quiet('code-host-access-grant-cli', ['gh repo deploy-key add ~/.ssh/ci.pub --title ci --repo acme/platform', 'gh api repos/acme/platform/collaborators']);
    allowed(mcp('github', 'request_reviewers', { owner: 'acme', repo: 'infra', pull_number: 4, reviewers: ['teammate'] }));
  });
});
