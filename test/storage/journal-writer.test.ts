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
 * A writer whose body step (the body log's write and sync) and journal sync
 * wait for the test; `events` lists what reached the disk, in order.
 */
function harness() {
  const events: string[] = [];
  const bodySteps: Array<ReturnType<typeof gate>> = [];
  const journalSyncs: Array<ReturnType<typeof gate>> = [];
  let written = new Uint8Array(0);
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
      async beforeWrite() {
        const step = gate();
        bodySteps.push(step);
        events.push(`bodies ${bodySteps.length}`);
        await step.promise;
        events.push(`bodies ${bodySteps.length} synced`);
      },
    },
  );
  const unit = (n: number) => writer.append([{ sql: 'INSERT INTO t VALUES (?)', params: [n] }]);
  return { writer, events, bodySteps, journalSyncs, unit, written: () => written };
}

describe('journal rounds', () => {
  it("a round's entries are written only after its own bodies are synced and after the previous round's entries, while the next round's bodies are written meanwhile", async () => {
    const h = harness();
    h.unit(1);
    const first = h.writer.flush();
    await ticks();
    h.unit(2);
    const second = h.writer.flush();
    await ticks();
    expect(h.events).toEqual(['bodies 1']); // round 2 waits for round 1's body step
    h.bodySteps[0]!.open();
    await ticks();
    // Round 1's entries go out; round 2's bodies are written while round 1's journal syncs.
    expect(h.events.slice(0, 2)).toEqual(['bodies 1', 'bodies 1 synced']);
    expect(h.events.slice(2).sort()).toEqual(['bodies 2', 'journal 1']);
    h.bodySteps[1]!.open();
    await ticks();
    expect(h.events).not.toContain('journal 2'); // round 1's entries are not durable yet
    let firstDone = false;
    void first.then(() => (firstDone = true));
    await ticks();
    expect(firstDone).toBe(false);
    h.journalSyncs[0]!.open();
    await first;
    await ticks();
    expect(h.events.slice(4)).toEqual(['bodies 2 synced', 'journal synced', 'journal 2']);
    h.journalSyncs[1]!.open();
    await second;
    expect(decodeJournal(h.written()).entries.map((entry) => entry.seq)).toEqual([1, 2]);
  });

  it('a body step that fails rejects its round and every later flush, and none of its entries are written', async () => {
    const h = harness();
    h.unit(1);
    const first = h.writer.flush().catch((error: Error) => error);
    await ticks();
    h.unit(2);
    const second = h.writer.flush().catch((error: Error) => error);
    h.bodySteps[0]!.open();
    await ticks();
    h.bodySteps[1]!.fail(new Error('EIO: injected'));
    await ticks();
    h.journalSyncs[0]!.open();
    expect(String(await second)).toContain('EIO');
    expect(String(await first)).toContain('EIO'); // the store turned read-only before round 1 was durable
    await ticks();
    expect(h.events).not.toContain('journal 2');
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
