import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FORBIDDEN = [
  /from\s+['"]node:/,
  /import\(\s*['"]node:/,
  /from\s+['"](ws|sql\.js|undici|miniflare|deno)['"]/,
  /\bDeno\./,
  /\bWebSocketPair\b/,
  /\bprocess\.(env|argv|exit)/,
  /\brequire\(/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

describe('core/ imports nothing host-specific', () => {
  for (const file of sourceFiles('core')) {
    it(`${file} uses only web-standard globals, itty-router, typebox and smol-toml`, () => {
      const text = readFileSync(file, 'utf8');
      if (text.startsWith('// GENERATED')) {
        // Generated data modules (embedded rule texts) may quote anything, but import nothing:
        // their code, with every JSON string literal emptied, holds no import or require.
        const code = text.replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
        expect(code, `${file} is generated data`).not.toMatch(/^\s*import\b|\bimport\(|\brequire\(/m);
        return;
      }
      for (const pattern of FORBIDDEN) expect(text, `${file} matches ${pattern}`).not.toMatch(pattern);
    });
  }
  it('finds the core sources it guards', () => {
    expect(sourceFiles('core').length).toBeGreaterThan(10);
  });
});
