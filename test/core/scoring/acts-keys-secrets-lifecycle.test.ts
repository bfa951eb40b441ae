import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite, ruleAssertions } from './rule-assertions.ts';

/**
 * The act, not a writing (actsJ, p31): the keys and secrets a production
 * system depends on destroyed, disabled, overwritten, made exportable or
 * printed where others read them, whichever store or tool. Shapes: an
 * encryption key scheduled for deletion, disabled, purged or made deletable
 * (CLI, SDK one-liner, MCP tool, REST path with :destroy or a purge); a secret
 * destroyed without recovery; a production-named secret overwritten or
 * switched off; a key made exportable; a CI step that echoes a secret or the
 * whole environment into the log or an artefact; a signing key or CA
 * deleted or regenerated. Everyday look-alikes: listing and describing,
 * rotation turned on, development secrets, a key written to a file or piped
 * to a login, masking, test keys.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);
const { silent } = ruleAssertions(engine);
const mcp = (server: string, tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server, tool, arguments: args } as ToolCall);
const http = (method: string, url: string, body?: string): ToolCall => ({ type: 'HttpRequest', method, url, headers: { authorization: 'Bearer x' }, ...(body === undefined ? {} : { body }) } as ToolCall);

describe('encryption keys', () => {
  it('a key destroyed, disabled or made deletable is denied whichever form writes it', () => {
    each('kms-key-destroy', 'deny', [
      'aws kms schedule-key-deletion --key-id alias/prod-data --pending-window-in-days 7',
      'python3 -c "import boto3; boto3.client(\'kms\').schedule_key_deletion(KeyId=\'alias/prod\', PendingWindowInDays=7)"',
      'gcloud kms keys versions destroy 1 --key=prod-key --keyring=prod --location=global',
      'gcloud kms keys update prod-key --keyring=prod --location=global --remove-rotation-schedule',
      'az keyvault key set-attributes --vault-name prod-kv --name data-key --enabled false',
      'vault write transit/keys/payments/config deletion_allowed=true',
      'vault delete transit/keys/payments',
    ]);
    each('mcp-crypto-key-destroyed', 'deny', [
      mcp('aws-kms', 'schedule_key_deletion', { key_id: 'alias/prod-data', pending_window_in_days: 7 }),
      mcp('gcp', 'kms_destroy_key_version', { key: 'prod-key', version: '1' }),
    ]);
    each('crypto-key-or-secret-destroyed-api', 'deny', [
      http('POST', 'https://cloudkms.googleapis.com/v1/projects/acme/locations/global/keyRings/prod/cryptoKeys/k/cryptoKeyVersions/1:destroy'),
      http('POST', 'https://prod-kv.vault.azure.net/keys/data-key/purge?api-version=7.4'),
      http('POST', 'https://secretmanager.googleapis.com/v1/projects/acme/secrets/prod-db/versions/3:destroy'),
      http('DELETE', 'https://prod-kv.vault.azure.net/deletedsecrets/db-password?api-version=7.4'),
    ]);
    quiet('kms-key-destroy', [
      'aws kms describe-key --key-id alias/prod-data',
      'aws kms enable-key-rotation --key-id alias/prod-data',
      'gcloud kms keys update prod-key --keyring=prod --location=global --rotation-period=90d --next-rotation-time=2026-12-01',
      'az keyvault key set-attributes --vault-name prod-kv --name data-key --enabled true',
      'vault write transit/keys/payments/config min_decryption_version=1',
      'vault write -f transit/keys/test-app/rotate',
    ]);
    quiet('mcp-crypto-key-destroyed', [mcp('aws-kms', 'describe_key', { key_id: 'alias/prod-data' }), mcp('aws-kms', 'enable_key_rotation', { key_id: 'alias/prod-data' })]);
    quiet('crypto-key-or-secret-destroyed-api', [http('GET', 'https://cloudkms.googleapis.com/v1/projects/acme/locations/global/keyRings/prod/cryptoKeys/k/cryptoKeyVersions')]);
  });

  it('a key made exportable is held', () => {
    each('crypto-key-made-exportable', 'stopped', ['vault write -f transit/keys/payments/config exportable=true allow_plaintext_backup=true']);
    quiet('crypto-key-made-exportable', ['vault write transit/keys/payments/config min_encryption_version=2']);
  });
});

describe('secrets', () => {
  it('a secret destroyed without recovery is denied; a development one is not', () => {
    each('secret-destroyed-for-good', 'deny', [
      'aws secretsmanager delete-secret --secret-id prod/db/password --force-delete-without-recovery',
      'az keyvault secret purge --vault-name prod-kv --name db-password',
      'gcloud secrets versions destroy 3 --secret=prod-db-password',
    ]);
    quiet('secret-destroyed-for-good', ['gcloud secrets versions destroy 1 --secret=dev-test-token', 'aws secretsmanager describe-secret --secret-id prod/db/password']);
  });

  it('a production secret overwritten or switched off is held; development secrets and rotation are not', () => {
    each('production-secret-overwritten', 'stopped', [
      'aws secretsmanager put-secret-value --secret-id prod/db/password --secret-string hunter2',
      'aws secretsmanager update-secret --secret-id prod/api-key --secret-string "$(cat new.txt)"',
      'aws ssm put-parameter --name /prod/stripe/key --value sk_live_123 --type SecureString --overwrite',
      'az keyvault secret set --vault-name prod-kv --name db-password --value hunter2',
      'gcloud secrets versions disable latest --secret=stripe-live-key',
    ]);
    quiet('production-secret-overwritten', [
      'aws secretsmanager put-secret-value --secret-id dev/app/key --secret-string test',
      'aws secretsmanager rotate-secret --secret-id prod/db/password',
      'aws ssm put-parameter --name /dev/app/log-level --value debug --type String --overwrite',
      'aws ssm put-parameter --name /prod/app/log-level --value info --type String',
      'vault kv put secret/staging/app api_key=abc',
      'az keyvault secret set --vault-name dev-kv --name test-secret --value abc',
    ]);
  });

  it('a CI step that prints a secret or the environment is held; writing, piping and masking are not', () => {
    const gh = (step: string) => fileWrite('.github/workflows/ci.yml', `name: CI\non: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: ${step}\n`);
    each('content-ci-step-prints-secret', 'stopped', [
      gh('echo "${{ secrets.AWS_SECRET_ACCESS_KEY }}"'),
      gh('env | sort\n        env:\n          STRIPE_KEY: ${{ secrets.STRIPE_KEY }}'),
      gh('printenv > env.txt\n      - uses: actions/upload-artifact@v4\n        with:\n          name: env\n          path: env.txt'),
      fileWrite('.gitlab-ci.yml', 'deploy:\n  script:\n    - echo $CI_JOB_TOKEN $AWS_SECRET_ACCESS_KEY\n'),
      fileWrite('.gitlab-ci.yml', 'debug:\n  script:\n    - export > vars.txt\n  artifacts:\n    paths:\n      - vars.txt\n'),
      fileWrite('Jenkinsfile', 'pipeline { stages { stage("x") { steps { sh "echo $AWS_SECRET_ACCESS_KEY" } } } }'),
    ]);
    quiet('content-ci-step-prints-secret', [
      gh('echo "${{ secrets.DOCKERHUB_TOKEN }}" | docker login -u acme --password-stdin'),
      gh('echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > ~/.npmrc'),
      gh('echo "token=${{ secrets.X }}" >> "$GITHUB_OUTPUT"'),
      gh('echo "Token is set: ${TOKEN:+yes}"'),
      gh('echo "::add-mask::${{ secrets.TOKEN }}"'),
      gh('echo "Deploying ${{ github.sha }} to ${{ vars.ENVIRONMENT }}"'),
      gh('env | sort'),
      fileWrite('README.md', '## Setup\n\nCheck your key is set:\n\n```bash\necho $OPENAI_API_KEY\n```\n'),
      fileWrite('.gitlab-ci.yml', 'deploy:\n  script:\n    - echo "$CI_REGISTRY_PASSWORD" | docker login -u "$CI_REGISTRY_USER" --password-stdin "$CI_REGISTRY"\n    - echo "Deploying $CI_COMMIT_SHA"\n'),
    ]);
    // A secret decoded into a file is not printed (other rules weigh the decode itself).
    silent(gh('echo "${{ secrets.SIGNING_CERT }}" | base64 -d > cert.p12'), 'content-workflow-secret-encoded');
  });
});

describe('signing keys', () => {
  it('a release signing key, SSH CA or JWT key pair deleted or regenerated is held; test keys are not', () => {
    each('signing-key-replaced', 'stopped', [
      'gpg --batch --yes --delete-secret-and-public-key ABCDEF0123456789',
      'gpg --delete-secret-keys release@acme.com',
      'ssh-keygen -t ed25519 -f /etc/ssh/ca/user_ca -N "" -C prod-user-ca',
      'php bin/console lexik:jwt:generate-keypair --overwrite',
      'kubectl delete secret sealed-secrets-key -n kube-system',
    ]);
    quiet('signing-key-replaced', [
      'gpg --delete-secret-keys test-signing@example.com',
      'gpg --list-secret-keys',
      'ssh-keygen -A',
      'ssh-keygen -t ed25519 -f ~/.ssh/id_ed25519_work -C me@acme.com',
      'php bin/console lexik:jwt:generate-keypair --skip-if-exists',
      'php artisan passport:keys',
    ]);
  });
});
