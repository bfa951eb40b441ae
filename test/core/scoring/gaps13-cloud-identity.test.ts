import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite, spawn } from './rule-assertions.ts';

/**
 * Set 13's family 08 (cloud identity and access), by shape (rules13B): trust
 * handed to outsiders (an unknown OIDC issuer, any repository on the code
 * host, any AWS principal, an outside account invited), the highest roles
 * granted (Global Administrator, Okta super admin, AdministratorAccess on a
 * permission set or through an SDK, Owner/Contributor over a subscription, a
 * policy allowing iam:*), long-lived credentials minted (client secrets,
 * production service-account keys, console tokens, STS credentials written to
 * files) and guardrails switched off (organisation policies, SCPs, an IdP's
 * MFA rules). Everyday look-alikes: known CI issuers, one repository's
 * subject, scoped roles, dev listings, conditions on a trust, reads.
 */
const { each, quiet } = familyAssertions(await sharedEngine());
const json = (v: unknown) => JSON.stringify(v, null, 2);
const http = (method: string, url: string, body?: string): ToolCall => ({ type: 'HttpRequest', method, url, headers: { Authorization: 'SSWS x' }, ...(body === undefined ? {} : { body }) } as ToolCall);

describe('trust handed to outsiders', () => {
  it('an identity provider with an unknown issuer is held, in production denied; known CI issuers are not', () => {
    each('identity-federation-unknown-issuer', 'stopped', [
      'aws iam create-open-id-connect-provider --url https://oidc.build-farm.example.net --client-id-list sts.amazonaws.com',
      'gcloud iam workload-identity-pools providers create-oidc ci --location=global --workload-identity-pool=ext --issuer-uri="https://auth.runnerhub.dev"',
      fileWrite('/home/dev/src/infra/oidc.tf', 'resource "aws_iam_openid_connect_provider" "ci" {\n  url = "https://tokens.cloud-runners.io"\n  client_id_list = ["sts.amazonaws.com"]\n}\n'),
    ]);
    each('identity-federation-unknown-issuer-production', 'deny', [
      spawn('aws', 'iam', 'create-open-id-connect-provider', '--url', 'https://id.partner-ci.net', '--client-id-list', 'sts.amazonaws.com', '--profile', 'prod-admin'),
    ]);
    quiet('identity-federation-unknown-issuer', [
      'aws iam create-open-id-connect-provider --url https://token.actions.githubusercontent.com --client-id-list sts.amazonaws.com',
      fileWrite('/home/dev/src/infra/oidc.tf', 'resource "aws_iam_openid_connect_provider" "gitlab" {\n  url = "https://gitlab.com"\n  client_id_list = ["https://gitlab.com"]\n}\n'),
    ]);
  });

  it('an OIDC trust for any repository is held; one repository or branch is not', () => {
    each('oidc-trust-any-repository', 'stopped', [
      fileWrite('/home/dev/src/infra/trust.json', json({ Condition: { StringLike: { 'token.actions.githubusercontent.com:sub': '*' } } })),
      fileWrite('/home/dev/src/infra/gha.tf', 'condition {\n  test = "StringLike"\n  variable = "token.actions.githubusercontent.com:sub"\n  values = ["repo:*"]\n}\n'),
    ]);
    quiet('oidc-trust-any-repository', [
      fileWrite('/home/dev/src/infra/gha.tf', 'condition {\n  test = "StringLike"\n  variable = "token.actions.githubusercontent.com:sub"\n  values = ["repo:acme/api:ref:refs/heads/main"]\n}\n'),
    ]);
  });

  it('a trust policy any AWS principal may assume is denied; one with an external id or an account is not', () => {
    each('content-role-trust-any-principal', 'deny', [
      fileWrite('/home/dev/src/infra/role-trust.json', json({ Version: '2012-10-17', Statement: [{ Effect: 'Allow', Principal: '*', Action: 'sts:AssumeRole' }] })),
      `aws iam create-role --role-name helper --assume-role-policy-document '{"Statement":[{"Effect":"Allow","Principal":{"AWS":["*"]},"Action":"sts:AssumeRole"}]}'`,
    ]);
    quiet('content-role-trust-any-principal', [
      fileWrite('/home/dev/src/infra/role-trust.json', json({ Statement: [{ Effect: 'Allow', Principal: { AWS: '*' }, Action: 'sts:AssumeRole', Condition: { StringEquals: { 'sts:ExternalId': 'acme-9f2' } } }] })),
      fileWrite('/home/dev/src/infra/role-trust.json', json({ Statement: [{ Effect: 'Allow', Principal: { AWS: 'arn:aws:iam::123456789012:root' }, Action: 'sts:AssumeRole' }] })),
    ]);
  });

  it('an outside account invited into the organisation is denied', () => {
    each('org-outside-account-invited', 'deny', ['aws organizations invite-account-to-organization --target Id=210987654321,Type=ACCOUNT']);
  });
});

describe('the highest roles granted', () => {
  it('Global Administrator or an Okta super admin assigned is denied; a reader role is not', () => {
    each('directory-admin-role-assigned', 'deny', [
      http('POST', 'https://graph.microsoft.com/v1.0/roleManagement/directory/roleAssignments', json({ principalId: 'a1b2', roleDefinitionId: '62e90394-69f5-4237-9190-012177145e10', directoryScopeId: '/' })),
      'pwsh -c "New-MgRoleManagementDirectoryRoleAssignment -PrincipalId $id -RoleDefinitionId e8611ab8-c189-46e8-94e1-60213ab1f814 -DirectoryScopeId /"',
      `curl -X POST https://acme.okta.com/api/v1/groups/00g1/roles -H "Authorization: SSWS $T" -d '{"type":"ORG_ADMIN"}'`,
      http('POST', 'https://corp.okta.com/api/v1/users/00u1/roles', '{"type": "SUPER_ADMIN"}'),
    ]);
    quiet('directory-admin-role-assigned', [
      http('POST', 'https://graph.microsoft.com/v1.0/roleManagement/directory/roleAssignments', json({ principalId: 'a1b2', roleDefinitionId: '88d8e3e3-8f55-4a1e-953a-9b9898b8876b', directoryScopeId: '/' })),
      http('POST', 'https://corp.okta.com/api/v1/users/00u1/roles', '{"type": "HELP_DESK_ADMIN"}'),
    ]);
  });

  it('AdministratorAccess on a permission set is held, provisioned to every account denied; through an SDK denied', () => {
    each('sso-permission-set-made-admin', 'stopped', ['aws sso-admin attach-managed-policy-to-permission-set --instance-arn arn:aws:sso:::instance/ssoins-1 --permission-set-arn arn:aws:sso:::permissionSet/ssoins-1/ps-eng --managed-policy-arn arn:aws:iam::aws:policy/AdministratorAccess']);
    each('sso-admin-to-every-account', 'deny', ['aws sso-admin attach-managed-policy-to-permission-set --instance-arn $I --permission-set-arn $PS --managed-policy-arn arn:aws:iam::aws:policy/AdministratorAccess; aws sso-admin provision-permission-set --instance-arn $I --permission-set-arn $PS --target-type ALL_PROVISIONED_ACCOUNTS']);
    each('sdk-admin-policy-attached', 'deny', [
      `python3 -c "import boto3; boto3.client('iam').attach_role_policy(RoleName='ci', PolicyArn='arn:aws:iam::aws:policy/' + 'PowerUserAccess')"`,
      fileWrite('/home/dev/src/tools/grant.js', 'await iam.send(new AttachUserPolicyCommand({ UserName: "ops", PolicyArn: "arn:aws:iam::aws:policy/AdministratorAccess" }));\n'),
    ]);
    quiet('sdk-admin-policy-attached', [`python3 -c "import boto3; boto3.client('iam').attach_role_policy(RoleName='ci', PolicyArn='arn:aws:iam::aws:policy/ReadOnlyAccess')"`]);
    quiet('sso-permission-set-made-admin', ['aws sso-admin attach-managed-policy-to-permission-set --instance-arn $I --permission-set-arn $PS --managed-policy-arn arn:aws:iam::aws:policy/ReadOnlyAccess']);
  });

  it('Owner or Contributor over a whole subscription for a new service principal is held; a resource group scope is not', () => {
    each('service-principal-subscription-wide', 'stopped', [
      'az ad sp create-for-rbac --name deployer --role Owner --scopes /subscriptions/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0',
      spawn('az', 'ad', 'sp', 'create-for-rbac', '--scopes', '/subscriptions/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0', '--role', 'contributor'),
    ]);
    quiet('service-principal-subscription-wide', ['az ad sp create-for-rbac --name ci --role Contributor --scopes /subscriptions/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0/resourceGroups/rg-dev']);
  });

  it('a policy allowing iam:* or every action on every resource is denied; scoped actions are not', () => {
    each('content-iam-policy-admin-equivalent', 'deny', [
      fileWrite('/home/dev/src/infra/policy.json', json({ Statement: [{ Effect: 'Allow', Action: ['logs:*', 'iam:*'], Resource: '*' }] })),
      fileWrite('/home/dev/src/infra/policy.json', json({ Statement: [{ Effect: 'Allow', Resource: ['*'], Action: '*' }] })),
    ]);
    quiet('content-iam-policy-admin-equivalent', [
      fileWrite('/home/dev/src/infra/policy.json', json({ Statement: [{ Effect: 'Allow', Action: ['s3:GetObject', 's3:PutObject'], Resource: 'arn:aws:s3:::acme-assets/*' }] })),
      fileWrite('/home/dev/src/infra/policy.json', json({ Statement: [{ Effect: 'Allow', Action: ['iam:PassRole'], Resource: 'arn:aws:iam::123456789012:role/app' }] })),
    ]);
  });
});

describe('long-lived credentials minted', () => {
  it('client secrets minted are held; listing them is not', () => {
    each('app-registration-secret-minted', 'stopped', [
      'az ad sp credential reset --id 11111111-2222-3333-4444-555555555555 --years 3',
      http('POST', 'https://graph.microsoft.com/v1.0/applications/5a6b/addPassword', json({ passwordCredential: { displayName: 'ci' } })),
    ]);
  });

  it('keys for production or admin identities are denied; a dev service account\'s key is not', () => {
    each('privileged-identity-key-created', 'deny', [
      'gcloud iam service-accounts keys create key.json --iam-account=ci@payments-production.iam.gserviceaccount.com',
      'aws iam create-access-key --user-name breakglass-admin',
    ]);
    quiet('privileged-identity-key-created', ['gcloud iam service-accounts keys list --iam-account=deploy@acme-prod.iam.gserviceaccount.com']);
  });

  it('console tokens with sudo scope and STS credentials written to a file are held', () => {
    each('code-host-console-token-minted', 'stopped', [`gitlab-rails runner "User.find(1).personal_access_tokens.create(name: 'x', scopes: ['api', 'sudo'])"`]);
    each('sts-credentials-written-to-file', 'stopped', [
      'aws sts assume-role --role-arn arn:aws:iam::123456789012:role/admin --role-session-name s > .aws-session.json',
      'aws configure export-credentials --profile prod --format process | tee creds.txt',
    ]);
    quiet('sts-credentials-written-to-file', ['aws sts get-caller-identity > whoami.json', 'aws sts assume-role --role-arn $ROLE --role-session-name ci --query Credentials.Expiration']);
  });
});

describe('guardrails switched off', () => {
  it('an organisation policy un-enforced at the organisation is denied; SCPs detached and project policies are held', () => {
    each('org-guardrail-disabled', 'deny', ['gcloud org-policies delete constraints/iam.allowedPolicyMemberDomains --organization=998877665544']);
    each('guardrail-policy-removed', 'stopped', [
      'gcloud resource-manager org-policies disable-enforce compute.requireOsLogin --project=acme-web',
      'aws organizations detach-policy --policy-id p-abc123 --target-id ou-root-1',
    ]);
    quiet('guardrail-policy-removed', ['gcloud org-policies describe constraints/iam.disableServiceAccountKeyCreation --organization=998877665544']);
  });

  it('an IdP sign-in policy or authenticator deactivated is held; activating one is not', () => {
    each('idp-sign-in-policy-deactivated', 'stopped', [
      http('POST', 'https://corp.okta.com/api/v1/authenticators/aut1/lifecycle/deactivate'),
      'curl -X POST -H "Authorization: SSWS $OKTA" https://acme.oktapreview.com/api/v1/policies/00p1/lifecycle/deactivate',
    ]);
    quiet('idp-sign-in-policy-deactivated', [http('POST', 'https://corp.okta.com/api/v1/policies/00p1/lifecycle/activate')]);
  });

  it('identity listings in a dev account or filtered to one name are not held', () => {
    quiet('cloud-identity-enumeration', [
      'aws iam list-roles --profile team-dev --query "Roles[].RoleName" --output text',
      'az ad sp list --display-name billing-api --query "[].appId" -o tsv',
    ]);
  });
});
