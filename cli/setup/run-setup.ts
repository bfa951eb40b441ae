/**
 * `svc setup <agent>`: puts svc's hook entries into the agent's settings file
 * (or takes them out), keeping every other key; a backup of the file as it
 * was is written beside it first; `dryRun` only computes the diff.
 */
import { copyFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AGENT_SETTINGS } from './agent-settings.ts';
import { editSettings } from './edit-settings.ts';
import { unifiedDiff } from './line-diff.ts';

export interface SetupRequest {
  agent: string;
  scope: 'user' | 'project';
  remove: boolean;
  dryRun: boolean;
  cwd: string;
  home?: string;
  /** The hook command line, e.g. `'/usr/bin/node' '/opt/svc/bin/svc.mjs' hook claude-code`. */
  command: string;
  /** The agent's timeout for one hook run, in seconds (the review wait plus a margin). */
  timeoutSeconds: number;
  /** Whether the agent should block a call when the hook itself fails (where it has the option); default true. */
  failClosed?: boolean;
  now?: () => Date;
}

export interface SetupResult {
  file: string;
  changed: boolean;
  /** Where the previous file was copied; null when nothing was written or there was no file. */
  backup: string | null;
  diff: string;
}

/** A settings file svc cannot safely edit. */
export class SetupError extends Error {}

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SetupError(`cannot read ${file}: ${(error as Error).message}`);
  }
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

export async function runSetup(r: SetupRequest): Promise<SetupResult> {
  const settings = AGENT_SETTINGS[r.agent];
  if (!settings) throw new SetupError(`unknown agent ${r.agent}`);
  const file = settings.file(r.scope, r.cwd, r.home);
  const before = await readText(file);
  let doc: Record<string, unknown> = {};
  if (before !== null && before.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(before);
    } catch (error) {
      throw new SetupError(`${file} is not JSON (${(error as Error).message}); fix or move it first`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new SetupError(`${file} is not a JSON object; fix or move it first`);
    doc = parsed as Record<string, unknown>;
  }
  let after: Record<string, unknown>;
  try {
    after = editSettings(doc, r.agent, settings, r.command, r.timeoutSeconds, r.remove, r.failClosed ?? true);
  } catch (error) {
    throw new SetupError(`${file}: ${(error as Error).message}`);
  }
  const changed = JSON.stringify(after) !== JSON.stringify(doc) && !(before === null && r.remove);
  const text = `${JSON.stringify(after, null, 2)}\n`;
  const diff = changed ? unifiedDiff(before ?? '', text, before === null ? '/dev/null' : file, file) : '';
  if (!changed || r.dryRun) return { file, changed, backup: null, diff };
  await mkdir(dirname(file), { recursive: true });
  let backup: string | null = null;
  let mode = 0o644;
  if (before !== null) {
    backup = `${file}.svc-backup-${stamp((r.now ?? (() => new Date()))())}`;
    await copyFile(file, backup);
    mode = (await stat(file)).mode & 0o777;
  }
  const tmp = `${file}.svc-tmp-${process.pid}`;
  await writeFile(tmp, text, { mode });
  await rename(tmp, file);
  return { file, changed, backup, diff };
}
