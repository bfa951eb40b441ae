import { randomBytes } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import { connect as connectTls } from 'node:tls';

/**
 * Sends a WebSocket handshake by hand and resolves with the status line's
 * code, so refusals (401, 403) can be told apart: WebSocket clients only
 * report "failed".
 */
export function handshakeStatus(baseUrl: string, pathAndQuery: string, headers: Record<string, string> = {}): Promise<number> {
  const url = new URL(baseUrl);
  const port = Number(url.port);
  const lines = [
    `GET ${pathAndQuery} HTTP/1.1`,
    `Host: ${url.host}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ];
  return new Promise((resolve, reject) => {
    const socket = url.protocol === 'https:'
      ? connectTls({ host: url.hostname, port, rejectUnauthorized: false })
      : connectTcp({ host: url.hostname, port });
    let received = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error('handshake timed out')));
    socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => socket.write(lines.join('\r\n')));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (match) {
        socket.destroy();
        resolve(Number(match[1]));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`connection closed before a status line: ${JSON.stringify(received)}`)));
  });
}
