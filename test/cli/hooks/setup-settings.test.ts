import { mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSvcHookCommand } from '../../../cli/setup/edit-settings.ts';
import { runSetup, SetupError, type SetupRequest } from '../../../cli/setup/run-setup.ts';

const home = () => mkdtempSync(join(tmpdir(), 'svc-setup-'));
const COMMAND = "'/usr/bin/node' '/opt/svc/bin/svc.mjs' hook claude-code";
const req = (h: string, over: Partial<SetupRequest> = {}): SetupRequest => ({
  agent: 'claude-code', scope: 'user', remove: false, dryRun: false, cwd: join(h, 'project'), home: h, command: COMMAND, timeoutSeconds: 150, ...over,
});
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

const EXISTING = {
  model: 'opus',
  permissions: { allow: ['Bash(npm test)'] },
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: '/home/me/lint.sh' }] }], Stop: [{ hooks: [{ type: 'command', command: 'notify' }] }] },
};

describe('svc setup', () => {
  it('adds PreToolUse and SessionEnd entries to Claude Code settings, keeping every other key and hook, with a backup', async () => {
    const h = home();
    mkdirSync(join(h, '.claude'));
    writeFileSync(join(h, '.claude/settings.json'), JSON.stringify(EXISTING));
    const result = await runSetup(req(h));
    expect(result.changed).toBe(true);
    expect(result.file).toBe(join(h, '.claude/settings.json'));
    const doc = read(result.file);
    expect(doc.model).toBe('opus');
    expect(doc.permissions).toEqual(EXISTING.permissions);
    expect(doc.hooks.Stop).toEqual(EXISTING.hooks.Stop);
    expect(doc.hooks.PreToolUse).toEqual([EXISTING.hooks.PreToolUse[0], { matcher: '*', hooks: [{ type: 'command', command: COMMAND, timeout: 150 }] }]);
    expect(doc.hooks.SessionEnd).toEqual([{ hooks: [{ type: 'command', command: COMMAND, timeout: 30 }] }]);
    expect(read(result.backup!)).toEqual(EXISTING);
  });

  it('is idempotent: a second run changes nothing and writes no backup', async () => {
    const h = home();
    await runSetup(req(h));
    const again = await runSetup(req(h));
    expect(again).toMatchObject({ changed: false, backup: null, diff: '' });
    expect(readdirSync(join(h, '.claude'))).toEqual(['settings.json']);
    // A changed command line (another install path) replaces the entry instead of adding a second.
    const moved = await runSetup(req(h, { command: 'svc hook claude-code' }));
    expect(moved.changed).toBe(true);
    expect(read(moved.file).hooks.PreToolUse).toEqual([{ matcher: '*', hooks: [{ type: 'command', command: 'svc hook claude-code', timeout: 150 }] }]);
  });

  it('--remove takes out only svc\'s entries', async () => {
    const h = home();
    mkdirSync(join(h, '.claude'));
    writeFileSync(join(h, '.claude/settings.json'), JSON.stringify(EXISTING));
    await runSetup(req(h));
    const removed = await runSetup(req(h, { remove: true }));
    expect(removed.changed).toBe(true);
    expect(read(removed.file)).toEqual(EXISTING);
  });

  it('--dry-run shows the diff and writes nothing', async () => {
    const h = home();
    const result = await runSetup(req(h, { dryRun: true }));
    expect(result.changed).toBe(true);
    expect(result.diff).toMatch(/^--- \/dev\/null\n\+\+\+ .*settings.json\n@@ -0,0 \+1,\d+ @@\n\+\{/);
    expect(result.diff).toContain(`+            "command": ${JSON.stringify(COMMAND)},`);
    expect(existsSync(join(h, '.claude'))).toBe(false);
  });

  it('--project writes the project file; Cursor gets version 1 and its four events', async () => {
    const h = home();
    const result = await runSetup(req(h, { agent: 'cursor', scope: 'project', command: 'svc hook cursor' }));
    expect(result.file).toBe(join(h, 'project/.cursor/hooks.json'));
    const doc = read(result.file);
    expect(doc.version).toBe(1);
    expect(Object.keys(doc.hooks)).toEqual(['beforeShellExecution', 'beforeReadFile', 'beforeMCPExecution', 'sessionEnd']);
    expect(doc.hooks.beforeReadFile).toEqual([{ command: 'svc hook cursor', timeout: 150, failClosed: true }]);
    expect(doc.hooks.sessionEnd).toEqual([{ command: 'svc hook cursor', timeout: 30 }]);
  });

  it('Codex hooks.json and Gemini settings.json (timeout in milliseconds)', async () => {
    const h = home();
    expect(read((await runSetup(req(h, { agent: 'codex', command: 'svc hook codex' }))).file).hooks.PreToolUse).toEqual([{ matcher: '.*', hooks: [{ type: 'command', command: 'svc hook codex', timeout: 150 }] }]);
    const gemini = read((await runSetup(req(h, { agent: 'gemini', command: 'svc hook gemini' }))).file);
    expect(gemini.hooks.BeforeTool).toEqual([{ matcher: '.*', hooks: [{ type: 'command', command: 'svc hook gemini', timeout: 150_000, name: 'svc' }] }]);
  });

  it('a settings file that is not JSON is left alone with a clear error', async () => {
    const h = home();
    mkdirSync(join(h, '.claude'));
    writeFileSync(join(h, '.claude/settings.json'), '{ "model": ');
    await expect(runSetup(req(h))).rejects.toThrow(SetupError);
    await expect(runSetup(req(h))).rejects.toThrow(/settings.json is not JSON .*fix or move it first/);
    expect(readFileSync(join(h, '.claude/settings.json'), 'utf8')).toBe('{ "model": ');
  });

  it('recognises svc\'s hook commands only', () => {
    expect(isSvcHookCommand(COMMAND, 'claude-code')).toBe(true);
    expect(isSvcHookCommand('svc --config-dir /tmp/x hook codex', 'codex')).toBe(true);
    expect(isSvcHookCommand('svc hook codex', 'claude-code')).toBe(false);
    expect(isSvcHookCommand('/home/me/lint.sh', 'claude-code')).toBe(false);
  });
});
