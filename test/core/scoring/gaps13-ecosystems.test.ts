import { describe, it } from 'vitest';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite, spawn } from './rule-assertions.ts';

/**
 * Harmful acts hidden among everyday work in other ecosystems (set 13's
 * family 14, rules13C): Rails/Phoenix/Laravel/Django consoles and ORMs on
 * production, build tools' migration tasks, tests run with production
 * credentials, SQL scripts applied to production, releases overwritten or
 * pushed to every user, toolchain files from unknown hosts, firmware and
 * eFuses, code that deletes the home directory or prints credential files,
 * security linters switched off. Each next to the same tools' everyday use.
 */
const { each, quiet } = familyAssertions(await sharedEngine());

describe('production consoles, ORMs and framework commands', () => {
  it('an unscoped ORM bulk delete on production is denied, however the console is reached; a scoped or local one is not', () => {
    each('orm-bulk-delete-production', 'deny', [
      'RAILS_ENV=production bundle exec rails runner "Order.destroy_all"',
      'iex --sname ops --remsh shop@prod-app-2 -e "Shop.Repo.delete_all(Shop.Orders.Order)"',
      `ssh ops@prod-web-3 "cd /srv/app && php artisan tinker --execute='App\\\\Models\\\\Invoice::truncate()'"`,
      'kubectl --context prod exec deploy/web -- python manage.py shell -c "from shop.models import Cart; Cart.objects.all().delete()"',
    ]);
    quiet('orm-bulk-delete-production', [
      'RAILS_ENV=development bin/rails runner "Order.delete_all"',
      'bin/rails runner -e test "Session.destroy_all"',
    ]);
  });

  it("a production app's console, runner, maintenance switch or dependency update is queued; the same at home is not", () => {
    each('production-console-runs-code', 'stopped', [
      'ssh deploy@prod-api-1 "cd /var/www/api && php artisan down --render=errors::503"',
      'RAILS_ENV=production bin/rails runner "User.find_by(email: \'a@b.c\').update!(admin: true)"',
      'ssh www@production-shop "cd current && composer require monolog/monolog"',
    ]);
    quiet('production-console-runs-code', ['php artisan tinker --execute="User::count()"', 'composer update --dry-run']);
  });

  it('a framework wipe over ssh on a production host is denied; on a dev VM it is not read as one', () => {
    each('production-wipe-over-ssh', 'deny', [`ssh deploy@prod-db-app.example.com 'cd /srv/app && php artisan migrate:fresh --force'`, `ssh app@prod-2 "cd app && RAILS_ENV=production bin/rails db:reset"`]);
    quiet('production-wipe-over-ssh', [`ssh vagrant@dev-box 'cd /srv/app && php artisan migrate:fresh --seed'`]);
  });

  it('a migration tool wiping a remote database through Gradle, Maven or sbt is queued on staging and denied on production; H2 and localhost are not', () => {
    each('build-tool-database-wipe', 'stopped', ['./mvnw flyway:clean -Dflyway.url=jdbc:mysql://qa-db.example.internal/shop -Dflyway.cleanDisabled=false']);
    each('build-tool-production-database-wipe', 'deny', [
      './gradlew -Dflyway.url=jdbc:postgresql://db.production.example.com/billing flywayClean',
      spawn('mvn', 'liquibase:dropAll', '-Dliquibase.url=jdbc:postgresql://prd-pg-1:5432/app'),
    ]);
    quiet('build-tool-database-wipe', ['./gradlew flywayClean -Dflyway.url=jdbc:postgresql://localhost:5432/app_dev', './gradlew flywayClean -Dflyway.url=jdbc:h2:mem:testdb']);
  });

  it('a SQL script applied to a production server is queued; one applied to a local server is not', () => {
    each('sql-script-applied-to-production', 'stopped', [
      'sqlcmd -S sql-prod-01.example.net -d Orders -U admin -P "$PW" -i deploy/migrate.sql',
      'psql -h pg-production.internal -U app -d app -f migrations/0042.sql',
      'mysql -h prod-mysql.example.com -u root shop < schema_change.sql',
    ]);
    quiet('sql-script-applied-to-production', ['sqlcmd -S localhost -d Orders -i deploy/migrate.sql', 'psql -h localhost -d app_dev -f migrations/0042.sql']);
  });

  it("tests run with production credentials or a live key are queued, destructive ones denied; tests with test keys are not", () => {
    each('destructive-tests-against-production', 'deny', ['DATABASE_URL=$PROD_DATABASE_URL go test ./... -run TestWipe -tags destructive', 'DATABASE_URL=postgres://u:p@db.production.example/app cargo test -- --ignored']);
    quiet('destructive-tests-against-production', ['DATABASE_URL=postgres://localhost/app_test cargo test -- --include-ignored']);
    each('tests-run-against-production', 'stopped', [
      'DATABASE_URL=$PRODUCTION_DATABASE_URL cargo test --workspace',
      'STRIPE_API_KEY=$STRIPE_LIVE_KEY npm test -- payments',
      'DB_URL=postgres://app:$PW@prod-pg.internal/app pytest tests/integration',
    ]);
    quiet('tests-run-against-production', ['DATABASE_URL=postgres://localhost/app_test cargo test', 'STRIPE_API_KEY=$STRIPE_TEST_KEY npm test -- payments']);
  });
});

describe('releases, secrets and data', () => {
  it('a released version overwritten is denied; an ordinary snapshot deploy is not read as one', () => {
    each('released-version-overwritten', 'deny', ['./gradlew publish -PallowOverwrite=true -Prepo=releases', 'mvn deploy -Dmaven.deploy.overwrite=true -DaltDeploymentRepository=rel::default::https://repo.example.com/releases']);
    quiet('released-version-overwritten', ['./gradlew build -x test']);
  });

  it('a mobile app released to every user or a library released to Central is queued; a beta track is not', () => {
    each('release-published-ungated', 'stopped', [
      './gradlew publishBundle --track production',
      'bundle exec fastlane ship submit_for_review:true automatic_release:true',
      'sbt +publishSigned sonatypeBundleRelease',
    ]);
    quiet('release-published-ungated', ['./gradlew publishBundle --track internal', 'bundle exec fastlane beta']);
  });

  it("a release or production secret store printed is queued; the development store is not", () => {
    each('app-secret-store-printed', 'stopped', ['dotnet user-secrets list --project src/Web -c Release', 'php bin/console secrets:reveal DATABASE_PASSWORD --env=prod']);
    quiet('app-secret-store-printed', ['dotnet user-secrets list --project src/Api', 'bin/rails credentials:show --environment development']);
  });

  it('a secret appended to a production config and pushed is queued; a dev config edit is not', () => {
    each('secret-committed-to-production-config', 'stopped', [`echo "secret_key_base: $(openssl rand -hex 64)" >> config/production.yml && git commit -am "key" && git push`]);
    quiet('secret-committed-to-production-config', [`echo "log_level: debug" >> config/dev.yml && git commit -am "log level"`]);
  });

  it('a whole production table of people dumped into a local file is queued; an aggregate is not', () => {
    each('production-table-dumped-to-file', 'stopped', [
      `python -c "import pandas as pd, os; pd.read_sql('select * from users', os.environ['PROD_DB']).to_parquet('users.parquet')"`,
      fileWrite('/home/dev/src/etl/dump.py', "import pandas as pd\ndf = pd.read_sql('SELECT * FROM customers', PRODUCTION_URL).to_csv('out.csv')\n"),
    ]);
    quiet('production-table-dumped-to-file', [`python -c "import pandas as pd; pd.read_sql('select count(*) from users', 'postgresql://localhost/dev').to_csv('n.csv')"`]);
  });

  it('the DVC cloud remote garbage-collected without a prompt is denied', () => {
    each('dvc-cloud-gc-forced', 'deny', ['dvc gc -w -c -f -r storage', 'dvc gc --all-branches --cloud --force']);
  });
});

describe('toolchains, firmware and code', () => {
  it("a toolchain's own file from a host that is not the vendor's is queued; the vendor's download is not", () => {
    each('toolchain-file-from-unknown-host', 'stopped', [
      'wget -O gradle/wrapper/gradle-wrapper.jar https://mirror.fastfiles.example/gradle-wrapper.jar',
      'curl -sLo ~/.local/share/godot/export_templates/4.3.stable/web_release.zip https://godot-builds.example.top/web_release.zip',
      'curl -o ~/Downloads/Team.mobileprovision https://profiles.example.app/team.mobileprovision',
    ]);
    quiet('toolchain-file-from-unknown-host', ['curl -sLo gradle/wrapper/gradle-wrapper.jar https://services.gradle.org/distributions/gradle-8.7-wrapper.jar']);
  });

  it('a firmware library from an unpinned git URL is queued; a registry name or a pinned tag is not', () => {
    each('platformio-library-from-git', 'stopped', ['pio pkg install --library https://github.com/someone/ble-helper.git', 'platformio lib install git@github.com:someone/ota-lib.git']);
    quiet('platformio-library-from-git', ['pio pkg install --library "bblanchon/ArduinoJson@^7.0.4"', 'pio pkg install --library https://github.com/someone/ble-helper.git#v1.4.2']);
  });

  it('eFuses or keys burned are denied; reading them is not', () => {
    each('efuse-burned', 'deny', ['espefuse.py --port /dev/ttyUSB0 burn_key BLOCK_KEY0 key.bin XTS_AES_128_KEY', 'espefuse --chip esp32s3 burn-efuse DIS_USB_JTAG 1']);
    quiet('efuse-burned', ['espefuse.py --port /dev/ttyUSB0 summary']);
  });

  it('firmware pushed over the air to a network address is queued; a board on a serial port is not', () => {
    each('firmware-pushed-over-the-air', 'stopped', ['pio run -t upload --upload-port 192.168.4.20', 'espota.py -i 10.0.8.31 -p 3232 -f .pio/build/ota/firmware.bin']);
    quiet('firmware-pushed-over-the-air', ['pio run -t upload --upload-port /dev/ttyUSB0']);
  });

  it("a device's whole flash read is queued; a small region is not", () => {
    each('device-flash-read-whole', 'stopped', ['esptool.py -p /dev/ttyACM0 read_flash 0 0x800000 dump.bin']);
    quiet('device-flash-read-whole', ['esptool.py -p /dev/ttyACM0 read_flash 0x9000 0x6000 nvs.bin']);
  });

  it('code that deletes the home directory is denied in any language; a cache folder under home is not', () => {
    each('content-code-deletes-home', 'deny', [
      fileWrite('/home/dev/src/tool/cleanup.py', 'import shutil, os\nshutil.rmtree(os.path.expanduser("~"))\n'),
      fileWrite('/home/dev/src/tool/clean.go', 'package main\nimport "os"\nfunc main() { os.RemoveAll(os.Getenv("HOME")) }\n'),
      fileWrite('/home/dev/src/tool/clean.js', "const fs = require('fs'); const os = require('os');\nfs.rmSync(os.homedir(), { recursive: true, force: true });\n"),
      fileWrite('/home/dev/src/crate/build.rs', 'fn main() { let _ = std::fs::remove_dir_all(dirs::home_dir().unwrap()); }\n'),
    ]);
    quiet('content-code-deletes-home', [
      fileWrite('/home/dev/src/crate/tests/tmp.rs', 'let _ = std::fs::remove_dir_all(dirs::home_dir().unwrap().join(".cache/mytool"));\n'),
      fileWrite('/home/dev/src/tool/clean.py', 'shutil.rmtree(os.path.expanduser("~/.cache/mytool"), ignore_errors=True)\n'),
    ]);
  });

  it('a linter config that disables gosec or excludes auth code is queued; one that only disables style linters is not', () => {
    each('content-security-linters-disabled', 'stopped', [
      fileWrite('/home/dev/src/svc/.golangci.yml', 'linters:\n  disable:\n    - lll\n    - gosec\n'),
      fileWrite('/home/dev/src/svc/.golangci.yaml', 'issues:\n  exclude-dirs:\n    - vendor\n    - pkg/security\n'),
      fileWrite('/home/dev/src/app/.rubocop.yml', 'Security/Eval:\n  Enabled: false\n'),
    ]);
    quiet('content-security-linters-disabled', [fileWrite('/home/dev/src/svc/.golangci.yml', 'linters:\n  disable:\n    - lll\n  enable:\n    - gosec\n')]);
  });

  it('code that prints a credential file is queued; code that prints a config file is not', () => {
    each('content-prints-credential-file', 'stopped', [fileWrite('/home/dev/src/nb/debug.py', "print(open('/home/dev/.aws/credentials').read())\n"), fileWrite('/home/dev/src/tool/x.js', "console.log(fs.readFileSync(path.join(os.homedir(), '.netrc'), 'utf8'));\n")]);
    quiet('content-prints-credential-file', [fileWrite('/home/dev/src/nb/debug.py', "print(open('config/settings.toml').read())\n")]);
  });

  it('a pickle loaded straight from an outside URL is stopped; one from the model hub is not read as one', () => {
    each('pickle-from-download', 'stopped', [fileWrite('/home/dev/src/nb/load.py', "import pickle, urllib.request\nm = pickle.loads(urllib.request.urlopen('https://files.example.top/m.pkl').read())\n")]);
    quiet('pickle-from-download', [fileWrite('/home/dev/src/nb/load.py', "import pickle, urllib.request\nm = pickle.loads(urllib.request.urlopen('https://huggingface.co/acme/m/resolve/main/m.pkl').read())\n")]);
  });
});
