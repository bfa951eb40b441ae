import { describe, expect, it } from 'vitest';
import { decodeJournal, encodeEntries } from '../../storage/sqljs/journal-codec.ts';

describe('journal codec', () => {
  it('round-trips entries with every SQL value type and interned statements', () => {
    const dictionary = new Map<string, number>();
    const bytes = encodeEntries(
      [
        { seq: 1, statements: [{ sql: 'INSERT INTO t VALUES (?, ?, ?, ?)', params: ['a é 😀', 1.5, null, 12345678901234567890n] }] },
        { seq: 2, statements: [{ sql: 'INSERT INTO t VALUES (?, ?, ?, ?)', params: [new Uint8Array([0, 255, 7]), 0, 'x', -1] }] },
      ],
      dictionary,
    );
    const decoded = decodeJournal(bytes);
    expect(decoded.torn).toBe(false);
    expect(decoded.validLength).toBe(bytes.length);
    expect(decoded.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(decoded.entries[0]!.statements[0]!.params).toEqual(['a é 😀', 1.5, null, 12345678901234567890n]);
    expect(decoded.entries[1]!.statements[0]!.params[0]).toEqual(new Uint8Array([0, 255, 7]));
    expect(decoded.entries[1]!.statements[0]!.sql).toBe('INSERT INTO t VALUES (?, ?, ?, ?)');
    expect(decoded.dictionary).toEqual(dictionary);
  });

  it('stops at a torn last entry and reports the valid prefix', () => {
    const bytes = encodeEntries(
      [1, 2, 3].map((seq) => ({ seq, statements: [{ sql: 'X', params: [seq] }] })),
      new Map(),
    );
    for (let cut = 1; cut < 20; cut++) {
      const decoded = decodeJournal(bytes.subarray(0, bytes.length - cut));
      expect(decoded.entries.map((e) => e.seq)).toEqual([1, 2]);
      expect(decoded.torn).toBe(true);
    }
  });

  it('rejects an entry whose checksum does not match', () => {
    const bytes = encodeEntries([{ seq: 1, statements: [{ sql: 'X', params: [111] }] }], new Map());
    const flipped = bytes.slice();
    const at = flipped.lastIndexOf(0x31); // a '1' in the params
    flipped[at] = 0x32;
    expect(decodeJournal(flipped).entries).toEqual([]);
  });

  it("stops before a crash's last round when the body log on disk ends before the end it names, and forgets the statements that round defined", () => {
    const bytes = encodeEntries(
      [
        { seq: 1, statements: [{ sql: 'A', params: [1] }], bodiesEnd: 100 },
        { seq: 2, statements: [{ sql: 'B', params: [2] }], bodiesEnd: 300 },
        { seq: 3, statements: [{ sql: 'C', params: [3] }] },
      ],
      new Map(),
    );
    const whole = decodeJournal(bytes, 300);
    expect(whole.entries.map((e) => [e.seq, e.bodiesEnd])).toEqual([[1, 100], [2, 300], [3, undefined]]);
    expect(whole).toMatchObject({ torn: false, unbacked: false });
    const cut = decodeJournal(bytes, 299);
    expect(cut.entries.map((e) => e.seq)).toEqual([1]);
    expect(cut).toMatchObject({ torn: true, unbacked: true });
    expect(cut.validLength).toBe(bytes.indexOf(0x0a) + 1);
    expect([...cut.dictionary.keys()]).toEqual(['A']);
  });

  it('a round short of its bodies followed by another round is no crash tail (the store reads it as damage)', () => {
    const bytes = encodeEntries(
      [
        { seq: 1, statements: [{ sql: 'A', params: [1] }], bodiesEnd: 100 },
        { seq: 2, statements: [{ sql: 'A', params: [2] }], bodiesEnd: 200 },
      ],
      new Map(),
    );
    const decoded = decodeJournal(bytes, 50);
    expect(decoded.entries).toEqual([]);
    expect(decoded).toMatchObject({ torn: true, unbacked: false });
  });
});
