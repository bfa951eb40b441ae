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
});
