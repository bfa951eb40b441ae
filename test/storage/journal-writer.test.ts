import { describe, expect, it } from 'vitest';
import type { StorageDirectory } from '../../storage/sqljs/files.ts';
import { decodeJournal } from '../../storage/sqljs/journal-codec.ts';
import { createJournalWriter } from '../../storage/sqljs/journal-writer.ts';

/** A promise the test settles. */
function gate(): { promise: Promise<void>; open(): void; fail(error: Error): void } {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const ticks = async (n = 10): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * A writer whose body log write (write and sync) and journal sync wait for
 * the test; `events` lists what reached the disk, in order.
 */
function harness() {
  const events: string[] = [];
  const bodySteps: Array<ReturnType<typeof gate>> = [];
  const journalSyncs: Array<ReturnType<typeof gate>> = [];
  let written = new Uint8Array(0);
  let bodiesEnd = 0;
  const writer = createJournalWriter(
    {} as StorageDirectory,
    {
      file: {
        async append(bytes) {
          const before = decodeJournal(written).entries.length;
          written = new Uint8Array([...written, ...bytes]);
          const seqs = decodeJournal(written).entries.slice(before).map((entry) => entry.seq);
          events.push(`journal ${seqs.join(',')}`);
        },
        async sync() {
          const step = gate();
          journalSyncs.push(step);
          await step.promise;
          events.push('journal synced');
        },
        close: async () => undefined,
      },
      fileName: 'journal-0000000000000001.log',
      dictionary: new Map(),
      size: 0,
      lastSeq: 0,
    },
    {
      onFailure: () => undefined,
      onSynced: () => undefined,
      bodies: {
        end: () => bodiesEnd,
        async write() {
          const step = gate();
          bodySteps.push(step);
          events.push(`bodies ${bodySteps.length}`);
          await step.promise;
          events.push(`bodies ${bodySteps.length} synced`);
        },
      },
    },
  );
  /** A unit whose row refers to 100 more bytes of the body log. */
  const unit = (n: number) => {
    bodiesEnd += 100;
    return writer.append([{ sql: 'INSERT INTO t VALUES (?)', params: [n] }]);
  };
  return { writer, events, bodySteps, journalSyncs, unit, written: () => written };
}

describe('journal rounds', () => {
  it("a round writes its bodies and its entries at once, its flushes resolve once both are synced, and the next round starts after it", async () => {
    const h = harness();
    h.unit(1);
    const first = h.writer.flush();
    await ticks();
    expect(h.events.sort()).toEqual(['bodies 1', 'journal 1']); // both files at once
    h.unit(2);
    const second = h.writer.flush();
    let firstDone = false;
    void first.then(() => (firstDone = true));
    h.journalSyncs[0]!.open();
    await ticks();
    expect(firstDone).toBe(false); // the journal is synced, the bodies it names are not
    expect(h.events).not.toContain('journal 2'); // one round at a time
    h.bodySteps[0]!.open();
    await first;
    await ticks();
    expect(h.events.slice(4).sort()).toEqual(['bodies 2', 'journal 2']);
    let secondDone = false;
    void second.then(() => (secondDone = true));
    h.bodySteps[1]!.open();
    await ticks();
    expect(secondDone).toBe(false); // now the bodies are synced and the journal is not
    h.journalSyncs[1]!.open();
    await second;
    expect(decodeJournal(h.written()).entries.map((entry) => entry.seq)).toEqual([1, 2]);
  });

  it("a round's first entry names the end of the body log it needs; its other entries name none", async () => {
    const h = harness();
    h.unit(1);
    h.unit(2);
    const first = h.writer.flush();
    await ticks();
    h.bodySteps[0]!.open();
    h.journalSyncs[0]!.open();
    await first;
    h.unit(3);
    const second = h.writer.flush();
    await ticks();
    h.bodySteps[1]!.open();
    h.journalSyncs[1]!.open();
    await second;
    const entries = decodeJournal(h.written()).entries;
    expect(entries.map((entry) => [entry.seq, entry.bodiesEnd])).toEqual([[1, 200], [2, undefined], [3, 300]]);
    // A body log on disk short of a round's end: the journal is read up to that round.
    const cut = decodeJournal(h.written(), 250);
    expect(cut.entries.map((entry) => entry.seq)).toEqual([1, 2]);
    expect(cut).toMatchObject({ torn: true, unbacked: true });
  });

  it('a body log write that fails rejects its round and every later flush', async () => {
    const h = harness();
    h.unit(1);
    const first = h.writer.flush().catch((error: Error) => error);
    await ticks();
    h.unit(2);
    const second = h.writer.flush().catch((error: Error) => error);
    h.journalSyncs[0]!.open();
    h.bodySteps[0]!.fail(new Error('EIO: injected'));
    expect(String(await first)).toContain('EIO');
    expect(String(await second)).toContain('EIO');
    await ticks();
    expect(h.events).not.toContain('journal 2'); // no round after a failed one
    expect(() => h.unit(3)).toThrow('EIO');
    await expect(h.writer.flush()).rejects.toThrow('EIO');
  });

  it('an exclusive section waits for every round in flight and no round starts until it is done', async () => {
    const h = harness();
    h.unit(1);
    const first = h.writer.flush();
    await ticks();
    let inside = false;
    let seen: string[] = [];
    let bodyStepsInside = 0;
    const section = h.writer.exclusive(async () => {
      inside = true;
      seen = [...h.events];
      await ticks();
      bodyStepsInside = h.bodySteps.length;
    });
    h.unit(2);
    const second = h.writer.flush();
    h.bodySteps[0]!.open();
    await ticks();
    expect(inside).toBe(false);
    h.journalSyncs[0]!.open();
    await first;
    await section;
    expect(inside).toBe(true);
    expect(seen).toContain('journal synced'); // round 1 was durable before the section ran
    expect(bodyStepsInside).toBe(1); // round 2 had not started meanwhile
    await ticks();
    h.bodySteps[1]!.open();
    await ticks();
    h.journalSyncs[1]!.open();
    await second;
  });
});
