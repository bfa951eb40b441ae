import { describe, expect, it } from 'vitest';
import { MAX_PEER_BACKLOG_BYTES, RealtimeHub } from '../../core/realtime/hub.ts';
import type { WsPeer } from '../../core/realtime/ws-contract.ts';

function peer(backlog: () => number) {
  const sent: string[] = [];
  let closedWith: number | null = null;
  const ws: WsPeer = {
    send: (text) => void sent.push(text),
    close: (code) => void (closedWith = code ?? 1000),
    bufferedAmount: backlog,
  };
  return { ws, sent, closed: () => closedWith };
}

describe('a slow live client never slows decisions', () => {
  it('a client whose backlog passes the bound is closed with 1013 and dropped, while others keep receiving', () => {
    const hub = new RealtimeHub(() => Date.UTC(2026, 10, 22));
    const fast = peer(() => 0);
    let slowBacklog = 0;
    const slow = peer(() => slowBacklog);
    hub.addLive(fast.ws);
    hub.addLive(slow.ws);
    hub.broadcast('proxy_evaluation', { n: 1 });
    slowBacklog = MAX_PEER_BACKLOG_BYTES;
    hub.broadcast('proxy_evaluation', { n: 2 });
    hub.broadcast('proxy_evaluation', { n: 3 });
    expect(fast.sent.map((t) => JSON.parse(t).data.n)).toEqual([1, 2, 3]);
    expect(slow.sent).toHaveLength(1);
    expect(slow.closed()).toBe(1013);
  });

  it('events are {type, data, at} with an ISO timestamp', () => {
    const hub = new RealtimeHub(() => Date.UTC(2026, 10, 22, 10, 0, 0));
    const p = peer(() => 0);
    hub.addLive(p.ws);
    hub.broadcast('digest_queued', { id: 'x' });
    expect(JSON.parse(p.sent[0]!)).toEqual({ type: 'digest_queued', data: { id: 'x' }, at: '2026-11-22T10:00:00.000Z' });
  });

  it('a client whose send throws is dropped without affecting the broadcast', () => {
    const hub = new RealtimeHub(() => 0);
    const broken: WsPeer = { send: () => { throw new Error('gone'); }, close: () => undefined, bufferedAmount: () => 0 };
    const ok = peer(() => 0);
    hub.addLive(broken);
    hub.addLive(ok.ws);
    hub.broadcast('a', {});
    hub.broadcast('b', {});
    expect(ok.sent).toHaveLength(2);
  });
});
