import { describe, expect, it } from 'vitest';
import { createFedRows, sourceRowOf } from '../../../core/analytics/fed-rows.ts';
import { createProjector } from '../../../core/analytics/projector.ts';
import { toSourceRow } from '../../../core/analytics/read-audit-rows.ts';
import { analyticsHarness, decision } from './helpers.ts';

describe('records handed over by the decision path', () => {
  it('fold exactly as their stored rows would (full, supervised and short-circuit records)', async () => {
    const h = await analyticsHarness();
    const records = [
      await h.audit.append(decision()),
      await h.audit.append(decision({ proxy_action: 'deny', session_id: null, supervised: { tool: 'claude', pid: 7, project_name: 'demo' } })),
      await h.audit.appendShortCircuit({ tool_call: { type: 'ShellExec', command: 'ls' }, session_id: null, plugin_id: 'p', composite_score: 0, proxy_action: 'allow', source: null, reason: 'learned_rule' }),
    ];
    for (const record of records) {
      const row = h.storage.inner.get('SELECT * FROM audit_records WHERE sequence = ?', [record.sequence])!;
      expect(sourceRowOf(record)).toEqual(toSourceRow(row));
    }
  });

  it('are taken only as an unbroken run right after the watermark', async () => {
    const h = await analyticsHarness();
    const fed = createFedRows();
    const records = [await h.audit.append(decision()), await h.audit.append(decision()), await h.audit.append(decision())];
    fed.offer(records[2]!);
    fed.offer(records[0]!);
    expect(fed.take(1, 10)).toEqual([]); // sequence 2 is not held: the store answers
    fed.offer(records[1]!);
    expect(fed.take(0, 2)).toEqual([sourceRowOf(records[0]!), sourceRowOf(records[1]!)]);
    expect(fed.take(2, 10)).toEqual([sourceRowOf(records[2]!)]);
    expect(fed.take(3, 10)).toEqual([]);
    expect(fed.take(0, 10)).toEqual([]); // below the watermark: dropped
  });

  it('decisions through the evaluate route are folded without reading their rows back, into the same totals', async () => {
    const h = await analyticsHarness();
    const calls = [
      { type: 'FileRead', path: '/tmp/a.txt' },
      { type: 'ShellExec', command: 'rm', args: ['-rf', '/'] },
      { type: 'ShellExec', command: 'ls', args: ['-la'] },
    ];
    for (let i = 0; i < 30; i += 1) {
      const response = await h.app.request('/api/proxy/evaluate', {
        method: 'POST',
        headers: { authorization: `Bearer ${h.app.daemonToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tool_call: calls[i % calls.length], session_id: `00000000-0000-4000-8000-00000000000${i % 3}`, source: 'test' }),
      });
      expect(response.status).toBe(200);
    }
    const read = h.storage.auditRowsRead;
    await h.analytics.idle();
    expect(h.analytics.projector.rowsRead).toBe(30);
    expect(h.storage.auditRowsRead - read).toBeLessThan(10); // point lookups (head, edges), never the 30 rows
    const { body } = await h.get('/api/analytics/v2/free');
    const direct = h.storage.inner.all<{ proxy_action: string; n: number }>('SELECT proxy_action, COUNT(*) AS n FROM audit_records GROUP BY proxy_action');
    for (const row of direct) expect(body.decisions[row.proxy_action]).toBe(row.n);
    expect(body.decisions.total).toBe(30);
  });

  it('the worker leaves records not handed over yet for a later tick instead of reading them back, and reads them when they never come', async () => {
    const h = await analyticsHarness();
    await h.analytics.idle();
    const fed = createFedRows();
    const projector = createProjector(h.storage, { fed });
    const records = [await h.audit.append(decision()), await h.audit.append(decision()), await h.audit.append(decision())];
    const watermark = records[0]!.sequence - 1;
    projector.catchUp({ maxBatches: 0, maxDays: Infinity }); // the harness's own worker may have moved the shared watermark
    h.storage.inner.run('UPDATE analytics_state SET through_sequence = ? WHERE id = 1', [watermark]);
    fed.offer(records[0]!);
    fed.offer(records[1]!); // the third is committed, its decision not yet durable
    const read = h.storage.auditRowsRead;
    expect(projector.catchUp({ maxBatches: 5, maxDays: Infinity, awaitFeed: true })).toEqual({ batches: 1, records: 2, caughtUp: false, awaitingFeed: true });
    expect(h.storage.auditRowsRead - read).toBeLessThan(5); // edges only, no record read back
    expect(projector.rowsRead).toBe(2);
    // It never came (another path appended it): the next catch-up reads it from the store.
    expect(projector.catchUp({ maxBatches: 5, maxDays: Infinity, awaitFeed: true })).toEqual({ batches: 1, records: 1, caughtUp: true });
    expect(projector.rowsRead).toBe(3);
  });
});
