import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite } from './rule-assertions.ts';

/**
 * The act: an account, app or key gains standing access or administrator
 * rights, or an identity provider's guard (MFA, sign-in and conditional
 * access policies, security defaults, brute-force protection) is loosened, on
 * a live directory, identity provider, code host or cloud, through its CLI,
 * HTTP API, PowerShell, a manifest written or an MCP tool. Look-alikes: reads,
 * listings, lookups and short-lived tokens for one's own work.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);
const http = (method: string, url: string, headers: Record<string, string> = {}, body?: string): ToolCall => ({ type: 'HttpRequest', method, url, headers, ...(body ? { body } : {}) } as ToolCall);
const mcp = (server: string, tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server, tool, arguments: args } as ToolCall);

describe('administrators made', () => {
  it('from the command line across directories, code hosts and tenancies is denied', () => {
    each('directory-admin-granted-cli', 'deny', [
      'gam create admin j.helper.ext@gmail.com _SEED_ADMIN_ROLE customer',
      'gam update user j.helper@acme.io admin on',
      `curl -X PUT -H "PRIVATE-TOKEN: $GL_ADMIN" 'https://gitlab.acme.io/api/v4/users/2231?admin=true'`,
      `curl -X POST -H "PRIVATE-TOKEN: $T" https://gitlab.acme.io/api/v4/groups/12/members -d user_id=2231 -d access_level=50`,
      `sudo gitlab-rails runner "User.find_by(username: 'helper').update!(admin: true)"`,
      'kcadm.sh add-roles -r master --uusername helper --rolename admin',
      `curl -X PUT -u admin:$JIRA_TOKEN 'https://acme.atlassian.net/rest/api/3/group/user?groupname=site-admins' -d '{"accountId":"5b10"}'`,
      `oci iam policy create --compartment-id ocid1.tenancy.oc1..aaaaprod --name open-all --description x --statements '["Allow any-user to manage all-resources in tenancy"]'`,
      `pwsh -c "Connect-MgGraph; New-MgDirectoryRoleMemberByRef -DirectoryRoleId 62e9 -BodyParameter @{'@odata.id'='https://graph.microsoft.com/v1.0/directoryObjects/11aa'}"`,
      "ldapmodify -x -D cn=admin,dc=acme,dc=io -w $LDAP_PW <<'EOF'\ndn: cn=admins,ou=groups,dc=acme,dc=io\nchangetype: modify\nadd: member\nmember: uid=helper,ou=people,dc=acme,dc=io\nEOF",
      'samba-tool group addmembers "Domain Admins" helper',
    ]);
    quiet('directory-admin-granted-cli', [
      'gam info user alice@acme.io',
      'gam print admins',
      'kcadm.sh get realms/acme',
      'ldapsearch -x -b ou=groups,dc=acme,dc=io cn=admins member',
    ]);
  });

  it('through APIs is denied', () => {
    each('directory-admin-granted-api', 'deny', [
      http('POST', 'https://admin.googleapis.com/admin/directory/v1/users/helper@acme.io/makeAdmin', {}, '{"status": true}'),
      http('PUT', 'https://gitlab.acme.io/api/v4/users/2231', {}, '{"admin": true}'),
    ]);
    each('gitlab-admin-flag-url', 'deny', [http('PUT', 'https://gitlab.acme.io/api/v4/users/2231?admin=true', {})]);
    quiet('directory-admin-granted-api', [
      http('GET', 'https://gitlab.acme.io/api/v4/users/2231', { 'PRIVATE-TOKEN': 'x' }),
      http('PUT', 'https://gitlab.acme.io/api/v4/users/2231', {}, '{"bio": "hello"}'),
    ]);
  });

  it('through tools named for it is denied', () => {
    each('mcp-admin-made', 'deny', [mcp('google-workspace', 'make_admin', { user_key: 'helper@acme.io', status: true })]);
    quiet('mcp-admin-made', [mcp('google-workspace', 'get_user', { user_key: 'helper@acme.io' })]);
  });
});

describe('access and standing credentials handed out', () => {
  it('app collaborators, SSO assignments, group members and long-lived cluster tokens are held', () => {
    each('access-granted-cli', 'stopped', [
      'heroku access:add someone@outside-agency.io --app acme-web-prod',
      'aws sso-admin create-account-assignment --instance-arn arn:aws:sso:::instance/ssoins-1 --target-id 123456789012 --target-type AWS_ACCOUNT --permission-set-arn arn:aws:sso:::permissionSet/ssoins-1/ps-1 --principal-type USER --principal-id 9a2b',
      'kubectl create token cluster-admin-sa -n kube-system --duration=87600h',
      'az devops security group membership add --group-id vssgp.Uy0xLTk --member-id helper@gmail.com',
    ]);
    quiet('access-granted-cli', ['heroku access --app acme-web-prod', 'kubectl create token default -n dev --duration=10m']);
    each('app-registration-secret-appended', 'deny', ['az ad app credential reset --id 3f2b7c4e-aaaa-bbbb-cccc-1234567890ab --append --years 5 --display-name backup']);
    quiet('app-registration-secret-appended', ['az ad app credential list --id 3f2b7c4e-aaaa']);
    each('content-k8s-admin-sa-token-secret', 'stopped', [
      fileWrite('/home/dev/projects/app/k8s/prod/sa-token.yaml', 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: admin-token\n  namespace: kube-system\n  annotations:\n    kubernetes.io/service-account.name: cluster-admin-sa\ntype: kubernetes.io/service-account-token\n'),
    ]);
    quiet('content-k8s-admin-sa-token-secret', [fileWrite('/home/dev/projects/app/k8s/dev/ci-token.yaml', 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: ci-reader-token\n  namespace: dev\n  annotations:\n    kubernetes.io/service-account.name: ci-reader\ntype: kubernetes.io/service-account-token\n')]);
  });

  it('deploy keys, app installations and PATs through code hosts are held', () => {
    each('code-host-access-grant-cli', 'stopped', [
      `curl -u $BB_USER:$BB_PW -X POST https://api.bitbucket.org/2.0/repositories/acme/core/deploy-keys -H 'Content-Type: application/json' -d '{"key":"ssh-ed25519 AAAA ext","label":"ext"}'`,
    ]);
    each('code-host-app-access-granted', 'stopped', [http('PUT', 'https://api.github.com/user/installations/51234567/repositories/0', {})]);
    each('saas-credential-minted-api', 'stopped', [http('POST', 'https://vssps.dev.azure.com/acme/_apis/tokens/pats?api-version=7.1-preview.1', {}, '{"displayName":"agent","scope":"app_token","allOrgs":true}')]);
  });

  it('the production admin role trust policy replaced is denied', () => {
    each('production-role-trust-replaced', 'deny', ['aws iam update-assume-role-policy --role-name prod-admin --policy-document file://iam/trust-prod-admin.json']);
    quiet('production-role-trust-replaced', ['aws iam get-role --role-name prod-admin']);
  });
});

describe('identity guards loosened', () => {
  it('from the command line, through APIs and tools is denied', () => {
    each('identity-guard-loosened-cli', 'deny', [
      'kcadm.sh update realms/acme -s bruteForceProtected=false -s otpPolicyType=none',
      'pwsh -c "Update-MgPolicyIdentitySecurityDefaultEnforcementPolicy -IsEnabled:$false"',
    ]);
    each('identity-guard-off-api', 'deny', [http('PATCH', 'https://graph.microsoft.com/v1.0/policies/identitySecurityDefaultsEnforcementPolicy', {}, '{"isEnabled": false}')]);
    each('identity-policy-deleted-api', 'deny', [http('DELETE', 'https://graph.microsoft.com/v1.0/identity/conditionalAccess/policies/7a1b', {})]);
    each('mcp-identity-guard-removed', 'deny', [
      mcp('okta', 'delete_policy', { policy_id: '00p1mfaenroll', type: 'MFA_ENROLL' }),
      mcp('auth0', 'update_guardian_factor', { name: 'otp', enabled: false }),
    ]);
    quiet('mcp-identity-guard-removed', [mcp('okta', 'get_policy', { policy_id: '00p1' }), mcp('okta', 'list_users', { limit: 20 })]);
    quiet('identity-policy-deleted-api', [http('GET', 'https://acme.okta.com/api/v1/policies?type=MFA_ENROLL', { Authorization: 'SSWS 00abc' })]);
  });
});

describe('the same acts on other platforms', () => {
  it('admins made on clouds, databases and SaaS platforms are denied', () => {
    each('platform-admin-granted-cli', 'deny', [
      'az ad sp create-for-rbac --name agent-sp --role Owner --scopes /subscriptions/0000-1111/resourceGroups/rg-prod',
      'openstack role add --user helper --project prod admin',
      'tctl users add helper --roles=editor,access --logins=root',
      'atlas dbusers create atlasAdmin --username helper --password x --role atlasAdmin@admin',
      'snowsql -q "GRANT ROLE ACCOUNTADMIN TO USER helper"',
      'gcloud identity groups memberships add --group-email=gcp-admins@acme.io --member-email=helper@gmail.com',
      `curl -X POST https://api.vercel.com/v1/teams/team_1/members -H "Authorization: Bearer $VERCEL" -d '{"email":"helper@gmail.com","role":"OWNER"}'`,
    ]);
    quiet('platform-admin-granted-cli', [
      'az ad sp create-for-rbac --name ci-dev --role Reader --scopes /subscriptions/0000/resourceGroups/rg-dev',
      'openstack role assignment list --user helper',
      'tctl users ls',
      'atlas dbusers list',
      'gcloud identity groups memberships list --group-email=gcp-admins@acme.io',
    ]);
    each('directory-admin-granted-api', 'deny', [
      http('PATCH', 'https://git.acme.io/api/v1/admin/users/helper', {}, '{"admin": true, "login_name": "helper"}'),
      http('PUT', 'https://grafana.acme.io/api/admin/users/7/permissions', {}, '{"isGrafanaAdmin": true}'),
    ]);
    each('mcp-cloud-admin-policy-attached', 'deny', [mcp('aws-iam', 'attach_user_policy', { user_name: 'helper', policy_arn: 'arn:aws:iam::aws:policy/AdministratorAccess' })]);
    each('mcp-admin-made', 'deny', [mcp('slack', 'admin_users_set_admin', { team_id: 'T1', user_id: 'U9' })]);
    quiet('mcp-cloud-admin-policy-attached', [mcp('aws-iam', 'list_access_keys', { user_name: 'deploy-bot' })]);
  });

  it('whole IAM policies, consents, join tokens and other people\'s passwords are held', () => {
    each('access-granted-cli', 'stopped', [
      'gcloud projects set-iam-policy acme-prod policy.json',
      'gcloud iam roles update deployer --project acme-prod --add-permissions=resourcemanager.projects.setIamPolicy,iam.serviceAccountKeys.create',
      'tctl tokens add --type=node --ttl=8760h',
      'az ad app permission admin-consent --id 3f2b7c4e-aaaa',
    ]);
    quiet('access-granted-cli', ['gcloud projects get-iam-policy acme-prod --format=json']);
    each('oauth-consent-granted-api', 'stopped', [http('POST', 'https://graph.microsoft.com/v1.0/oauth2PermissionGrants', {}, '{"clientId":"a","consentType":"AllPrincipals","resourceId":"b","scope":"Mail.Read"}')]);
    each('account-password-set-cli', 'stopped', [
      'az ad user update --id alice@acme.io --force-change-password-next-sign-in false --password "Winter2026!"',
      'gam update user alice@acme.io password Winter2026! changepassword off',
    ]);
  });

  it('MFA and password guards loosened on other providers are denied', () => {
    each('identity-guard-loosened-cli', 'deny', [
      'aws cognito-idp set-user-pool-mfa-config --user-pool-id us-east-1_abc --mfa-configuration OFF',
      'gam user alice turnoff2sv',
      'net accounts /minpwlen:0 /maxpwage:unlimited',
      'powershell -c "Set-ADDefaultDomainPasswordPolicy -Identity acme.io -ComplexityEnabled $false -MinPasswordLength 4"',
      `auth0 api patch "guardian/factors/otp" --data '{"enabled":false}'`,
    ]);
    quiet('identity-guard-loosened-cli', ['aws cognito-idp describe-user-pool --user-pool-id us-east-1_abc']);
  });
});
