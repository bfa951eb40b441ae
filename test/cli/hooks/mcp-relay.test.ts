/**
 * The MCP proxy's relay (cli/mcp/mcp-proxy.ts) over in-memory transports:
 * nothing reaches the server as a tool call unless it was judged. A refused
 * call is answered `{isError: true}` with the reason; a tools/call svc cannot
 * read is answered -32602 by the proxy; one sent as a notification is dropped.
 */
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { startMcpProxy, type ToolCallParams } from '../../../cli/mcp/mcp-proxy.ts';

async function relay(verdict: 'allow' | 'deny') {
  const [agentSide, proxyClientSide] = InMemoryTransport.createLinkedPair();
  const [proxyServerSide, serverSide] = InMemoryTransport.createLinkedPair();
  const atServer: JSONRPCMessage[] = [];
  const atAgent: JSONRPCMessage[] = [];
  const judged: ToolCallParams[] = [];
  serverSide.onmessage = (m) => void atServer.push(m);
  agentSide.onmessage = (m) => void atAgent.push(m);
  await serverSide.start();
  await agentSide.start();
  const proxy = await startMcpProxy({
    client: proxyClientSide,
    server: proxyServerSide,
    log: () => undefined,
    judge: async (call) => {
      judged.push(call);
      return verdict === 'allow' ? { kind: 'defer', reason: '' } : { kind: 'deny', reason: 'blocked by svc (test)' };
    },
  });
  const settle = () => new Promise((done) => setTimeout(done, 20));
  return { agentSide, serverSide, atServer, atAgent, judged, settle, close: proxy.close, closed: proxy.closed };
}

describe('svc mcp relay', () => {
  it('forwards a judged-allowed tools/call and every other message as it came', async () => {
    const r = await relay('allow');
    const call: JSONRPCMessage = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'read', arguments: { path: '/x' } } };
    const list: JSONRPCMessage = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    await r.agentSide.send(call);
    await r.agentSide.send(list);
    await r.settle();
    expect(r.judged).toEqual([{ name: 'read', arguments: { path: '/x' } }]);
    expect(r.atServer).toEqual(expect.arrayContaining([call, list]));
    r.close();
  });

  it('when the server exits first, each request it had not answered (and the client still waits for) gets -32603, and closed says the server ended it', async () => {
    const r = await relay('allow');
    await r.agentSide.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow', arguments: {} } });
    await r.agentSide.send({ jsonrpc: '2.0', id: 2, method: 'resources/list' });
    await r.agentSide.send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    await r.agentSide.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } });
    await r.settle();
    await r.serverSide.send({ jsonrpc: '2.0', id: 3, result: { tools: [] } });
    await r.settle();
    await r.serverSide.close();
    expect(await r.closed).toBe('server');
    expect(r.atAgent).toEqual([
      { jsonrpc: '2.0', id: 3, result: { tools: [] } },
      { jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'the MCP server exited before answering (svc mcp)' } },
    ]);
  });

  it('answers a refused tools/call with an isError result naming the reason; the server never sees it', async () => {
    const r = await relay('deny');
    await r.agentSide.send({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'write', arguments: { path: '/x' } } });
    await r.settle();
    expect(r.atServer).toEqual([]);
    expect(r.atAgent).toEqual([{ jsonrpc: '2.0', id: 'a', result: { content: [{ type: 'text', text: 'blocked by svc (test)' }], isError: true } }]);
    r.close();
  });

  it('a tools/call svc cannot judge (no tool name, arguments not an object) is answered -32602 and never reaches the server; one sent as a notification is dropped', async () => {
    const r = await relay('allow');
    const malformed = [
      { name: 'write', arguments: null },
      { name: 'write', arguments: ['/etc/passwd'] },
      { name: 'write', arguments: 'x' },
      { name: '', arguments: {} },
      { arguments: {} },
    ];
    for (const [i, params] of malformed.entries()) await r.agentSide.send({ jsonrpc: '2.0', id: i, method: 'tools/call', params } as JSONRPCMessage);
    await r.agentSide.send({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'write', arguments: { path: '/x' } } } as JSONRPCMessage);
    await r.settle();
    expect(r.atServer).toEqual([]);
    expect(r.judged).toEqual([]);
    expect(r.atAgent.map((m) => ['id' in m ? m.id : null, 'error' in m ? m.error.code : null])).toEqual(malformed.map((_, i) => [i, -32602]));
    r.close();
  });
});
