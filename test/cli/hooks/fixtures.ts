/** The recorded agent hook payloads of test/fixtures/hooks/ (see its README). */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const FIXTURES_DIR = resolve(import.meta.dirname, '../../fixtures/hooks');

export interface HookFixture {
  agent: string;
  name: string;
  docs: string;
  description: string;
  expect: 'allow' | 'queue' | 'deny' | 'none';
  input: Record<string, unknown>;
}

export function loadFixtures(): HookFixture[] {
  const out: HookFixture[] = [];
  for (const agent of readdirSync(FIXTURES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    for (const file of readdirSync(join(FIXTURES_DIR, agent)).filter((f) => f.endsWith('.json')).sort()) {
      const data = JSON.parse(readFileSync(join(FIXTURES_DIR, agent, file), 'utf8')) as Omit<HookFixture, 'agent' | 'name'>;
      out.push({ agent, name: file.replace(/\.json$/, ''), ...data });
    }
  }
  return out;
}

export const fixture = (agent: string, name: string): HookFixture => {
  const found = loadFixtures().find((f) => f.agent === agent && f.name === name);
  if (!found) throw new Error(`no fixture ${agent}/${name}`);
  return found;
};
