import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { foldPath, recursiveDeleteTargets } from '../../../core/scoring/shell/deletes.ts';
import { sharedEngine } from './helpers.ts';
import { bash as shell, ruleAssertions, spawn } from './rule-assertions.ts';

/**
 * Recursive deletion judged by what it removes, however it is spelt: the
 * normaliser notes each target of a recursive rm (through sudo, busybox,
 * find -exec, split quotes, variables) as an absolute path, and
 * destructive-actions.toml weighs it: the home directory or a folder at its
 * top, another user's home, service data, backups and volumes are denied, a
 * whole project is queued, build output and caches are cleanup.
 */
const engine = await sharedEngine();
const { fires, silent, allowed, decides } = ruleAssertions(engine);
const inProject = (script: string): ToolCall => shell(script, { cwd: '/home/dev/projects/app' } as Partial<ToolCall>);
const inHome = (script: string): ToolCall => shell(script, { cwd: '/home/dev' } as Partial<ToolCall>);
const plain = (command: string): ToolCall => ({ type: 'ShellExec', command, args: [] } as ToolCall);

function each(rule: string, decision: 'queue' | 'deny', calls: ToolCall[]) {
  for (const call of calls) { fires(call, rule); decides(call, decision); }
}
function quiet(rules: string[], calls: ToolCall[]) {
  for (const call of calls) { for (const r of rules) silent(call, r); allowed(call); }
}
const RULES = ['rm-home-top-level', 'rm-project-tree', 'rm-many-trees-via-find', 'rm-data-tree'];

describe('what a recursive rm removes', () => {
  it('folds dot segments and anchors relative operands at the working directory', () => {
    expect(foldPath('~/projects/app/../../work/')).toBe('~/work');
    expect(foldPath('/srv/./data//')).toBe('/srv/data');
    expect(foldPath('~/../..')).toBe('~');
    expect(recursiveDeleteTargets(['rm', '-rf', 'build', '../other'], '~/projects/app')).toEqual(['~/projects/app/build', '~/projects/other']);
    expect(recursiveDeleteTargets(['rm', '-f', '--', '-r', 'x'], '~')).toEqual([]);
    expect(recursiveDeleteTargets(['rm', '--recursive', '--', '-odd'], '')).toEqual(['-odd']);
    expect(recursiveDeleteTargets(['rm', 'notes.txt'], '~')).toEqual([]);
  });
});

describe('recursive deletion of the home directory, its top folders and other users\' homes', () => {
  it('is denied however the rm is reached or spelt', () => {
    each('rm-home-top-level', 'deny', [
      plain('sudo rm -rf /home/bob/code'),
      plain('rm -rf ~/projects'),
      plain('rm -r -f "$HOME/work"'),
      plain('busybox rm -rf /Users/kim/Documents'),
      plain("r''m -r\"f\" ~/repos ~/src"),
      plain('d=~/workspace; rm -fr "$d"'),
      plain('cd ~ && rm -rf Desktop'),
      inProject('rm -rf ../..'),
      inHome('rm --recursive --force code'),
      plain('ssh build01 "sudo rm -rf /home/ci"'),
    ]);
  });
  it('leaves tool folders, caches and scratch space in the home alone', () => {
    quiet(RULES, [
      plain('rm -rf ~/.cache/pip'),
      plain('rm -rf ~/.nvm'),
      plain('rm -rf ~/tmp'),
      plain('rm -rf ~/.cargo/registry/cache'),
      plain('rm -rf ~/Library/Developer/Xcode/DerivedData'),
      plain('rm -rf ~/go/pkg/mod/cache'),
      inHome('rm -rf miniconda3'),
    ]);
  });
});

describe('recursive deletion of a whole project', () => {
  it('is queued', () => {
    each('rm-project-tree', 'queue', [
      plain('rm -rf ~/projects/shop-api'),
      inProject('rm -rf ../billing-service'),
      inProject('rm -rf .'),
      plain('sudo rm -rf /home/dev/work/legacy-monolith/'),
    ]);
  });
  it('leaves build output, dependencies and folders inside a project alone', () => {
    quiet(RULES, [
      inProject('rm -rf node_modules dist build target .next __pycache__'),
      inProject('rm -rf ./build ./dist coverage .pytest_cache'),
      plain('rm -rf ~/projects/app/node_modules'),
      inProject('rm -rf src/legacy tmp/uploads'),
      plain('rm -rf /tmp/build-123 /var/tmp/cache'),
      inProject('find . -name __pycache__ -type d -prune -exec rm -rf {} +'),
      plain('find ~/projects -name node_modules -type d -prune -exec rm -rf {} +'),
      plain('find ~/projects -name "*.orig" -exec rm -rf {} +'),
      // A plain `git clean -fdx` takes local .env files and uncommitted work with it: held since set 11 (git-clean-ignored-too).
      inProject('git clean -fdx -e .env && rm -rf .venv'),
    ]);
  });
});

describe('recursive deletion of every matching folder across projects', () => {
  it('is denied', () => {
    each('rm-many-trees-via-find', 'deny', [
      plain('find ~/projects -type d -name .git -prune -exec rm -rf {} +'),
      plain('find ~ -maxdepth 3 -name src -exec rm -rf {} \\;'),
      plain('find /home/dev/code -mindepth 1 -maxdepth 1 -exec rm -rf {} +'),
      inHome('find work -name .git -exec sudo rm -r {} +'),
    ]);
  });
});

describe('recursive deletion of service data, backups and volumes', () => {
  it('is denied', () => {
    each('rm-data-tree', 'deny', [
      plain('busybox rm -rf /srv/postgres/data'),
      plain('rm -rf /var/lib/postgresql/15/main'),
      plain('sudo rm -rf /var/lib/mysql/'),
      plain('rm -rf /data/elasticsearch'),
      plain('sudo rm -rf /backups/nightly'),
      plain('rm -rf /var/www/html'),
      plain('p=/srv/XbackupsX; sudo rm -rf ${p//X/}'),
      plain('sudo find /srv -mindepth 1 -exec rm -rf {} +'),
      plain('rm -rf /mnt/storage/photos'),
      spawn('sudo', 'rm', '-rf', '/var/lib/mongodb'),
    ]);
  });
  it('leaves package caches and build output on servers alone', () => {
    quiet(RULES, [
      plain('sudo rm -rf /var/lib/apt/lists/*'),
      plain('rm -rf /srv/app/node_modules'),
      plain('sudo rm -rf /opt/nvim-linux64'),
      plain('sudo rm -rf /usr/local/go'),
    ]);
  });
});

describe('PowerShell deleting a user profile or its folders', () => {
  it('is denied in either argument order, with or without a trailing wildcard', () => {
    each('powershell-profile-wipe', 'deny', [
      spawn('pwsh', '-NoProfile', '-Command', 'Remove-Item -Path C:\\Users\\dev\\* -Recurse -Force -ErrorAction SilentlyContinue'),
      spawn('powershell', '-Command', 'Remove-Item -Recurse -Force C:\\Users\\ana\\Documents'),
      spawn('powershell', '-c', 'Get-ChildItem $env:USERPROFILE\\source\\repos | Remove-Item -Recurse -Force'),
      spawn('pwsh', '-c', 'rm -r -fo C:\\Users\\sam\\Desktop\\*'),
    ]);
  });
  it('leaves build output alone', () => {
    quiet(['powershell-profile-wipe'], [
      spawn('powershell', '-Command', 'Remove-Item -Recurse -Force .\\bin, .\\obj'),
      spawn('pwsh', '-c', 'Remove-Item -Recurse -Force C:\\Users\\dev\\source\\repos\\app\\node_modules'),
      spawn('pwsh', '-c', 'Remove-Item -Recurse -Force $env:TEMP\\build-cache'),
    ]);
  });
});

describe('shredding every file find finds', () => {
  it('is denied under the home or a top folder in it; a scratch folder in a project is not', () => {
    fires(plain('find ~/Documents -type f -execdir shred -uz {} +'), 'rm-many-trees-via-find');
    decides(plain('find ~/Documents -type f -execdir shred -uz {} +'), 'deny');
    for (const r of RULES) silent(inProject('find tmp -name "*.pem" -exec shred -u {} +'), r);
  });
});
