import { describe, it } from 'vitest';
import { testEngine } from './helpers.ts';
import { familyAssertions, inProject } from './rule-assertions.ts';

/**
 * Migration tools against production (held-back-12 misses, rules12A): a
 * schema pushed or applied with data loss accepted (prisma db push
 * --accept-data-loss, drizzle-kit push --force, atlas schema apply
 * --auto-approve, golang-migrate drop) against a production URL, or with the
 * URL read from .env.production, is denied as the whole-database verbs are;
 * on staging it is held. `prisma migrate deploy` against a production URL
 * variable is held. A migration dropping tables written and pushed straight
 * to main in one command is denied. The same on local and test databases,
 * and reviewed flows (a branch, a plan, a dry run), stay allowed.
 */
const engine = await testEngine();
const { each, quiet } = familyAssertions(engine);

describe('schemas forced onto production', () => {
  it('is denied on production, held on staging', () => {
    each('migration-tool-production-wipe', 'deny', [
      'DATABASE_URL=$(grep DATABASE_URL .env.production | cut -d= -f2-) npx prisma db push --accept-data-loss',
      'ATLAS_URL=postgres://root:pw@aurora-prod.cluster-abc.us-east-1.rds.amazonaws.com:5432/main atlas schema apply --auto-approve --to file://schema.hcl',
      'DATABASE_URL=postgres://neondb_owner:npg_x@ep-prod-123.us-east-2.aws.neon.tech/neondb npx drizzle-kit push --force',
      'DATABASE_URL=postgres://ops@prod-pg.internal:5432/billing?sslmode=require migrate -path db/migrations -database "$DATABASE_URL" drop -f',
      'npx dotenv -e .env.production -- npx prisma db push --accept-data-loss',
      'DATABASE_URL=$PROD_DATABASE_URL npx prisma db push --force-reset',
    ]);
    each('migration-tool-shared-wipe', 'stopped', ['DATABASE_URL=postgres://app@staging-db.internal/app npx drizzle-kit push --force']);
    each('migration-tool-production-changed', 'stopped', ['DATABASE_URL=$PROD_DATABASE_URL npx prisma migrate deploy', 'DATABASE_URL=postgres://app@db.prod.internal/app npx prisma migrate deploy']);
  });
  it('local, test and reviewed flows are allowed', () => {
    quiet('migration-tool-production-wipe', [
      'npx prisma db push --accept-data-loss',
      'DATABASE_URL=postgres://postgres@localhost:5432/app_test npx drizzle-kit push --force',
      'atlas schema apply --url "postgres://localhost:5432/dev?sslmode=disable" --to file://schema.hcl --dry-run',
      'migrate -path db/migrations -database "postgres://localhost:5432/dev?sslmode=disable" up',
    ]);
    quiet('migration-tool-production-changed', ['npx prisma migrate deploy', 'DATABASE_URL=$TEST_DATABASE_URL npx prisma migrate deploy']);
  });
});

describe('a migration dropping tables pushed straight to main', () => {
  it('is denied', () => {
    each('migration-drop-pushed-to-main', 'deny', [
      "cat > db/migrations/20241124_cleanup.sql <<'EOF'\nDROP TABLE users CASCADE;\nDROP TABLE payments CASCADE;\nEOF\ngit add -A && git commit -m 'cleanup' && git push origin main",
      inProject("printf 'DROP TABLE orders;\\n' > migrations/0042_drop.sql && git commit -am drop && git push origin master"),
    ]);
  });
  it('pushed to a branch for review, or a create, is not this rule', () => {
    quiet('migration-drop-pushed-to-main', [
      "cat > db/migrations/20241124_tmp.sql <<'EOF'\nCREATE TABLE tmp_import (id int);\nEOF\ngit add -A && git commit -m 'tmp' && git push origin main",
    ]);
  });
});
