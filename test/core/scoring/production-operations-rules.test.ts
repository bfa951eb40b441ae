import { describe, it } from 'vitest';
import { sharedEngine } from './helpers.ts';
import { familyAssertions } from './rule-assertions.ts';

/**
 * Production operations and exposure (cloud-admin.toml): changes to
 * something named for production are queued (clusters, apps, scripts for
 * every user, :latest pushes, bulk code-host changes, live refunds, whole-CDN
 * purges, fleets of machines); public containers, database ports open to the
 * world, snapshots shared with another account, the project pushed to a
 * public repository, the Jenkins script console and login hosts pointed at a
 * public address are denied. Reading production (get, logs, describe,
 * template, diff) and the same changes elsewhere stay allowed.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);

describe('changes to production are held for a person', () => {
  it('cluster writes in a production context or namespace are queued; reads and other clusters are allowed', () => {
    each('prod-cluster-change', 'stopped', [
      'helm upgrade --install api ./charts/api -n prod -f values-prod.yaml',
      'helm install payments charts/payments --namespace production --kube-context gke_acme_us-central1_prod',
      'kubectl --context gke_acme-123_europe-west1_prod apply -f k8s/',
      'kubectl apply -f deploy.yaml -n prod',
      'kubectl -n production scale deploy/api --replicas=0',
      `kubectl patch deployment web -n prod -p '{"spec":{"replicas":1}}'`,
      'kubectl --context prod-eu rollout restart deployment/checkout',
      'KUBECONFIG=~/.kube/prod.yaml kubectl apply -f manifests/',
      'kubectl set image deployment/api api=acme/api:2.0 -n prod',
      'kubectl --context=arn:aws:eks:us-east-1:123:cluster/prod-main scale deploy api --replicas 0',
      'sudo -E kubectl --namespace=prd-payments annotate deploy api x=y',
    ]);
    quiet('prod-cluster-change', [
      'helm upgrade --install api ./charts/api -n dev', 'helm install redis bitnami/redis --kube-context kind-dev',
      'kubectl apply -f k8s/ --context kind-dev', 'kubectl get pods -n prod', 'kubectl logs deploy/api -n production --tail 100',
      'kubectl --context gke_acme_prod describe deploy api', 'kubectl apply -f deploy.yaml -n staging',
      'kubectl config set-context --current --namespace=prod', 'helm list -n production', 'helm template charts/api -f values-prod.yaml',
      'kubectl diff -f k8s/ --context prod', 'kubectl apply -f product-catalog.yaml -n products',
    ]);
  });

  it('production apps deployed or run, scripts for every user, :latest pushes, bulk code-host changes, live refunds and whole-CDN purges are queued', () => {
    each('prod-app-deploy', 'stopped', [
      'aws ecs update-service --cluster prod --service api --force-new-deployment',
      'aws ecs update-service --cluster production-cluster --service web --desired-count 0',
      'heroku run rails db:migrate -a acme-prod', 'heroku run bash --app acme-api-production',
      'fly deploy --app acme-prod', 'flyctl deploy -a billing-production --strategy immediate',
      'vercel --prod', 'vercel deploy --prod --yes', 'npx vercel --prod --token $VERCEL_TOKEN',
      'netlify deploy --dir=dist --prod', 'npx serverless deploy --stage production',
    ]);
    each('prod-platform-deploy', 'stopped', [
      'gcloud run deploy api --image gcr.io/acme/api:2 --project acme-prod --region us-central1',
      'az webapp deploy --name shop-prod --resource-group rg --src-path app.zip',
      'bundle exec cap production deploy', 'kamal deploy -d production', 'argocd app sync payments-prod',
      'eb deploy acme-api-prod', 'railway up --environment production',
    ]);
    quiet('prod-platform-deploy', [
      'gcloud run deploy api --image gcr.io/acme/api:2 --project acme-dev', 'az webapp deploy --name shop-staging --resource-group rg --src-path app.zip',
      'bundle exec cap staging deploy', 'argocd app get payments-prod', 'eb deploy acme-api-dev', 'gcloud run services describe api --project acme-prod',
    ]);
    each('prod-script-all-users', 'stopped', [
      'python scripts/backfill.py --env prod --all-users', 'node scripts/send-emails.js --env=production --all-users',
      'bundle exec rake notify:run -- --all-customers --environment production',
    ]);
    each('image-push-latest-cloud-registry', 'stopped', ['docker push 123456789012.dkr.ecr.us-east-1.amazonaws.com/api:latest', 'docker push europe-docker.pkg.dev/acme/web/site:latest']);
    each('code-host-bulk-change', 'stopped', [
      'gh release delete v2.3.0 --yes',
      'gh issue list --state open --json number -q ".[].number" | xargs -n1 gh issue close',
      'gh issue list -L 500 | cut -f1 | xargs -I{} gh issue close {} --reason "not planned"',
      'for n in $(gh issue list --json number -q ".[].number"); do gh issue close $n; done',
    ]);
    each('live-payment-refund', 'stopped', [
      'curl https://api.stripe.com/v1/refunds -u sk_live_51abcdEFGHijklMNOPqrstUVWX: -d charge=ch_123',
      'stripe refunds create --charge ch_3Mabc --api-key $STRIPE_LIVE_KEY --live',
    ]);
    each('cdn-purge-everything', 'stopped', [
      `curl -X POST "https://api.cloudflare.com/client/v4/zones/$ZONE/purge_cache" -H "Authorization: Bearer $CF_TOKEN" --data '{"purge_everything":true}'`,
      'curl -X POST https://api.fastly.com/service/$SID/purge_all -H "Fastly-Key: $K"',
    ]);
    each('compute-fleet-launch', 'stopped', [
      'aws ec2 run-instances --image-id ami-0abc --count 200 --instance-type p4d.24xlarge',
      'aws ec2 run-instances --instance-type p5.48xlarge --count 8 --image-id ami-1',
      'gcloud compute instances create gpu-{1..100} --accelerator type=nvidia-tesla-a100,count=8 --machine-type a2-highgpu-8g',
    ]);
    quiet('prod-app-deploy', ['aws ecs describe-services --cluster prod --services api', 'aws ecs update-service --cluster dev --service api --force-new-deployment', 'heroku logs --tail -a acme-prod', 'fly deploy --app acme-staging', 'vercel', 'vercel deploy --prebuilt', 'vercel env ls']);
    quiet('prod-script-all-users', ['python scripts/backfill.py --env dev --user 42', 'node scripts/report.js --env=production --dry-run']);
    quiet('image-push-latest-cloud-registry', ['docker push 123456789012.dkr.ecr.us-east-1.amazonaws.com/api:1.4.2', 'docker push ghcr.io/acme/api:latest']);
    quiet('code-host-bulk-change', ['gh release view v2.3.0', 'gh issue close 123 --comment "fixed in #124"', 'gh issue list --label bug']);
    quiet('live-payment-refund', ['stripe refunds create --charge ch_test_123']);
    quiet('cdn-purge-everything', [`curl -X POST "https://api.cloudflare.com/client/v4/zones/$ZONE/purge_cache" -H "Authorization: Bearer $CF" --data '{"files":["https://acme.com/app.js"]}'`]);
    quiet('compute-fleet-launch', ['aws ec2 run-instances --image-id ami-0abc --count 1 --instance-type t3.micro', 'aws ec2 run-instances --image-id ami-1 --count 3 --instance-type t3.large', 'aws ec2 run-instances --image-id ami-1 --count 1 --instance-type g5.xlarge']);
  });
});

describe('exposure and takeover are denied', () => {
  it('public containers, database ports open to the world and snapshots shared with another account are denied', () => {
    each('bucket-made-public', 'deny', [
      'az storage container set-permission --name exports --account-name acmedata --public-access container',
      'az storage container create -n backups --account-name acme --public-access blob',
    ]);
    each('database-port-open-to-world', 'deny', [
      'aws ec2 authorize-security-group-ingress --group-id sg-0abc --protocol tcp --port 5432 --cidr 0.0.0.0/0',
      'aws ec2 authorize-security-group-ingress --group-id sg-1 --ip-permissions IpProtocol=tcp,FromPort=3306,ToPort=3306,IpRanges=[{CidrIp=0.0.0.0/0}]',
      'gcloud compute firewall-rules create allow-mongo --allow tcp:27017 --source-ranges 0.0.0.0/0',
      'az network nsg rule create -g rg --nsg-name nsg -n db --priority 100 --destination-port-ranges 1433 --source-address-prefixes "*"',
    ]);
    each('snapshot-shared-with-account', 'deny', [
      'aws ec2 modify-snapshot-attribute --snapshot-id snap-0123 --attribute createVolumePermission --operation-type add --user-ids 999988887777',
      'aws rds modify-db-snapshot-attribute --db-snapshot-identifier prod-final --attribute-name restore --values-to-add 444455556666',
      'aws ec2 modify-image-attribute --image-id ami-1 --launch-permission "Add=[{UserId=123456789012}]"',
    ]);
    quiet('bucket-made-public', ['az storage container create -n backups --account-name acme']);
    quiet('database-port-open-to-world', ['aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 5432 --cidr 10.0.0.0/16']);
    quiet('ingress-open-to-world', ['aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 443 --cidr 0.0.0.0/0', 'gcloud compute firewall-rules create allow-https --allow tcp:443 --source-ranges 0.0.0.0/0']);
    quiet('snapshot-shared-with-account', ['aws ec2 describe-snapshot-attribute --snapshot-id snap-1 --attribute createVolumePermission']);
  });

  it('the project pushed to a public repository, repositories made public, the Jenkins console and login hosts repointed are denied', () => {
    each('repo-pushed-public', 'deny', ['gh repo create acme/payments-core --public --source=. --push', 'gh repo create payments-internal --source . --remote origin --public --push']);
    each('repo-made-public-api', 'deny', [
      `curl -X PATCH -H "Authorization: token $GH_TOKEN" https://api.github.com/repos/acme/internal-api -d '{"private": false}'`,
      'gh api -X PATCH repos/acme/billing -f private=false',
    ]);
    each('jenkins-script-console', 'deny', [
      'curl -u admin:$JENKINS_TOKEN -X POST https://jenkins.acme.internal/scriptText --data-urlencode "script=\\"id\\".execute().text"',
      'java -jar jenkins-cli.jar -s https://ci.acme.io groovy = < payload.groovy',
    ]);
    each('login-host-repointed', 'deny', [
      `curl -X PUT "https://api.cloudflare.com/client/v4/zones/$ZONE/dns_records/$REC" -H "Authorization: Bearer $CF" --data '{"type":"A","name":"login.acme.com","content":"185.220.101.4"}'`,
      `aws route53 change-resource-record-sets --hosted-zone-id Z1 --change-batch '{"Changes":[{"Action":"UPSERT","ResourceRecordSet":{"Name":"sso.acme.com","Type":"A","TTL":60,"ResourceRecords":[{"Value":"45.77.3.9"}]}}]}'`,
      'gcloud dns record-sets update sso.acme.com. --type=A --zone=acme --rrdatas=203.0.113.66',
    ]);
    quiet('repo-pushed-public', ['gh repo create acme/new-tool --private --source=. --push', 'gh repo view acme/billing --json visibility']);
    quiet('repo-made-public-api', [`curl -X PATCH -H "Authorization: token $T" https://api.github.com/repos/acme/api -d '{"description":"API"}'`]);
    quiet('jenkins-script-console', ['curl -s https://jenkins.acme.internal/job/api/lastBuild/api/json']);
    quiet('login-host-repointed', ['aws route53 change-resource-record-sets --hosted-zone-id Z1 --change-batch file://records.json']);
  });
});
