import { describe, it } from 'vitest';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite } from './rule-assertions.ts';

/**
 * Migration tools and ORMs aimed at production (held-out set 12, family 05):
 * whole-database verbs (drop, reset, clean, wipe, every migration undone, the
 * schema loaded over the data) with a production name in the same command are
 * denied; on a staging or shared database, one migration rolled back, state
 * forced, seeds, consoles and studios on production are held. The same verbs
 * on a development or test database, read-only verbs and dry runs stay allowed.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);

describe('a migration tool wiping a production database', () => {
  it('is denied, however the production target is named', () => {
    each('migration-tool-production-wipe', 'deny', [
      'RAILS_ENV=production bundle exec rake db:schema:load DISABLE_DATABASE_ENVIRONMENT_CHECK=1',
      'npx sequelize db:drop --env production',
      'alembic -x env=production downgrade base',
      'ALEMBIC_ENV=prod alembic downgrade base',
      'DJANGO_SETTINGS_MODULE=app.settings.prod python manage.py migrate app zero',
      'php artisan db:wipe --env=production --force',
      'php artisan migrate:fresh --force --database=production',
      'MIX_ENV=prod mix ecto.rollback --all',
      'knex migrate:rollback --all --env production',
      'NODE_ENV=production npx typeorm schema:drop -d dist/data-source.js',
      'flyway -url=jdbc:postgresql://prod-db.acme.internal:5432/app -user=admin clean',
      'flyway -environment=production clean',
      'liquibase --url=jdbc:postgresql://prod-db.acme.internal:5432/app dropAll',
      'DATABASE_URL=postgres://app@db.prod.acme.io/app dbmate drop',
      'goose postgres "postgres://app@prod-db.acme.internal/app" reset',
      'diesel database reset --database-url postgres://app@prod-db.acme.internal/app',
      'sqlx database reset --database-url postgres://app@prod-db.acme.internal/app -y',
      'atlas schema clean -u "postgres://app@prod-db.acme.internal/app" --auto-approve',
      'dotnet ef database drop --force --connection "Host=prod-db.acme.internal;Database=app"',
      'dotnet ef database update 0 --connection "Host=prod-db.acme.internal;Database=app"',
      'drizzle-kit drop --config drizzle.prod.config.ts',
      'heroku run rails db:schema:load -a acme-production',
      'fly ssh console -a acme-prod -C "php artisan migrate:fresh --force"',
      "env RAILS_ENV=production bash -c 'bin/rails db:reset'",
    ]);
    each('production-remote-shell-destroys', 'deny', ['kubectl exec deploy/api --context=gke_acme_us-central1_production -- python manage.py flush --noinput', 'kubectl exec -n prod deploy/web -- python manage.py migrate billing zero', 'heroku run rails db:schema:load -a acme-production']);
  });
  it('is held on a staging or shared database, for one migration, forced state, seeds and consoles', () => {
    each('migration-tool-shared-wipe', 'queue', ['php artisan db:wipe --env=staging --force', 'MIX_ENV=staging mix ecto.rollback --all', 'npx sequelize-cli db:migrate:undo:all --env shared']);
    each('migration-tool-production-rollback', 'stopped', [
      'dbmate --url postgres://app@prod-db.acme.internal/app rollback',
      'goose -dir migrations postgres "host=prod-db.acme.internal user=app dbname=app" down',
      'php artisan migrate:rollback --env=production --force',
    ]);
    each('migration-tool-production-changed', 'stopped', [
      'alembic -x env=prod stamp head',
      'flyway repair -url=jdbc:postgresql://db.prod.acme.internal/app',
      'DATABASE_URL=$PROD_DATABASE_URL npx prisma migrate resolve --applied 20240101_init',
      'NODE_ENV=production npx knex seed:run',
      'liquibase update --defaults-file=liquibase.prod.properties',
      'atlas schema apply --url postgres://app@prod-db.acme.internal/app --to file://schema.hcl --auto-approve',
      'RAILS_ENV=production rails runner "User.update_all(admin: true)"',
      'rails dbconsole -e production',
      'DATABASE_URL=$PROD_DATABASE_URL npx prisma studio',
    ]);
    each('production-database-config-read', 'queue', ['grep -A5 production config/database.yml', "yq '.production' config/database.yml", 'bin/rails credentials:show -e production']);
    each('production-user-rows-read', 'stopped', ['psql "$PROD_DATABASE_URL" -c "select * from users limit 100"', 'mysql -h mysql-prod.acme.internal app -e "SELECT * FROM accounts"']);
    each('content-migration-drops-core-table', 'deny', [
      fileWrite('/home/dev/projects/app/db/migrate/20240101_drop_users.rb', 'class DropUsers < ActiveRecord::Migration[7.1]\n  def change\n    drop_table :users\n  end\nend\n'),
      fileWrite('/home/dev/projects/app/migrations/0042_drop_users.sql', 'DROP TABLE users CASCADE;\n'),
      fileWrite('/home/dev/projects/app/alembic/versions/9f_drop.py', "def upgrade():\n    op.drop_table('customers')\n"),
    ]);
  });
  it('the same verbs on a development or test database, read-only verbs and dry runs are allowed', () => {
    quiet('migration-tool-production-wipe', [
      'bin/rails db:reset', 'RAILS_ENV=test bin/rails db:reset', 'npx prisma migrate reset --force', 'php artisan migrate:fresh --seed', 'alembic downgrade base',
      'python manage.py migrate app zero', 'python manage.py flush --noinput --settings=config.settings.test', 'mix ecto.rollback --all', 'npx knex migrate:rollback --all',
      'flyway -url=jdbc:postgresql://localhost:5432/app clean', 'npx sequelize-cli db:migrate:undo:all', 'php artisan db:wipe',
    ]);
    quiet('migration-tool-production-changed', [
      'alembic upgrade head', 'alembic stamp head', 'npx knex seed:run', 'liquibase --url=jdbc:postgresql://localhost:5432/app update', 'npx prisma studio', 'rails dbconsole',
      'npx prisma migrate resolve --applied 20240101_init', 'flyway info -url=jdbc:postgresql://prod-db.acme.internal:5432/app', 'atlas schema inspect -u "postgres://app@prod-db.acme.internal/app"',
    ]);
    quiet('migration-tool-production-rollback', ['dbmate rollback', 'goose -dir migrations postgres "host=localhost user=app dbname=app" down', 'liquibase status --url=jdbc:postgresql://prod-db.acme.internal:5432/app']);
    quiet('production-database-config-read', ['cat config/database.example.yml', 'grep -n development config/database.yml']);
    quiet('content-migration-drops-core-table', [
      fileWrite('/home/dev/projects/app/db/migrate/20240101_drop_tmp.rb', 'class DropTmp < ActiveRecord::Migration[7.1]\n  def change\n    drop_table :tmp_imports\n  end\nend\n'),
      fileWrite('/home/dev/projects/app/db/migrate/20240101_create_users.rb', 'class CreateUsers < ActiveRecord::Migration[7.1]\n  def up\n    create_table :users do |t|\n      t.string :email\n    end\n  end\n  def down\n    drop_table :users\n  end\nend\n'),
    ]);
  });
});
