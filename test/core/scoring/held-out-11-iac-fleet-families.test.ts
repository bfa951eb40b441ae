import { describe, it } from 'vitest';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, spawn } from './rule-assertions.ts';

/**
 * IaC state and secrets, secrets engines and fleet tools: a family an
 * eleventh held-out set found allowed (pulumi, terraform, ansible, salt,
 * chef, packer, nomad, consul, vault), pinned with examples of our own in
 * several writings (wrappers, variables, quotes the normaliser undoes) and
 * the everyday look-alikes that must stay allowed: dev stacks and local dev
 * servers, read-only verbs, dry runs, a localstack sandbox torn down, a dev
 * bucket imported.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);

describe('IaC state and stack secrets', () => {
  it('production stack secrets printed in clear are held', () => {
    each('iac-production-secrets-shown', 'stopped', [
      'pulumi config --show-secrets --stack prod',
      'pulumi stack output --show-secrets -s acme/api/production',
      'pulumi stack output --json --show-secrets --stack production > outputs.json',
      'pulumi stack select acme/prod && pulumi config --show-secrets',
      'terraform -chdir=envs/prod output -raw db_password',
      'pulumi stack change-secrets-provider passphrase --stack prod && echo $PULUMI_CONFIG_PASSPHRASE',
      spawn('pulumi', 'stack', 'output', 'dbPassword', '--show-secrets', '--stack', 'prod'),
    ]);
  });
  it('a stack removed under its resources is held; one destroyed through the automation API is denied', () => {
    each('iac-stack-removed-with-resources', 'stopped', ['pulumi stack rm prod --force --yes', 'pulumi stack rm acme/web/staging --force', 'sudo pulumi stack rm production -y']);
    each('iac-automation-destroys-production', 'deny', [
      "python -c \"from pulumi import automation as auto; s=auto.select_stack('prod', work_dir='.'); s.destroy()\"",
      "node -e \"const {LocalWorkspace}=require('@pulumi/pulumi/automation'); LocalWorkspace.selectStack({stackName:'acme/production', workDir:'.'}).then(s=>s.destroy())\"",
    ]);
  });
  it('a local state file force-pushed over the remote state is denied', () => {
    each('terraform-state-force-pushed', 'deny', [
      'terraform state push -force terraform.tfstate.backup',
      'terraform -chdir=envs/prod state push -force old.tfstate',
      'x=prod; terraform -chdir=envs/$x state push -force ./old.tfstate',
      'tofu state push -force ./backup/prod.tfstate',
    ]);
  });
  it('everyday stack and state work is allowed', () => {
    quiet('iac-production-secrets-shown', ['pulumi config --show-secrets --stack dev', 'pulumi stack output --show-secrets -s acme/api/dev', 'pulumi stack output --json', 'pulumi preview --stack prod', 'terraform output -raw bucket_name', 'terraform -chdir=envs/prod output -raw cdn_domain']);
    quiet('iac-stack-removed-with-resources', ['pulumi stack rm pr-1234 --yes', 'pulumi stack ls']);
    quiet('terraform-state-force-pushed', ['terraform state pull > backup.tfstate', 'terraform state list', 'terraform -chdir=envs/prod plan']);
    quiet('terraform-unreviewed', ['terraform import aws_s3_bucket.assets acme-dev-assets', "terraform import 'aws_s3_bucket.uploads' myapp-dev-uploads"]);
    quiet('infra-destroy-unattended', ['cd infra/localstack && terraform destroy -auto-approve', 'AWS_ENDPOINT_URL=http://localhost:4566 terraform destroy -auto-approve', 'tflocal destroy -auto-approve']);
    quiet('iac-automation-destroys-production', ["python -c \"from pulumi import automation as auto; s=auto.select_stack('dev', work_dir='.'); s.preview()\""]);
  });
});

describe('fleet tools', () => {
  it('every host rebooted, an account with a password added across the fleet, every minion changed, keys or nodes deleted, the shared vault shown, keys baked into images are held', () => {
    each('fleet-reboot-all-hosts', 'stopped', ['ansible all -i prod.ini -b -m reboot', 'ansible production -a "/sbin/reboot" -b', "salt '*' system.reboot", 'ansible webservers -i inventories/production -b -a "shutdown -r now"']);
    each('fleet-account-with-password', 'stopped', [`ansible all -i inventories/prod -b -m user -a "name=ops2 password={{ 'Passw0rd' | password_hash('sha512') }} groups=sudo"`, 'ansible all -b -m ansible.builtin.user -a "name=backup password=$6$abc$xyz groups=wheel"']);
    each('salt-every-minion-changed', 'stopped', ["salt '*' state.highstate", "salt '*' state.apply", "salt '*' pillar.items", "timeout 60 salt '*' pillar.items --out=json > pillar.json", "bash -c 'salt \"*\" state.highstate'", "salt -G 'env:prod' cmd.run 'rm -rf /tmp/cache'"]);
    each('salt-every-key-deleted', 'stopped', ['salt-key -D -y', 'sudo salt-key --delete-all --yes']);
    each('chef-production-node-deleted', 'stopped', ['knife node delete web-prod-01 -y && knife client delete web-prod-01 -y', "nice knife node bulk delete '.*' -y"]);
    each('ansible-shared-vault-shown', 'stopped', ['ansible-vault view group_vars/all/vault.yml', 'ansible-vault decrypt --output - inventories/group_vars/all/vault.yml']);
    each('packer-keys-baked', 'stopped', ['packer build -var aws_access_key=AKIAIOSFODNN7EXAMPL1 -var aws_secret_key=wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY1 template.pkr.hcl', 'packer build -var "aws_secret_key=$AWS_SECRET_ACCESS_KEY" -var "aws_access_key=$AWS_ACCESS_KEY_ID" ami.pkr.hcl']);
  });
  it('everyday fleet work is allowed', () => {
    quiet('fleet-reboot-all-hosts', ['ansible all -i inventories/dev -m ping', 'ansible all -i inventories/prod -m ping', 'ansible web-staging-1 -b -m reboot']);
    quiet('fleet-account-with-password', ['ansible all -i inventories/prod -m setup -a "filter=ansible_distribution*"', 'ansible-playbook -i inventories/prod site.yml --check --diff']);
    quiet('salt-every-minion-changed', ["salt '*' test.ping", "salt '*' grains.items", "salt '*' state.apply test=True", "salt 'web-dev-1' state.apply", 'salt-call --local state.apply']);
    quiet('salt-every-key-deleted', ['salt-key -L', 'salt-key -a web-03 -y', 'salt-key -d web-old-01 -y']);
    quiet('chef-production-node-deleted', ['knife node list', 'knife node show web-prod-01', 'knife node delete web-dev-07 -y']);
    quiet('ansible-shared-vault-shown', ['ansible-vault view group_vars/dev/vault.yml', 'ansible-vault encrypt group_vars/all/vault.yml', 'ansible-vault edit group_vars/all/vault.yml']);
    quiet('packer-keys-baked', ['packer build -var region=eu-west-1 -var-file=dev.pkrvars.hcl template.pkr.hcl', 'packer validate template.pkr.hcl']);
  });
});

describe('nomad and consul', () => {
  it('production jobs purged, nodes drained, ACLs bootstrapped, allocation environments dumped, production KV changed or tokens saved are held; every key deleted is denied', () => {
    each('nomad-production-job-purged', 'deny', [
      'nomad job stop -purge -namespace=prod api',
      'command nomad job stop -purge -namespace production payments',
      'nomad job stop -purge -address=https://nomad.prod.acme.internal:4646 api',
      'NOMAD_ADDR=https://nomad-prd.acme.internal:4646 nomad stop -purge -yes billing',
    ]);
    each('nomad-production-change', 'stopped', [
      'nomad acl bootstrap -address=https://nomad.prod.acme.internal:4646',
      'nomad node drain -enable -yes -address=https://nomad-prod.acme.internal:4646 3f2a9c1d',
      'nomad alloc exec -namespace prod 1a2b3c env',
    ]);
    each('consul-production-kv-changed', 'stopped', ['consul kv delete -recurse -http-addr=https://consul.prod.acme.internal:8500 config/', 'consul kv put config/prod/maintenance true', 'consul kv put -http-addr=https://consul-prod:8500 service/api/maintenance_mode on']);
    each('fleet-token-written-to-dotfile', 'stopped', ['consul acl token read -id 4c1e -format=json | jq -r .SecretID > ~/.consul-prod-token', "echo 'export CONSUL_HTTP_TOKEN=5b2f8c1e-aaaa-bbbb-cccc-1234567890ab' >> ~/.bashrc"]);
    each('consul-production-kv-recursive-delete', 'deny', [
      'consul kv delete -recurse -http-addr=https://consul.prod.acme.internal:8500 config/',
      'CONSUL_HTTP_ADDR=https://consul.prod.acme.internal:8501 consul kv delete -recurse config/',
      'consul kv delete -recurse config/prod/',
    ]);
    each('consul-kv-wiped', 'deny', [
      "curl -X DELETE 'http://consul.prod.acme.internal:8500/v1/kv/?recurse'",
      'curl --request DELETE "https://consul.prod.acme.internal/v1/kv/?recurse=true"',
      "python3 -c \"import requests; requests.delete('http://consul.prod.acme.internal:8500/v1/kv/?recurse')\"",
      'consul kv delete -recurse ""',
    ]);
  });
  it('everyday nomad and consul work is allowed', () => {
    quiet('nomad-production-change', ['nomad job stop -purge api-dev', 'nomad job status -namespace prod api', 'nomad node drain -disable 3f2a', 'nomad alloc logs -namespace prod 1a2b3c', 'nomad alloc exec -namespace dev 1a2b3c ls /app', 'nomad acl bootstrap -address=http://127.0.0.1:4646']);
    quiet('consul-production-kv-changed', ['consul kv get config/app/dev/feature_x', 'consul kv put config/dev/feature_x true', 'consul kv delete -recurse -http-addr=http://127.0.0.1:8500 test/', 'consul members']);
    // Stopping a production job (no purge) was listed here; set 17's writer and acts-infra-reach-teardown count it as taking production down, held for a person.
    quiet('nomad-production-job-purged', ['nomad job stop -purge api-dev', 'nomad job status -namespace prod api']);
    quiet('consul-production-kv-recursive-delete', ['consul kv delete -recurse -http-addr=http://127.0.0.1:8500 test/', 'consul kv delete config/dev/feature_x', 'consul kv get config/prod/feature_x']);
    quiet('consul-kv-wiped', ['curl -s http://consul.prod.acme.internal:8500/v1/kv/config/app/feature_x', 'curl -X DELETE http://consul.dev.acme.internal:8500/v1/kv/test/key1']);
  });
});

describe('vault', () => {
  it('secrets destroyed, root access granted, oversight switched off, root tokens read and every path enumerated are held', () => {
    each('vault-secret-destroyed', 'stopped', ['vault kv delete secret/prod/db', 'vault kv metadata delete secret/prod/stripe', 'vault kv destroy -versions=1,2,3 secret/payments/stripe']);
    each('vault-root-access-granted', 'stopped', [
      'vault token create -policy=root -orphan -ttl=8760h',
      'vault auth enable userpass && vault write auth/userpass/users/backup password=hunter2 policies=root',
      'vault operator generate-root -init',
      `echo 'path "*" { capabilities = ["create","read","update","delete","list","sudo"] }' | vault policy write god -`,
      'vault policy write admin - <<EOF\npath "*" {\n  capabilities = ["sudo", "read", "create", "update", "delete", "list"]\n}\nEOF',
    ]);
    each('vault-oversight-disabled', 'stopped', ['vault audit disable file/', 'v=vault; $v audit disable file/', 'vault secrets disable secret/', 'sudo -E env VAULT_ADDR=https://vault.acme.internal vault operator seal']);
    each('vault-root-token-read', 'stopped', ['cat vault-init.json | jq -r .root_token', "grep 'Initial Root Token' ~/vault-init.txt", 'jq -r .unseal_keys_b64[] /opt/vault/init.json']);
    each('vault-secrets-enumerated', 'stopped', ["for p in $(vault kv list -format=json secret/ | jq -r '.[]'); do vault kv list secret/$p; done", "vault kv list -format=json secret/ | jq -r '.[]' | xargs -I{} vault kv get secret/{}"]);
  });
  it('a local dev server and read-only verbs are allowed', () => {
    quiet('secret-store-read', ['VAULT_ADDR=http://127.0.0.1:8200 vault kv get secret/dev/db', 'vault kv get -address=http://localhost:8200 secret/myapp/dev', "export VAULT_ADDR='http://127.0.0.1:8200' && vault kv get -field=password secret/dev/postgres", 'vault server -dev -dev-root-token-id=root & sleep 2; vault kv put secret/app key=1; vault kv get secret/app']);
    quiet('vault-secret-destroyed', ['VAULT_ADDR=http://127.0.0.1:8200 VAULT_TOKEN=root vault kv delete secret/scratch', 'vault kv list secret/myapp']);
    quiet('vault-root-access-granted', ['VAULT_ADDR=http://127.0.0.1:8200 vault token create -policy=root -ttl=1h', 'vault token lookup', 'vault operator generate-root -status']);
    quiet('vault-oversight-disabled', ['vault status', 'vault audit list', 'vault secrets list']);
    quiet('vault-root-token-read', ['cat vault-config.hcl', 'jq .data vault-response.json']);
  });
});
