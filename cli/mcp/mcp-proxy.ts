/**
 * `svc mcp`: an MCP stdio proxy. Every JSON-RPC message is relayed both ways
 * as it came (framing and message types from @modelcontextprotocol/sdk),
 * except a `tools/call` request, which is first judged: allowed calls go on
 * to the server; a refused one is answered to the client with a tool result
 * `{isError: true, content: [{type: "text", text: <reason>}]}` and the server
 * never sees it. A client's `notifications/cancelled` for a call still being
 * judged drops that call. Nothing unjudged reaches the server as a tool call:
 * a `tools/call` svc cannot read (no tool name, arguments that are not an
 * object) is answered -32602 Invalid params by the proxy, and one sent as a
 * notification (no id, so no answer could carry a refusal) is dropped.
 *
 * When the server goes away first, every request it was still to answer gets a
 * JSON-RPC error (-32603, the server exited) before the client side closes, and
 * `closed` says the server ended it, so `svc mcp` can exit non-zero.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Verdict } from '../hook/agent.ts';

export interface ToolCallParams {
  name: string;
  arguments: Record<string, unknown>;
}

export interface McpProxyOptions {
  /** Faces the MCP client (the agent): usually stdin/stdout. */
  client: Transport;
  /** Faces the MCP server: usually the spawned server process. */
  server: Transport;
  /** Judges one tool call (never throws: failures are verdicts). */
  judge(call: ToolCallParams): Promise<Verdict>;
  /** A line for the proxy's own log (stderr). */
  log(line: string): void;
}

type Id = string | number;

const isToolCall = (m: JSONRPCMessage): m is JSONRPCMessage & { id: Id; method: 'tools/call'; params?: Record<string, unknown> } =>
  'method' in m && m.method === 'tools/call' && 'id' in m;

const isToolCallNotification = (m: JSONRPCMessage): boolean => 'method' in m && m.method === 'tools/call' && !('id' in m);

function paramsOf(params: Record<string, unknown> | undefined): ToolCallParams | null {
  if (!params || typeof params.name !== 'string' || params.name === '') return null;
  const args = params.arguments;
  if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) return null;
  return { name: params.name, arguments: (args as Record<string, unknown> | undefined) ?? {} };
}

/** Who ended the relay: the client (its stdin ended, or a signal) or the server (it exited). */
export type ClosedBy = 'client' | 'server';

/** Connects the two sides and starts relaying; resolves once both transports are started. `close` ends both. */
export async function startMcpProxy(o: McpProxyOptions): Promise<{ closed: Promise<ClosedBy>; close: () => void }> {
  const judging = new Map<Id, { cancelled: boolean }>();
  /** Client requests the server has yet to answer. */
  const pending = new Set<Id>();
  let closing = false;
  let closedBy: ClosedBy = 'client';
  let resolveClosed!: (by: ClosedBy) => void;
  const closed = new Promise<ClosedBy>((done) => (resolveClosed = done));
  const close = () => {
    if (closing) return;
    closing = true;
    void Promise.allSettled([o.client.close(), o.server.close()]).then(() => resolveClosed(closedBy));
  };
  const send = (to: Transport, message: JSONRPCMessage) =>
    to.send(message).catch((error: Error) => o.log(`could not relay a message: ${error.message}`));

  async function onToolCall(message: JSONRPCMessage & { id: Id; params?: Record<string, unknown> }): Promise<void> {
    const params = paramsOf(message.params);
    if (!params) {
      o.log('refused a tools/call without a tool name or with arguments that are not an object');
      return send(o.client, { jsonrpc: '2.0', id: message.id, error: { code: -32602, message: 'Invalid params: tools/call needs a tool name and arguments that are an object (refused by svc)' } });
    }
    const state = { cancelled: false };
    judging.set(message.id, state);
    const verdict = await o.judge(params);
    judging.delete(message.id);
    if (state.cancelled || closing) return;
    if (verdict.kind !== 'deny') {
      pending.add(message.id);
      return send(o.server, message);
    }
    o.log(`refused ${params.name}: ${verdict.reason}`);
    return send(o.client, { jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: verdict.reason }], isError: true } });
  }

  o.client.onmessage = (message) => {
    if (isToolCall(message)) return void onToolCall(message);
    if (isToolCallNotification(message)) return void o.log('dropped a tools/call sent as a notification (no id): it cannot be judged and answered');
    if ('method' in message && message.method === 'notifications/cancelled') {
      const id = (message.params as { requestId?: Id } | undefined)?.requestId;
      const state = id === undefined ? undefined : judging.get(id);
      if (state) return void (state.cancelled = true);
      // A request the client gave up on is not answered for it should the server exit.
      if (id !== undefined) pending.delete(id);
    }
    if ('method' in message && 'id' in message) pending.add(message.id);
    void send(o.server, message);
  };
  o.server.onmessage = (message) => {
    if (!('method' in message) && 'id' in message) pending.delete(message.id as Id);
    void send(o.client, message);
  };
  o.client.onclose = close;
  o.server.onclose = () => {
    if (closing) return;
    closedBy = 'server';
    o.log(`the MCP server exited${pending.size ? `; ${pending.size} request(s) it had not answered get an error` : ''}`);
    const answers = [...pending].map((id) => send(o.client, { jsonrpc: '2.0', id, error: { code: -32603, message: 'the MCP server exited before answering (svc mcp)' } }));
    pending.clear();
    void Promise.allSettled(answers).then(close);
  };
  o.client.onerror = (error) => o.log(`client: ${error.message}`);
  o.server.onerror = (error) => o.log(`server: ${error.message}`);
  await o.server.start();
  await o.client.start();
  return { closed, close };
}
