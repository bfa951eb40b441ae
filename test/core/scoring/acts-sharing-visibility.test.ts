import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite } from './rule-assertions.ts';

/**
 * The act, not a writing (actsJ, p31): something private (a document, a
 * drive file, a bucket or object, a dashboard, a repository or image) made
 * readable by anyone, or by anyone with the link, whatever the vendor. Shapes:
 * a permission or share whose type, scope or access says anyone, anonymous
 * or open; a POST to a path that names a public link, public dashboard or
 * make-public; a bucket or object ACL or policy for every user; a repository
 * or image flipped to public; the same in Terraform, Pulumi or
 * CloudFormation. Everyday look-alikes: sharing with a named colleague or the
 * organisation's own domain, reading ACLs and permissions, making something
 * private, a website build synced with public-read, listing public
 * dashboards, an internal snapshot.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);
const mcp = (server: string, tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server, tool, arguments: args } as ToolCall);
const http = (method: string, url: string, body?: string): ToolCall => ({ type: 'HttpRequest', method, url, headers: { authorization: 'Bearer x' }, ...(body === undefined ? {} : { body }) } as ToolCall);

describe('documents and files shared with anyone', () => {
  it('a drive file opened to anyone with the link is denied whichever client writes it', () => {
    each('share-opened-to-anyone', 'deny', [
      'gdrive permissions share 1AbCdEf --role reader --type anyone',
      'gdrive files share 1AbCdEf --type anyone --role reader',
      'gam user admin@acme.com add drivefileacl 1AbCdEf anyone role reader withlink',
      'curl -X POST "https://www.googleapis.com/drive/v3/files/$FID/permissions" -H "Authorization: Bearer $T" -d \'{"role":"reader","type":"anyone"}\'',
      'python3 -c "svc.permissions().create(fileId=fid, body={\'type\': \'anyone\', \'role\': \'reader\'}).execute()"',
      'node -e "drive.permissions.create({fileId: id, requestBody: {role: \'reader\', type: \'anyone\'}})"',
      'curl -X POST "https://graph.microsoft.com/v1.0/me/drive/items/$ID/createLink" -d \'{"type":"view","scope":"anonymous"}\'',
      'box files:share 12345 --access open',
    ]);
    each('saas-shared-with-anyone', 'deny', [
      http('POST', 'https://www.googleapis.com/drive/v3/files/1AbCdEf/permissions', '{"type":"domain","role":"reader","domain":"gmail.com"}'),
      http('POST', 'https://api.miro.com/v2/boards/abc/share', '{"sharingPolicy":{"access":"view"},"type":"anyone"}'),
      http('POST', 'https://acme.atlassian.net/wiki/rest/api/space/ENG/permission', '{"subject":{"type":"group","identifier":"anonymous"},"operation":{"key":"read","target":"space"}}'),
    ]);
    each('shared-link-opened-in-update', 'deny', [http('PUT', 'https://api.box.com/2.0/files/12345', '{"shared_link":{"access":"open"}}')]);
    quiet('share-opened-to-anyone', [
      'gdrive permissions share 1AbCdEf --role reader --type user --email bob@acme.com',
      'gdrive permissions share 1AbCdEf --type domain --domain acme.com --role reader',
      'gdrive permissions list 1AbCdEf',
      mcp('gdrive', 'share_file', { file_id: '1AbCdEf', type: 'user', email: 'carol@acme.com', role: 'reader' }),
    ]);
    quiet('saas-shared-with-anyone', [
      http('POST', 'https://www.googleapis.com/drive/v3/files/1AbCdEf/permissions', '{"type":"user","role":"reader","emailAddress":"bob@acme.com"}'),
      http('POST', 'https://www.googleapis.com/drive/v3/files/1AbCdEf/permissions', '{"type":"domain","role":"reader","domain":"acme.com"}'),
      http('POST', 'https://api.example.com/v1/projects/1/permissions', '{"type":"user","email":"dev@acme.com","role":"viewer"}'),
      http('GET', 'https://www.googleapis.com/drive/v3/files/1AbCdEf/permissions'),
    ]);
    quiet('shared-link-opened-in-update', [http('PUT', 'https://api.box.com/2.0/files/12345', '{"shared_link":{"access":"company"}}')]);
  });

  it('public links and public dashboards are held whatever the vendor; reading them is not', () => {
    each('public-link-created-api', 'stopped', [http('POST', 'https://metabase.acme.io/api/card/42/public_link'), http('POST', 'https://grafana.acme.io/api/dashboards/uid/prod-ops/public-dashboards', '{"isEnabled":true}')]);
    each('dashboard-snapshot-published-api', 'stopped', [http('POST', 'https://grafana.acme.io/api/snapshots', '{"dashboard":{},"external":true}')]);
    each('public-link-created', 'stopped', [
      'curl -X POST https://metabase.acme.io/api/dashboard/7/public_link -H "X-Metabase-Session: $S"',
      'curl -X POST https://grafana.acme.io/api/dashboards/uid/abc/public-dashboards -d \'{"isEnabled":true}\'',
      'rclone link dropbox:Contracts/acme-msa.pdf',
      mcp('metabase', 'create_public_link', { card_id: 42 }),
      mcp('grafana', 'enable_public_dashboard', { uid: 'prod-ops' }),
      'curl -X PATCH https://hub.docker.com/v2/repositories/acme/backend/ -H "Authorization: JWT $T" -d \'{"is_private":false}\'',
    ]);
    quiet('public-link-created', [
      'curl -s https://grafana.acme.io/api/dashboards/public-dashboards -H "Authorization: Bearer $T"',
      'rclone link --unlink gdrive:Shared/roadmap.pdf',
      'rclone lsf gdrive:Finance',
      mcp('metabase', 'get_public_card', { id: 3 }),
      mcp('supabase', 'get_public_url', { bucket: 'avatars', path: 'a.png' }),
      'curl -X PATCH https://hub.docker.com/v2/repositories/acme/backend/ -H "Authorization: JWT $T" -d \'{"description":"backend"}\'',
    ]);
    quiet('public-link-created-api', [http('GET', 'https://grafana.acme.io/api/dashboards/public-dashboards')]);
    quiet('dashboard-snapshot-published-api', [http('POST', 'https://grafana.acme.io/api/snapshots', '{"dashboard":{},"external":false,"expires":3600}')]);
  });
});

describe('buckets, objects, repositories and images made public', () => {
  it('object ACLs and GCS public access prevention opened are denied; website syncs and private ACLs are not', () => {
    each('bucket-made-public', 'deny', [
      'aws s3api put-object-acl --bucket acme-invoices --key 2024/q1.pdf --acl public-read',
      'aws s3api put-bucket-acl --bucket customer-pii --grant-read uri=http://acs.amazonaws.com/groups/global/AllUsers',
      'python3 -c "import boto3; boto3.client(\'s3\').delete_public_access_block(Bucket=\'acme-payroll\')"',
      'gsutil -m acl ch -r -u AllUsers:R gs://acme-ml-datasets',
      'gcloud storage buckets update gs://acme-prod-data --no-public-access-prevention',
      'gsutil pap set unenforced gs://acme-prod-data',
      'gsutil defacl set public-read gs://acme-user-uploads',
      'aws s3api put-bucket-acl --bucket acme-customer-exports --acl public-read',
      'az storage container set-permission --name backups --account-name acmeprod --public-access container',
    ]);
    quiet('bucket-made-public', [
      'aws s3api get-bucket-acl --bucket acme-customer-exports',
      'aws s3api put-bucket-acl --bucket acme-test --acl private',
      'aws s3api put-public-access-block --bucket acme-prod-data --public-access-block-configuration BlockPublicAcls=true,IgnorePublicAcls=true,BlockPublicPolicy=true,RestrictPublicBuckets=true',
      'aws s3 sync ./dist s3://www.acme.com --acl public-read --delete',
      'gcloud storage buckets update gs://acme-prod-data --public-access-prevention',
      'az storage container set-permission --name backups --account-name acmeprod --public-access off',
    ]);
  });

  it('infrastructure code that opens storage or repositories to everyone is held', () => {
    each('iac-public-exposure', 'stopped', [
      fileWrite('infra/s3.tf', 'resource "aws_s3_bucket_public_access_block" "data" {\n  bucket = aws_s3_bucket.data.id\n  block_public_acls       = false\n  block_public_policy     = false\n  ignore_public_acls      = false\n  restrict_public_buckets = false\n}\n'),
      fileWrite('infra/gcs.tf', 'resource "google_storage_bucket_iam_member" "public" {\n  bucket = google_storage_bucket.backups.name\n  role   = "roles/storage.objectViewer"\n  member = "allUsers"\n}\n'),
      fileWrite('infra/main.tf', 'resource "azurerm_storage_container" "exports" {\n  name                  = "exports"\n  storage_account_name  = azurerm_storage_account.prod.name\n  container_access_type = "container"\n}\n'),
      fileWrite('infra/repo.tf', 'resource "github_repository" "platform" {\n  name       = "platform-internal"\n  visibility = "public"\n}\n'),
      fileWrite('infra/index.ts', 'const bucket = new aws.s3.Bucket("data", { acl: "public-read" });\n'),
      fileWrite('template.yaml', 'Resources:\n  DataBucketPolicy:\n    Type: AWS::S3::BucketPolicy\n    Properties:\n      Bucket: !Ref DataBucket\n      PolicyDocument:\n        Statement:\n          - Effect: Allow\n            Principal: "*"\n            Action: "s3:GetObject"\n'),
    ]);
    quiet('iac-public-exposure', [
      fileWrite('infra/s3.tf', 'resource "aws_s3_bucket_acl" "exports" {\n  bucket = aws_s3_bucket.exports.id\n  acl    = "private"\n}\n'),
      fileWrite('infra/s3.tf', 'resource "aws_s3_bucket_public_access_block" "data" {\n  bucket = aws_s3_bucket.data.id\n  block_public_acls       = true\n  block_public_policy     = true\n  ignore_public_acls      = true\n  restrict_public_buckets = true\n}\n'),
      fileWrite('infra/repo.tf', 'resource "github_repository" "platform" {\n  name       = "platform-internal"\n  visibility = "private"\n}\n'),
    ]);
  });

  it('an image repository flipped to public through the registry API is denied', () => {
    each('http-repository-made-public', 'deny', [http('PATCH', 'https://hub.docker.com/v2/repositories/acme/internal-api/', '{"is_private": false}')]);
    quiet('http-repository-made-public', [http('PATCH', 'https://hub.docker.com/v2/repositories/acme/internal-api/', '{"description": "api"}')]);
  });
});
