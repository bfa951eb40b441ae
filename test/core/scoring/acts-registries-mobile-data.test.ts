import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite, ruleAssertions } from './rule-assertions.ts';

/**
 * The acts: container registries and images (tags, manifests and
 * repositories deleted, production tags overwritten, registries made public,
 * their guards or signature checks switched off, lifecycle policies that
 * expire everything, a stranger's image run with the host's root); mobile
 * releases (builds sent to production or review, rollouts, prices and
 * availability changed, over-the-air updates to production, the signing
 * identity destroyed); data and ML platforms (production dbt targets rebuilt
 * or dropped, datasets deleted or shared outside, registered models and
 * serving endpoints deleted or promoted unreviewed, personal tables unloaded
 * to a stage). Look-alikes: development and pull-request tags, untagged
 * images, listings, internal tracks, TestFlight, preview channels, staging
 * deployments, development targets, scratch datasets, staging models.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);
const { allowed, denied, stopped } = ruleAssertions(engine);
const http = (method: string, url: string, body?: string): ToolCall => ({ type: 'HttpRequest', method, url, headers: { Authorization: 'Bearer tok_x' }, ...(body ? { body } : {}) } as ToolCall);
const mcp = (server: string, tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server, tool, arguments: args } as ToolCall);
const ASC = 'https://api.appstoreconnect.apple.com/v1/';
const PLAY = 'https://androidpublisher.googleapis.com/androidpublisher/v3/applications/com.acme.app/';

describe('container registries and images', () => {
  it('image tags, manifests and repositories deleted from a registry are denied', () => {
    each('registry-image-deleted', 'deny', [
      `crane delete ghcr.io/acme/api:latest`,
      `regctl tag delete registry.acme.io/api:v2.3.1`,
      `skopeo delete docker://quay.io/acme/api:stable`,
      `oras manifest delete --force registry.acme.io/api:prod`,
      `aws ecr batch-delete-image --repository-name payments-api --image-ids imageTag=prod`,
      `gh api -X DELETE /orgs/acme/packages/container/api/versions/123456`,
      `curl -X DELETE -H "Authorization: Bearer $GH_TOKEN" https://api.github.com/orgs/acme/packages/container/api`,
      `python3 -c "import boto3; boto3.client('ecr').delete_repository(repositoryName='payments-api', force=True)"`,
    ]);
    quiet('registry-image-deleted', [
      `crane delete registry.acme.io/api:pr-812`,
      `regctl tag delete registry.acme.io/api:feature-login`,
      `crane ls registry.acme.io/api`,
      `regctl tag ls registry.acme.io/api`,
      `aws ecr batch-delete-image --repository-name api --image-ids imageDigest=sha256:4b1f0c8a9e2d3c4b5a6f7e8d9c0b1a2f`,
      `docker rmi api:dev`,
      `docker image prune -f`,
    ]);
    for (const c of [
      http('DELETE', 'https://hub.docker.com/v2/repositories/acme/api/'),
      http('DELETE', 'https://hub.docker.com/v2/repositories/acme/api/tags/latest/'),
      http('DELETE', 'https://quay.io/api/v1/repository/acme/api'),
      http('DELETE', 'https://registry.acme.io/v2/api/manifests/sha256:4b1f0c8a9e2d3c4b5a6f7e8d9c0b1a2f'),
      mcp('registry', 'delete_tag', { repository: 'acme/api', tag: 'latest' }),
    ]) denied(c);
    for (const c of [
      http('GET', 'https://hub.docker.com/v2/repositories/acme/api/tags?page_size=100'),
      http('GET', 'https://registry.acme.io/v2/api/tags/list'),
      mcp('registry', 'delete_tag', { repository: 'acme/api', tag: 'pr-812' }),
      mcp('docker', 'list_images', {}),
    ]) allowed(c);
  });

  it('production, latest, stable or release tags pointed at another image are held', () => {
    each('registry-production-tag-overwritten', 'stopped', [
      `crane tag registry.acme.io/api:sha-3f2a1c prod`,
      `skopeo copy docker://registry.acme.io/api:pr-812 docker://registry.acme.io/api:stable`,
      `crane copy ghcr.io/acme/api:feature-x ghcr.io/acme/api:latest`,
      `regctl image copy registry.acme.io/api:dev registry.acme.io/api:release`,
      `oras push registry.acme.io/api:prod ./artifact.tar`,
    ]);
    quiet('registry-production-tag-overwritten', [
      `crane tag registry.acme.io/api:sha-3f2a1c pr-812`,
      `crane copy ghcr.io/acme/api:latest registry.acme.io/mirror/api:1.2.0`,
      `skopeo copy docker://docker.io/library/nginx:1.27 docker://registry.acme.io/mirror/nginx:1.27`,
      `docker buildx imagetools create -t registry.acme.io/api:pr-812 registry.acme.io/api:pr-812-amd64 registry.acme.io/api:pr-812-arm64`,
      `skopeo inspect docker://registry.acme.io/api:prod`,
    ]);
    stopped(http('PUT', 'https://registry.acme.io/v2/api/manifests/prod', '{"schemaVersion":2,"layers":[]}'));
    stopped(mcp('registry', 'tag_image', { source: 'registry.acme.io/api:pr-12', target: 'registry.acme.io/api:production' }));
  });

  it('registry guards and image signature checks switched off are held', () => {
    each('registry-guard-switched-off', 'stopped', [
      `aws ecr put-image-tag-mutability --repository-name api --image-tag-mutability MUTABLE`,
      `aws ecr put-image-scanning-configuration --repository-name api --image-scanning-configuration scanOnPush=false`,
      `az acr config content-trust update --registry acmeprod --status disabled`,
      `gcloud artifacts repositories update prod-images --location=us --no-immutable-tags`,
    ]);
    quiet('registry-guard-switched-off', [
      `aws ecr put-image-tag-mutability --repository-name api --image-tag-mutability IMMUTABLE`,
      `aws ecr create-repository --repository-name api-dev --image-tag-mutability IMMUTABLE --image-scanning-configuration scanOnPush=true`,
    ]);
    each('image-signature-policy-removed', 'stopped', [
      `kubectl delete clusterimagepolicy image-signature-policy`,
      `kubectl delete clusterpolicy verify-image-signatures`,
      `kubectl -n cosign-system delete validatingwebhookconfiguration policy.sigstore.dev`,
      fileWrite('/home/dev/projects/infra/binauthz-policy.yaml', 'defaultAdmissionRule:\n  evaluationMode: ALWAYS_ALLOW\n  enforcementMode: DRYRUN_AUDIT_LOG_ONLY\n'),
    ]);
    quiet('image-signature-policy-removed', [`kubectl get clusterimagepolicy -o yaml`, `kubectl apply -f deploy/cosign-policy.yaml`, `cosign verify --key cosign.pub registry.acme.io/api:prod`]);
  });

  it('registries made public and lifecycle policies that expire everything are denied', () => {
    each('registry-anonymous-pull-on', 'deny', [`az acr update --name acmeprod --anonymous-pull-enabled true`]);
    quiet('registry-anonymous-pull-on', [`az acr update --name acmeprod --anonymous-pull-enabled false`]);
    each('content-registry-or-dataset-public', 'deny', [
      fileWrite('/home/dev/projects/infra/ecr.tf', 'resource "aws_ecr_repository_policy" "api" {\n  repository = aws_ecr_repository.api.name\n  policy = jsonencode({\n    Statement = [{\n      Effect    = "Allow"\n      Principal = "*"\n      Action    = ["ecr:BatchGetImage"]\n    }]\n  })\n}\n'),
      fileWrite('/home/dev/projects/infra/gar.tf', 'resource "google_artifact_registry_repository_iam_member" "public" {\n  repository = google_artifact_registry_repository.prod.name\n  role       = "roles/artifactregistry.reader"\n  member     = "allUsers"\n}\n'),
    ]);
    quiet('content-registry-or-dataset-public', [
      fileWrite('/home/dev/projects/infra/ecr.tf', 'resource "aws_ecr_repository_policy" "api" {\n  policy = jsonencode({\n    Statement = [{\n      Effect    = "Allow"\n      Principal = { AWS = "arn:aws:iam::123456789012:role/ci" }\n      Action    = ["ecr:BatchGetImage"]\n    }]\n  })\n}\n'),
    ]);
    each('registry-lifecycle-expires-everything', 'deny', [
      `aws ecr put-lifecycle-policy --repository-name api --lifecycle-policy-text '{"rules":[{"rulePriority":1,"selection":{"tagStatus":"any","countType":"sinceImagePushed","countUnit":"days","countNumber":1},"action":{"type":"expire"}}]}'`,
    ]);
    quiet('registry-lifecycle-expires-everything', [
      `aws ecr put-lifecycle-policy --repository-name api --lifecycle-policy-text '{"rules":[{"rulePriority":1,"selection":{"tagStatus":"untagged","countType":"sinceImagePushed","countUnit":"days","countNumber":14},"action":{"type":"expire"}}]}'`,
      `aws ecr put-lifecycle-policy --repository-name api --lifecycle-policy-text '{"rules":[{"rulePriority":1,"selection":{"tagStatus":"any","countType":"imageCountMoreThan","countNumber":30},"action":{"type":"expire"}}]}'`,
      fileWrite('/home/dev/projects/infra/cleanup-policy.json', '[\n  {\n    "name": "delete-untagged",\n    "action": {"type": "Delete"},\n    "condition": {\n      "tagState": "untagged",\n      "olderThan": "14d"\n    }\n  }\n]\n'),
    ]);
  });

  it("a stranger's image run privileged with the host's root is denied", () => {
    each('unknown-image-privileged-host-root', 'deny', [
      `docker run --privileged -v /:/host --pid=host --net=host docker.io/xz-tools/helper:latest`,
      `podman run --privileged -v /:/mnt quay.io/unknownuser/debug-kit`,
    ]);
    quiet('unknown-image-privileged-host-root', [
      `docker run --rm -it -v $PWD:/app -w /app node:20 npm test`,
      `docker build -t api:dev . && docker run --rm -p 8080:8080 api:dev`,
    ]);
  });
});

describe('mobile and app-store release', () => {
  it('builds and updates sent to production or review are held', () => {
    each('store-release-submitted', 'stopped', [
      `bundle exec fastlane supply --track production --aab app/build/outputs/bundle/release/app-release.aab`,
      `fastlane run upload_to_play_store track:production`,
      `fastlane run upload_to_app_store submit_for_review:true`,
      `eas submit --platform ios --profile production --non-interactive`,
      `eas submit -p ios --id 0f3c1b2a --non-interactive`,
      `eas build --platform all --profile production --auto-submit`,
      `eas update --branch production --message "hotfix"`,
      `appcenter codepush release-react -a acme/app-ios -d Production --mandatory`,
      `code-push release-react acme-ios ios -d Production`,
      `bundle exec fastlane deliver --skip_binary_upload --price_tier 0 --force`,
    ]);
    quiet('store-release-submitted', [
      `fastlane supply --track internal --aab app-release.aab`,
      `fastlane supply --track internal --track_promote_to alpha`,
      `fastlane supply --track production --rollout 0.1`,
      `fastlane pilot upload --skip_waiting_for_build_processing`,
      `fastlane match appstore --readonly`,
      `eas build --platform ios --profile preview`,
      `eas build --platform ios --profile production`,
      `eas submit --platform ios --profile preview`,
      `eas update --branch preview --message "try fix"`,
      `appcenter codepush release-react -a acme/app-ios -d Staging`,
      `fastlane deliver download_metadata`,
      `fastlane deliver --skip_binary_upload --skip_screenshots --submit_for_review false --force`,
      `./gradlew bundleRelease`,
    ]);
  });

  it("the stores' APIs: review submissions, production tracks, rollouts, prices and availability are held", () => {
    each('store-release-submitted-api-cli', 'stopped', [
      `python3 -c "from googleapiclient.discovery import build; s=build('androidpublisher','v3'); s.edits().tracks().update(packageName='com.acme.app', editId='e1', track='production', body={}).execute()"`,
      `curl -X POST -H "Authorization: Bearer $TOKEN" ${PLAY}edits/$EDIT:commit`,
    ]);
    for (const c of [
      http('PUT', PLAY + 'edits/e123/tracks/production', '{"track":"production","releases":[{"versionCodes":["412"],"status":"completed"}]}'),
      http('POST', PLAY + 'edits/e123:commit'),
      http('PATCH', PLAY + 'inappproducts/premium', '{"sku":"premium","defaultPrice":{"priceMicros":"0","currency":"USD"}}'),
      http('POST', ASC + 'appStoreVersionSubmissions', '{"data":{"type":"appStoreVersionSubmissions"}}'),
      http('PATCH', ASC + 'reviewSubmissions/9f1c', '{"data":{"attributes":{"submitted":true}}}'),
      http('PATCH', ASC + 'appStoreVersionPhasedReleases/77', '{"data":{"attributes":{"phasedReleaseState":"COMPLETE"}}}'),
      http('POST', ASC + 'appAvailabilities', '{"data":{"attributes":{"availableInNewTerritories":false}}}'),
      mcp('app-store-connect', 'submit_for_review', { app_id: '123', version: '4.2.0' }),
      mcp('google-play', 'promote_release', { package_name: 'com.acme.app', from_track: 'beta', to_track: 'production' }),
    ]) stopped(c);
    for (const c of [
      http('GET', ASC + 'builds?filter[app]=123'),
      http('GET', ASC + 'reviewSubmissions?filter[app]=123'),
      http('POST', ASC + 'appStoreVersionPhasedReleases', '{"data":{"type":"appStoreVersionPhasedReleases"}}'),
      http('PUT', PLAY + 'edits/e1/tracks/internal', '{"track":"internal","releases":[{"versionCodes":["412"],"status":"completed"}]}'),
      mcp('google-play', 'promote_release', { package_name: 'com.acme.app', from_track: 'internal', to_track: 'alpha' }),
      mcp('app-store-connect', 'list_builds', { app_id: '123' }),
    ]) allowed(c);
  });

  it("the app's signing identity destroyed is denied", () => {
    each('app-signing-identity-destroyed', 'deny', [
      `keytool -delete -alias upload -keystore android/app/upload-keystore.jks -storepass "$KS_PASS"`,
      `rm android/app/release.keystore && keytool -genkeypair -v -keystore android/app/release.keystore -alias release -keyalg RSA`,
    ]);
    quiet('app-signing-identity-destroyed', [
      `keytool -delete -alias androiddebugkey -keystore ~/.android/debug.keystore -storepass android`,
      `rm android/app/debug.keystore`,
    ]);
    denied(http('DELETE', ASC + 'certificates/ABCD1234'));
    denied(http('DELETE', ASC + 'profiles/XYZ987'));
    denied(mcp('app-store-connect', 'delete_certificate', { certificate_id: 'ABCD1234' }));
  });
});

describe('data and ML platforms', () => {
  it('production dbt targets rebuilt or dropped are stopped', () => {
    each('dbt-production-rebuilt', 'stopped', [`dbt run --full-refresh --target prod`, `dbt build -t production --full-refresh --select orders`]);
    each('dbt-production-drop-macro', 'deny', [`dbt run-operation drop_schema --args '{schema: analytics}' --target prod`]);
    quiet('dbt-production-rebuilt', [`dbt run --target dev`, `dbt run --full-refresh --target dev --select stg_orders`, `dbt build --target ci`]);
    quiet('dbt-production-drop-macro', [`dbt run-operation drop_dev_schemas --target dev`, `dbt run-operation generate_docs_index --target prod`]);
  });

  it('warehouse datasets deleted or shared outside are denied', () => {
    each('warehouse-dataset-deleted-sdk', 'deny', [
      `python3 -c "from google.cloud import bigquery; bigquery.Client(project='acme-prod').delete_dataset('analytics', delete_contents=True, not_found_ok=True)"`,
    ]);
    quiet('warehouse-dataset-deleted-sdk', [
      `python3 -c "from google.cloud import bigquery; bigquery.Client(project='acme-dev').delete_table('scratch_alice.tmp_orders', not_found_ok=True)"`,
    ]);
    each('data-shared-outside-organisation', 'deny', [
      `databricks shares update-permissions customers_share --json '{"changes":[{"principal":"partner-co","add":["SELECT"]}]}'`,
      mcp('databricks', 'execute_statement', { statement: 'CREATE RECIPIENT partner_co; GRANT SELECT ON SHARE customers_share TO RECIPIENT partner_co' }),
    ]);
    each('content-registry-or-dataset-public', 'deny', [
      fileWrite('/home/dev/projects/data/dataset.json', '{"access":[{"role":"OWNER","userByEmail":"data@acme.io"},{"role":"READER","specialGroup":"allAuthenticatedUsers"}]}'),
      fileWrite('/home/dev/projects/infra/bq.tf', 'resource "google_bigquery_dataset_iam_member" "viewer" {\n  dataset_id = google_bigquery_dataset.analytics.dataset_id\n  role       = "roles/bigquery.dataViewer"\n  member     = "allAuthenticatedUsers"\n}\n'),
    ]);
    quiet('content-registry-or-dataset-public', [
      fileWrite('/home/dev/projects/infra/bq.tf', 'resource "google_bigquery_dataset_iam_member" "viewer" {\n  dataset_id = google_bigquery_dataset.analytics.dataset_id\n  role       = "roles/bigquery.dataViewer"\n  member     = "group:analysts@acme.io"\n}\n'),
    ]);
    each('sql-drop-database', 'deny', [mcp('databricks', 'execute_statement', { statement: 'DROP CATALOG main CASCADE' })]);
  });

  it('personal tables unloaded to a named stage are denied', () => {
    each('warehouse-people-table-unloaded-to-stage', 'deny', [`snowsql -q "COPY INTO @external_stage/customers/ FROM PROD.CRM.CUSTOMERS FILE_FORMAT=(TYPE=CSV)"`]);
    quiet('warehouse-people-table-unloaded-to-stage', [
      `snowsql -c dev -q "COPY INTO @~/unload/ FROM daily_metrics"`,
      `snowsql -q "COPY INTO PROD.CRM.CUSTOMERS FROM @landing_stage/customers/ FILE_FORMAT=(TYPE=CSV)"`,
    ]);
  });

  it('registered models, model packages and serving endpoints deleted are denied', () => {
    each('ml-model-or-endpoint-deleted', 'deny', [
      `python3 -c "import mlflow; mlflow.MlflowClient().delete_registered_model('fraud-detector')"`,
      `aws sagemaker delete-model-package-group --model-package-group-name fraud`,
      `aws sagemaker delete-endpoint --endpoint-name fraud-detector-prod`,
      `python3 -c "import wandb; wandb.Api().artifact('acme/fraud/model:v12').delete(delete_aliases=True)"`,
    ]);
    quiet('ml-model-or-endpoint-deleted', [
      `databricks serving-endpoints delete fraud-staging`,
      `aws sagemaker list-model-packages --model-package-group-name fraud`,
      `wandb artifact get acme/fraud/model:latest`,
    ]);
    denied(http('DELETE', 'https://mlflow.acme.io/api/2.0/mlflow/registered-models/delete', '{"name":"fraud-detector"}'));
    denied(mcp('mlflow', 'delete_registered_model', { name: 'fraud-detector' }));
    allowed(mcp('ollama', 'delete_model', { model: 'llama3:8b' }));
  });

  it('models promoted to production unreviewed are held', () => {
    each('ml-model-promoted-unreviewed', 'stopped', [
      `aws sagemaker update-model-package --model-package-arn arn:aws:sagemaker:us-east-1:123456789012:model-package/fraud/7 --model-approval-status Approved`,
      `gcloud ai endpoints deploy-model prod-endpoint --region=us-central1 --model=1234 --display-name=fraud-v8 --traffic-split=0=100`,
      `gcloud ai endpoints undeploy-model 987 --deployed-model-id=55 --region=us-central1`,
    ]);
    quiet('ml-model-promoted-unreviewed', [
      `aws sagemaker update-model-package --model-package-arn arn:aws:sagemaker:us-east-1:123456789012:model-package/fraud/7 --model-approval-status Rejected`,
      `gcloud ai endpoints deploy-model staging-endpoint --region=us-central1 --model=1234 --display-name=fraud-v8 --traffic-split=0=100`,
    ]);
    stopped(http('POST', 'https://mlflow.acme.io/api/2.0/mlflow/model-versions/transition-stage', '{"name":"fraud-detector","version":"7","stage":"Production"}'));
    stopped(http('POST', 'https://mlflow.acme.io/api/2.0/mlflow/registered-models/alias', '{"name":"fraud-detector","alias":"production","version":"8"}'));
    stopped(mcp('mlflow', 'transition_model_version_stage', { name: 'fraud-detector', version: '7', stage: 'Production' }));
    allowed(http('POST', 'https://mlflow.acme.io/api/2.0/mlflow/model-versions/transition-stage', '{"name":"fraud-detector","version":"8","stage":"Staging"}'));
    allowed(mcp('mlflow', 'transition_model_version_stage', { name: 'fraud-detector', version: '8', stage: 'Staging' }));
  });
});
