/**
 * The WAL check the Workers harness runs before Miniflare opens the Durable
 * Object store (issues 9.5, 16.2), over real WALs workerd wrote (12 audit
 * records each, two runs, so two salt generations): only an incomplete final
 * write is `torn`; a frame failing its checksum or salts with frames of the
 * same generation after it, or a bad header, is `damaged`.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inspectWal } from '../../adapters/workers/wal-inspect.ts';

const fixture = (name: string) => new Uint8Array(gunzipSync(readFileSync(new URL(`./fixtures/${name}`, import.meta.url))));
const A = fixture('workerd-a.sqlite-wal.gz');
const B = fixture('workerd-b.sqlite-wal.gz');
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const FRAME = 24 + view(A).getUint32(8);
const frameAt = (index: number) => 32 + index * FRAME;
const isCommit = (bytes: Uint8Array, index: number) => view(bytes).getUint32(frameAt(index) + 4) !== 0;
const flipped = (bytes: Uint8Array, at: number) => {
  const copy = bytes.slice();
  copy[at] = copy[at]! ^ 0x04;
  return copy;
};

describe('WAL inspection', () => {
  it('a WAL workerd wrote and closed is clean, every frame counted', () => {
    expect(inspectWal(A)).toEqual({ kind: 'clean', frames: (A.length - 32) / FRAME });
    expect(inspectWal(B)).toEqual({ kind: 'clean', frames: (B.length - 32) / FRAME });
    expect(inspectWal(new Uint8Array())).toEqual({ kind: 'empty' });
  });

  it('a byte flipped inside a middle frame, frames after it: damaged at that frame', () => {
    for (const index of [0, 40, 100]) {
      const verdict = inspectWal(flipped(A, frameAt(index) + 24 + 1000));
      expect(verdict).toMatchObject({ kind: 'damaged', frames: index, at: frameAt(index) });
      expect(verdict.kind === 'damaged' && verdict.reason).toMatch(new RegExp(`WAL frame ${index + 1} \\(page \\d+\\) fails its checksum`));
    }
  });

  it('a frame header field flipped (page number, salt, checksum) is damage too', () => {
    for (const field of [0, 3, 8, 15, 16, 23]) expect(inspectWal(flipped(A, frameAt(60) + field)).kind, `field byte ${field}`).toBe('damaged');
  });

  it('a damaged WAL header (magic, page size, salt, checksum) or one cut short is damage', () => {
    for (const at of [0, 9, 17, 27]) expect(inspectWal(flipped(A, at)).kind, `header byte ${at}`).toBe('damaged');
    expect(inspectWal(A.subarray(0, 20))).toMatchObject({ kind: 'damaged', reason: expect.stringMatching(/cut short/) });
  });

  it('a tail cut inside a frame is a torn final write: SQLite ignores what follows the last commit', () => {
    const cut = frameAt(90) + 1500;
    const verdict = inspectWal(A.subarray(0, cut));
    let lastCommit = 89;
    while (!isCommit(A, lastCommit)) lastCommit--;
    expect(verdict).toMatchObject({ kind: 'torn', frames: 90, discardedFrom: frameAt(lastCommit + 1) });
  });

  it('a final frame failing its checksum with nothing after it is torn, not damage', () => {
    const last = (A.length - 32) / FRAME - 1;
    expect(inspectWal(flipped(A, frameAt(last) + 24 + 7))).toMatchObject({ kind: 'torn', frames: last });
  });

  it('committed frames then an uncommitted transaction: torn, discarded from the last commit', () => {
    let index = 10;
    while (isCommit(A, index)) index++;
    const verdict = inspectWal(A.subarray(0, frameAt(index + 1)));
    expect(verdict).toMatchObject({ kind: 'torn', reason: expect.stringMatching(/never committed/) });
  });

  it('frames of an older generation after the last commit (a WAL restarted over an older one) are clean', () => {
    let index = 60;
    while (!isCommit(B, index)) index++;
    const restarted = new Uint8Array(A.length);
    restarted.set(A);
    restarted.set(B.subarray(0, frameAt(index + 1)));
    expect(inspectWal(restarted)).toEqual({ kind: 'clean', frames: index + 1 });
    // ...but a damaged frame in the newer generation, followed by more of it, is still damage.
    expect(inspectWal(flipped(restarted, frameAt(20) + 500)).kind).toBe('damaged');
  });
});
