import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { installedPackages, nearPopular, nearPopularPart, NO_PACKAGES, oneEdit } from '../../../core/scoring/shell/typosquat.ts';
import { sharedEngine } from './helpers.ts';
import { bash as shell, ruleAssertions, spawn } from './rule-assertions.ts';

/**
 * Typosquats: an install of a name one edit away from a very popular package
 * (a data list in shell.toml, not a list of known typos) is queued; the real
 * names, short names, scoped packages, paths and requirement files are not.
 */
const engine = await sharedEngine();
const { fires, silent, allowed, decides } = ruleAssertions(engine);
const bash = (script: string): ToolCall => shell(script, { cwd: '/home/dev/projects/app' } as Partial<ToolCall>);

describe('one edit', () => {
  it('is an insertion, deletion, substitution or swap of neighbours, never equality or two edits', () => {
    expect(oneEdit('reqeusts', 'requests')).toBe(true);
    expect(oneEdit('lodahs', 'lodash')).toBe(true);
    expect(oneEdit('crossenv', 'cross-env')).toBe(true);
    expect(oneEdit('expresss', 'express')).toBe(true);
    expect(oneEdit('numpx', 'numpy')).toBe(true);
    expect(oneEdit('requests', 'requests')).toBe(false);
    expect(oneEdit('reqestss', 'requests')).toBe(false);
    expect(oneEdit('lodash-es', 'lodash')).toBe(false);
  });

  it('a name on the popular list or shorter than five characters is never near another', () => {
    const popular = new Set(['react', 'preact', 'scipy', 'scapy', 'vue']);
    expect(nearPopular('preact', popular)).toBeNull();
    expect(nearPopular('scapy', popular)).toBeNull();
    expect(nearPopular('vuw', popular)).toBeNull();
    expect(nearPopular('raect', popular)).toBe('react');
  });

  it("a hyphenated name's part is a popular name of any ecosystem with two neighbours swapped; other near words are not", () => {
    const popular = { ...NO_PACKAGES, npm: new Set(['colors', 'express']), pypi: new Set(['requests', 'django', 'pandas']), crates: new Set(['spring']) };
    expect(nearPopularPart('reqeusts-http', popular)).toBe('requests');
    expect(nearPopularPart('djnago-rest-utils', popular)).toBe('django');
    expect(nearPopularPart('data-pnadas', popular)).toBe('pandas');
    expect(nearPopularPart('requests-oauthlib', popular)).toBeNull();
    expect(nearPopularPart('color-name', popular)).toBeNull();
    expect(nearPopularPart('string-width', popular)).toBeNull();
    expect(nearPopularPart('reqeusts', popular)).toBeNull();
    expect(nearPopularPart('expresss-session', popular)).toBeNull();
  });

  it('install commands name their packages without versions, extras, flags, files, paths or scopes', () => {
    expect(installedPackages(['npm', 'install', '-D', 'lodahs@4.17.21', '@types/node', './local-pkg'])).toEqual({ eco: 'npm', names: ['lodahs'] });
    expect(installedPackages(['pip', 'install', '-r', 'requirements.txt', 'Reqeusts[socks]>=2.31', '-e', '.'])).toEqual({ eco: 'pypi', names: ['reqeusts'] });
    expect(installedPackages(['python3', '-m', 'pip', 'install', 'Flask_Login'])).toEqual({ eco: 'pypi', names: ['flask-login'] });
    expect(installedPackages(['uv', 'pip', 'install', 'pandsa'])).toEqual({ eco: 'pypi', names: ['pandsa'] });
    expect(installedPackages(['npm', 'run', 'build'])).toBeNull();
  });
});

describe('typosquat installs', () => {
  it('a name one edit from a popular package is queued, in any installer', () => {
    for (const call of [
      bash('pip install reqeusts'),
      bash('npm install lodahs'),
      bash('npm i -D crossenv'),
      bash('yarn add expresss'),
      bash('pnpm add axois'),
      bash('cd api && python3 -m pip install --user beautifulsoup'),
      bash('uv add pydantc'),
      spawn('pip3', 'install', 'djnago'),
      spawn('npm', 'install', 'reqeusts-http'),
      bash('npm install -g reqeusts-http'),
      bash('pip install djnago-rest-utils'),
      bash('pip install pnadas-profiling'),
      bash('yarn add lodahs-merge'),
      bash('npm install webpakc-cli'),
      bash('pip install tenosrflow-addons'),
    ]) {
      fires(call, 'package-typosquat');
      decides(call, 'queue');
    }
  });

  it('the real names, their near neighbours that are real and unrelated names stay allowed', () => {
    for (const call of [
      bash('pip install requests numpy pandas'),
      bash('npm install lodash cross-env express react-dom'),
      bash('npm install preact'),
      bash('pip install scapy scipy'),
      bash('pip install -r requirements.txt'),
      bash('npm install'),
      bash('npm i -D @types/node vitest'),
      bash('pip install my-internal-tool==1.2'),
      bash('npm install ./packages/shared'),
      spawn('npm', 'install', 'zod'),
      bash('npm install color-name color-convert express-session axios-retry'),
      bash('pip install requests-oauthlib django-rest-framework pandas-profiling pytest-django'),
      bash('npm install react-router-dom eslint-plugin-react style-loader css-loader babel-loader vue-router'),
      bash('npm install dotenv-expand string-width strip-ansi socket.io-client'),
      bash('cargo add serde-json-core'),
    ]) {
      silent(call, 'package-typosquat');
      allowed(call);
    }
  });
});
