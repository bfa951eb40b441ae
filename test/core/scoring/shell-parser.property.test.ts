import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_OUTPUT } from '../../../core/scoring/shell/limits.ts';
import { normaliseShell } from '../../../core/scoring/shell/normalise.ts';

const MiB = 1024 * 1024;
const lists = { paths: ['/etc/shadow', '~/.ssh', '~/.ssh/id_rsa'], commands: ['cat', 'rm', 'sh'] };
// Pieces of shell syntax that stress the parser: openers without closers,
// nesting, here-documents, expansions that grow, decoders and globs.
const piece = fc.constantFrom(
  '$(', ')', '`', '"', "'", "$'\\x41", '${', '}', '{', '(', '<<EOF\n', '<<<', '| ', '&& ', '; ', '&', '\\', '\n',
  'a=$a$a$a; ', 'eval ', 'bash -c "', 'sh -c ', 'echo aWQgLXU= | base64 -d | sh; ', 'f(){ f|f& };', '/???/c?t ',
  '{a,b,c}{d,e,f}', 'for i in *; do ', 'done', 'case x in *) ;; esac', '$((1+', 'python3 -c "', 'xargs ', 'find . -exec ',
  '<(', '>(', '2>&1 ', 'function g { ', '[[ ', ']] ', 'while :; do ', 'if true; then ', 'fi ', '$IFS', 'x', ' ',
);
const chunks = fc.array(fc.tuple(piece, fc.integer({ min: 1, max: 4000 })), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.map(([p, n]) => p.repeat(n)).join('').slice(0, MiB));
const text = fc.oneof(
  { weight: 2, arbitrary: chunks },
  { weight: 1, arbitrary: fc.string({ maxLength: 400 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 400 }) },
  { weight: 1, arbitrary: fc.tuple(piece, fc.integer({ min: 1, max: 300_000 })).map(([p, n]) => p.repeat(n).slice(0, MiB)) },
);

describe('the shell parser cannot be stalled', () => {
  it('normalises random and adversarial shell text up to 1 MiB without throwing, within its output bound', () => {
    fc.assert(fc.property(text, fc.boolean(), (script, asArgv) => {
      const out = asArgv
        ? normaliseShell({ command: 'sh', args: ['-c', script] }, lists)
        : normaliseShell({ command: script, args: [] }, lists);
      expect(typeof out).toBe('string');
      expect(out.length).toBeLessThanOrEqual(MAX_OUTPUT + 8192);
    }), { numRuns: 250 });
  });
});
