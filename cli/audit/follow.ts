/**
 * `svc audit tail --follow`: the `/ws/live` stream's `proxy_evaluation`
 * events, one line each, until Ctrl-C (exit 0) or the daemon goes away
 * (exit 3).
 */
import WebSocket from 'ws';
import type { ApiClient } from '../api-client.ts';
import { EXIT, notRunning } from '../errors.ts';

export interface LiveEvaluation {
  audit_id: string;
  session_id: string;
  tool_call_type: string;
  decision: string;
  composite_score: number;
  arguments_summary: string;
  plugin_id: string;
}

export async function follow(client: ApiClient, onEvaluation: (event: LiveEvaluation, at: string) => void, onOpen: () => void): Promise<number> {
  const base = await client.url();
  await client.health();
  const url = new URL('/ws/live', base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', await client.dashboardToken());
  const socket = new WebSocket(url, { origin: base, handshakeTimeout: 10_000 });
  return new Promise((done, fail) => {
    let stopping = false;
    const stop = () => {
      stopping = true;
      socket.close();
      done(EXIT.ok);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    socket.once('open', onOpen);
    socket.on('message', (data) => {
      let message: { type?: unknown; data?: unknown; at?: unknown };
      try {
        message = JSON.parse(String(data)) as typeof message;
      } catch {
        return;
      }
      if (message.type === 'proxy_evaluation' && typeof message.data === 'object' && message.data !== null) {
        onEvaluation(message.data as LiveEvaluation, typeof message.at === 'string' ? message.at : new Date().toISOString());
      }
    });
    socket.on('unexpected-response', (_request, response) => {
      fail(notRunning(`the live stream was refused (${response.statusCode})`, 'check `svc doctor`'));
    });
    socket.on('error', (error) => {
      if (!stopping) fail(notRunning(`the live stream failed: ${error.message}`));
    });
    socket.on('close', () => {
      if (!stopping) fail(notRunning('the daemon closed the live stream (it stopped)'));
    });
  });
}
