import { describe, it } from 'vitest';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite } from './rule-assertions.ts';

/**
 * Infrastructure code as `terraform fmt` (and `packer fmt`) writes it: every
 * `=` of a block aligned under the longest key, so `member     = "allUsers"`
 * carries as many spaces as the block's longest name needs (lookalikes2, p33).
 * The IaC content rules read the attribute whatever its alignment; the same
 * blocks with safe values stay allowed.
 */
const { each, quiet } = familyAssertions(await sharedEngine());
const hcl = (name: string, body: string) => fileWrite(`/home/dev/projects/app/infra/${name}`, body);

describe('aligned attributes in infrastructure code', () => {
  it('public members, open access blocks, open ports, wildcard policies, public repos and containers are read at any alignment', () => {
    each('iac-public-exposure', 'stopped', [
      hcl('site.tf', 'resource "google_storage_bucket_iam_member" "public" {\n  bucket     = google_storage_bucket.data.name\n  role       = "roles/storage.objectViewer"\n  member     = "allUsers"\n  depends_on = [google_storage_bucket.data]\n}\n'),
      hcl('bq.tf', 'resource "google_bigquery_dataset_iam_member" "m" {\n  dataset_id = "x"\n  role       = "roles/bigquery.dataViewer"\n  member     = "allAuthenticatedUsers"\n}\n'),
      hcl('s3.tf', 'resource "aws_s3_bucket_public_access_block" "data" {\n  bucket                  = aws_s3_bucket.data.id\n  block_public_acls       = false\n  block_public_policy     = false\n  ignore_public_acls      = false\n  restrict_public_buckets = false\n}\n'),
      hcl('sg.tf', 'resource "aws_security_group" "all" {\n  ingress {\n    from_port   = 0\n    to_port     = 65535\n    protocol    = "tcp"\n    cidr_blocks = ["0.0.0.0/0"]\n  }\n}\n'),
      hcl('iam.tf', 'data "aws_iam_policy_document" "admin" {\n  statement {\n    effect    = "Allow"\n    actions   = ["*"]\n    resources = ["*"]\n  }\n}\n'),
      hcl('gh.tf', 'resource "github_repository" "internal" {\n  name        = "internal-tools"\n  description = "x"\n  visibility  = "public"\n}\n'),
      hcl('azure.tf', 'resource "azurerm_storage_container" "c" {\n  name                  = "exports"\n  storage_account_name  = azurerm_storage_account.a.name\n  container_access_type = "blob"\n}\n'),
      hcl('acl.tf', 'resource "aws_s3_bucket_acl" "b" {\n  bucket     = aws_s3_bucket.b.id\n  acl        = "public-read"\n  depends_on = [aws_s3_bucket_ownership_controls.b]\n}\n'),
    ]);
    each('deletion-protection-off', 'stopped', [
      hcl('db.tf', 'resource "aws_db_instance" "prod" {\n  identifier              = "prod-db"\n  engine                  = "postgres"\n  deletion_protection     = false\n  backup_retention_period = 7\n}\n'),
    ]);
    each('content-backups-destroyable', 'stopped', [
      hcl('bucket.tf', 'resource "aws_s3_bucket" "prod_backups" {\n  bucket        = "acme-prod-backups"\n  force_destroy = true\n}\n'),
    ]);
    each('content-backup-expiry-one-day', 'stopped', [
      hcl('lifecycle.tf', 'resource "aws_s3_bucket_lifecycle_configuration" "b" {\n  rule {\n    noncurrent_version_expiration {\n      noncurrent_days           = 1\n      newer_noncurrent_versions = 1\n    }\n  }\n}\n'),
    ]);
    each('content-image-shared-with-all', 'stopped', [
      hcl('ami.pkr.hcl', 'source "amazon-ebs" "x" {\n  ami_name      = "base"\n  instance_type = "t3.micro"\n  ami_groups    = ["all"]\n}\n'),
    ]);
  });

  it('the same aligned blocks with a group member, access blocked, protection on and a month of versions are allowed', () => {
    const safe = [
      hcl('site.tf', 'resource "google_storage_bucket_iam_member" "team" {\n  bucket     = google_storage_bucket.data.name\n  role       = "roles/storage.objectViewer"\n  member     = "group:eng@acme.io"\n  depends_on = [google_storage_bucket.data]\n}\n'),
      hcl('s3.tf', 'resource "aws_s3_bucket_public_access_block" "data" {\n  bucket                  = aws_s3_bucket.data.id\n  block_public_acls       = true\n  block_public_policy     = true\n  ignore_public_acls      = true\n  restrict_public_buckets = true\n}\n'),
      hcl('gh.tf', 'resource "github_repository" "internal" {\n  name        = "internal-tools"\n  description = "x"\n  visibility  = "private"\n}\n'),
      hcl('sg.tf', 'resource "aws_security_group" "web" {\n  ingress {\n    from_port   = 443\n    to_port     = 443\n    protocol    = "tcp"\n    cidr_blocks = ["0.0.0.0/0"]\n  }\n}\n'),
    ];
    quiet('iac-public-exposure', safe);
    quiet('deletion-protection-off', [hcl('db.tf', 'resource "aws_db_instance" "prod" {\n  identifier              = "prod-db"\n  deletion_protection     = true\n  skip_final_snapshot     = false\n  backup_retention_period = 14\n}\n')]);
    quiet('content-backup-expiry-one-day', [hcl('lifecycle.tf', 'resource "aws_s3_bucket_lifecycle_configuration" "b" {\n  rule {\n    noncurrent_version_expiration {\n      noncurrent_days           = 30\n      newer_noncurrent_versions = 3\n    }\n  }\n}\n')]);
  });
});
