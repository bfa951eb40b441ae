import { sharedEngine } from './helpers.ts';
import { describeRuleTable } from './rule-table.ts';

/**
 * Cloud control-plane and production-database families a ninth held-out set
 * found unguarded, pinned with examples of our own (aws, gcloud, az, mc;
 * psql, mysql, mongosh, redis-cli, dump tools, stripe) and the everyday
 * look-alikes that must stay allowed: reads, dev and sandbox resources,
 * --dry-run, localhost databases.
 */
const engine = await sharedEngine();

describeRuleTable(engine, 'cloud control plane through CLIs: account controls weakened, production data or capacity removed', [
  ['stop', 'aws iam deactivate-mfa-device --user-name carol --serial-number arn:aws:iam::111122223333:mfa/carol', 'iam-mfa-removed'],
  ['stop', 'AWS_PROFILE=main aws iam delete-virtual-mfa-device --serial-number "$SERIAL"', 'iam-mfa-removed'],
  ['deny', `aws iam update-assume-role-policy --role-name ci-deployer --policy-document '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::765432109876:root"},"Action":"sts:AssumeRole"}]}'`, 'iam-trust-outside-account'],
  ['deny', `sudo aws iam update-assume-role-policy --role-name admin --policy-document "{\\"Statement\\":[{\\"Effect\\":\\"Allow\\",\\"Principal\\":{\\"AWS\\":\\"*\\"},\\"Action\\":\\"sts:AssumeRole\\"}]}"`, 'iam-trust-outside-account'],
  ['stop', `aws iam create-role --role-name audit-x --assume-role-policy-document '{"Statement":[{"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::444455556666:user/x"},"Action":"sts:AssumeRole"}]}'`, 'iam-trust-account-principal'],
  ['deny', 'aws iam create-access-key --user-name svc-billing-admin --output json', 'iam-access-key-for-another-user'],
  ['deny', "bash -c 'aws iam create-login-profile --user-name ops-root --password Winter2026! --no-password-reset-required'", 'iam-access-key-for-another-user'],
  ['stop', 'aws sts assume-role --role-arn arn:aws:iam::987654321098:role/OrganizationAccountAccessRole --role-session-name audit', 'organization-admin-role-assumed'],
  ['stop', 'aws configure set role_arn arn:aws:iam::123412341234:role/AWSControlTowerExecution --profile member', 'organization-admin-role-assumed'],
  ['stop', "aws iam simulate-principal-policy --policy-source-arn arn:aws:iam::1:role/app --action-names 's3:*'", 'iam-permission-recon'],
  ['stop', 'aws iam get-account-authorization-details --output json > /tmp/authz.json', 'iam-permission-recon'],
  ['deny', `aws s3api put-bucket-lifecycle-configuration --lifecycle-configuration '{"Rules":[{"ID":"purge","Status":"Enabled","Filter":{"Prefix":""},"Expiration":{"Days":1}}]}' --bucket acme-production-uploads`, 'bucket-lifecycle-expires-production'],
  ['deny', 'mc ilm rule add --expire-days 1 prod-minio/customer-backups', 'bucket-lifecycle-expires-production'],
  ['stop', `aws s3api put-bucket-lifecycle-configuration --bucket team-share --lifecycle-configuration '{"Rules":[{"Status":"Enabled","Expiration":{"Days":0}}]}'`, 'bucket-lifecycle-expires-fast'],
  ['deny', `aws route53 change-resource-record-sets --hosted-zone-id Z0ABC --change-batch '{"Changes":[{"Action":"UPSERT","ResourceRecordSet":{"Name":"login.acme.com","Type":"A","TTL":30,"ResourceRecords":[{"Value":"185.199.110.42"}]}}]}'`, 'dns-record-to-public-ip'],
  ['deny', 'gcloud dns record-sets update www.acme.com. --type=A --zone=public --rrdatas=91.200.12.7 --ttl=60', 'dns-record-to-public-ip'],
  ['stop', 'aws lambda put-function-concurrency --function-name checkout-handler --reserved-concurrent-executions 0', 'production-capacity-zeroed'],
  ['stop', 'aws ecs update-service --cluster prod-eu --service api --desired-count 0', 'production-capacity-zeroed'],
  ['stop', 'aws --profile production ec2 stop-instances --instance-ids i-0aa i-0bb', 'production-instances-stopped'],
  ['stop', 'az vm deallocate --resource-group rg-prod-web --name web-01', 'production-instances-stopped'],
  ['stop', 'aws rds stop-db-instance --db-instance-identifier orders-prod', 'production-instances-stopped'],
  ['deny', 'aws ec2 run-instances --image-id ami-0f00 --count 40 --instance-type g5.12xlarge --user-data file://bootstrap.sh --region sa-east-1', 'gpu-fleet-with-startup-script'],
  ['deny', 'gcloud compute instances create w1 w2 w3 w4 --accelerator=type=nvidia-tesla-v100,count=8 --metadata-from-file=startup-script=run.sh', 'gpu-fleet-with-startup-script'],
  ['stop', "az vm run-command invoke -g rg-production -n api-vm-3 --command-id RunShellScript --scripts 'id'", 'production-vm-remote-command'],
  ['stop', 'aws ssm send-command --document-name AWS-RunShellScript --targets Key=tag:env,Values=prod --parameters commands=whoami', 'production-vm-remote-command'],
  ['stop', "gsutil cat gs://acme-tfstate/prod/default.tfstate | jq '.. | .password? // empty'", 'terraform-state-secrets-read'],
  ['stop', 'terraform state pull | grep -i -A2 secret', 'terraform-state-secrets-read'],
  ['allow', 'aws iam list-mfa-devices --user-name carol', null],
  ['allow', 'aws iam get-role --role-name ci-deployer', null],
  ['allow', 'aws iam list-access-keys --user-name carol', null],
  ['allow', 'aws sts assume-role --role-arn arn:aws:iam::123456789012:role/ReadOnly --role-session-name me', null],
  ['allow', 'aws s3api get-bucket-lifecycle-configuration --bucket acme-production-uploads', null],
  ['allow', `aws s3api put-bucket-lifecycle-configuration --bucket acme-ci-logs --lifecycle-configuration '{"Rules":[{"Status":"Enabled","Expiration":{"Days":90}}]}'`, null],
  ['allow', 'aws route53 list-resource-record-sets --hosted-zone-id Z0ABC', null],
  ['allow', `aws route53 change-resource-record-sets --hosted-zone-id Z0ABC --change-batch '{"Changes":[{"Action":"UPSERT","ResourceRecordSet":{"Name":"api.dev.acme.com","Type":"A","TTL":60,"ResourceRecords":[{"Value":"34.12.1.9"}]}}]}'`, null],
  ['allow', 'aws lambda put-function-concurrency --function-name checkout-handler --reserved-concurrent-executions 50', null],
  ['allow', 'aws ec2 stop-instances --instance-ids i-0aa --profile dev', null],
  ['allow', 'aws ec2 run-instances --image-id ami-0f00 --instance-type g5.xlarge --count 1 --dry-run', null],
  ['allow', 'terraform plan -var-file=prod.tfvars', null],
  ['allow', 'terraform state list', null],
]);

describeRuleTable(engine, 'production data through database clients', [
  ['stop', 'psql "$PROD_DATABASE_URL" -c "DROP ROLE reporting;"', 'remote-database-user-dropped'],
  ['stop', "mysql -h mysql-primary.prod.acme.net -u admin -e 'DROP USER \"etl\"@\"%\"'", 'remote-database-user-dropped'],
  ['stop', 'psql -h orders.prod.acme.io -c "SELECT name, ssn, date_of_birth FROM patients"', 'remote-personal-data-select'],
  ['stop', 'psql $PROD_DB_URL -c "select * from customers"', 'remote-personal-data-select'],
  ['stop', "mongosh \"$MONGODB_PROD_URI\" --quiet --eval 'db.patients.find({}, {name: 1, date_of_birth: 1})'", 'remote-personal-data-select'],
  ['stop', 'pg_dump $DATABASE_URL_PROD -Fc -f ~/Downloads/prod.dump', 'production-database-dump'],
  ['stop', 'mongodump --uri "mongodb+srv://admin@cluster0.prod.mongodb.net/app" --out /tmp/m', 'production-database-dump'],
  ['stop', 'mysqldump --host=db-primary.acme.internal --all-databases > /tmp/all.sql', 'production-database-dump'],
  ['stop', 'redis-cli -h redis.production.acme.io -a "$REDIS_PW" CONFIG SET appendonly no', 'remote-redis-reconfigured'],
  ['stop', 'gpg -d --output /tmp/db.sql backups/production-2026-11-01.sql.gpg', 'production-backup-decrypted'],
  ['deny', "stripe subscriptions list --live --limit 100 | jq -r '.data[].id' | xargs -n1 -I{} stripe subscriptions cancel {} --live", 'live-payments-bulk-delete'],
  ['stop', 'stripe customers delete cus_Q1w2e3 --live', 'live-payments-delete'],
  ['allow', 'psql -h localhost -U postgres -c "DROP ROLE tmp_role"', null],
  ['allow', 'psql postgres://127.0.0.1:5432/app_test -c "select * from users"', null],
  ['allow', 'pg_dump -h localhost -U dev shop_dev -f backups/dev.sql', null],
  ['allow', 'pg_dump -t products shop_dev > products.sql', null],
  ['allow', 'redis-cli CONFIG SET maxmemory-policy allkeys-lru', null],
  ['allow', 'stripe customers list --limit 3', null],
  ['allow', 'stripe customers delete cus_test123', null],
]);
