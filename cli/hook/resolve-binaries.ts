/**
 * The executables a shell call will run, resolved for the session inventory
 * (`binaries: [{name, path, sha256}]` on evaluate): the program of each
 * pipeline segment, found on PATH, hashed. Hashes are cached in
 * `{config_dir}/hook-binaries.json` by path, size and mtime, so a large
 * binary is read once, not at every hook run.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import type { ToolCall } from '../../core/schemas/tool-call.ts';

export interface Binary { name: string; path: string; sha256: string }

const MAX_NAMES = 16;
const MAX_CACHE_ENTRIES = 500;
const PREFIXES = new Set(['sudo', 'env', 'nohup', 'time', 'exec', 'command', 'nice', 'timeout', 'xargs', 'builtin']);
const SHELL_WORDS = new Set(['if', 'then', 'else', 'elif', 'fi', 'for', 'while', 'until', 'do', 'done', 'case', 'esac', 'in', '{', '}', '!', '[[', ']]']);

/** The program names a command line starts in each segment (`a | b && c; d` → a, b, c, d). */
export function programNames(line: string): string[] {
  const names: string[] = [];
  for (const segment of line.slice(0, 16_384).split(/\|\|?|&&|;|&|\n|\$\(|`|\(|\)/)) {
    const words = segment.trim().split(/\s+/).filter(Boolean);
    let i = 0;
    while (i < words.length && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!) || PREFIXES.has(words[i]!) || SHELL_WORDS.has(words[i]!) || words[i]!.startsWith('-'))) i++;
    const word = words[i]?.replace(/^["']|["']$/g, '');
    if (word && /^[A-Za-z0-9_./+-]{1,255}$/.test(word) && !names.includes(word)) names.push(word);
    if (names.length >= MAX_NAMES) break;
  }
  return names;
}

/** The program names a tool call runs: ShellExec/ProcessSpawn only. */
export function callPrograms(call: ToolCall): string[] {
  if (call.type !== 'ShellExec' && call.type !== 'ProcessSpawn') return [];
  const inner = (call.command === 'bash' || call.command === 'sh') && call.args[0] === '-c' ? programNames(call.args[1] ?? '') : [];
  return [...new Set([call.command, ...inner])].slice(0, MAX_NAMES);
}

async function executable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file `name` runs: itself when it has a slash, else the first executable match on PATH. */
export async function which(name: string, pathVar: string, cwd: string): Promise<string | null> {
  if (name.includes('/')) return (await executable(resolve(cwd, name))) ? resolve(cwd, name) : null;
  for (const dir of pathVar.split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    if (await executable(candidate)) return candidate;
  }
  return null;
}

type Cache = Record<string, { size: number; mtimeMs: number; sha256: string }>;

function hashFile(path: string): Promise<string> {
  return new Promise((done, fail) => {
    const hash = createHash('sha256');
    createReadStream(path).on('data', (chunk) => hash.update(chunk)).on('error', fail).on('end', () => done(hash.digest('hex')));
  });
}

/** Resolves and hashes `names`; what cannot be found is left out. */
export async function resolveBinaries(names: readonly string[], o: { pathVar: string; cwd: string; cacheFile: string }): Promise<Binary[]> {
  if (names.length === 0) return [];
  let cache: Cache = {};
  try {
    cache = JSON.parse(await readFile(o.cacheFile, 'utf8')) as Cache;
  } catch {
    cache = {};
  }
  let dirty = false;
  const out: Binary[] = [];
  for (const name of names) {
    const path = await which(name, o.pathVar, o.cwd);
    if (!path) continue;
    const info = await stat(path);
    const hit = cache[path];
    let sha256 = hit && hit.size === info.size && hit.mtimeMs === info.mtimeMs ? hit.sha256 : null;
    if (!sha256) {
      sha256 = await hashFile(path);
      cache[path] = { size: info.size, mtimeMs: info.mtimeMs, sha256 };
      dirty = true;
    }
    out.push({ name, path, sha256 });
  }
  if (dirty) {
    const entries = Object.entries(cache).slice(-MAX_CACHE_ENTRIES);
    const tmp = `${o.cacheFile}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(Object.fromEntries(entries)), { mode: 0o600 }).then(() => rename(tmp, o.cacheFile)).catch(() => undefined);
  }
  return out;
}
