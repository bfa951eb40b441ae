/**
 * The physical floor of a durable decision on this machine, for
 * bench/evaluate.ts: a bare `node:http` server that reads each body, parses
 * the JSON, appends one line per request to a file and fdatasyncs once per
 * batch (group commit: requests that arrive during a sync wait for the next)
 * before answering. Prints `listening <port>` once ready; exits on SIGTERM.
 */
import { createServer, type ServerResponse } from 'node:http';
import { open } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const file = await open(join(mkdtempSync(join(tmpdir(), 'svc-baseline-')), 'log.jsonl'), 'a');
let pending: Array<{ line: string; res: ServerResponse }> = [];
let syncing = false;

async function commit(): Promise<void> {
  syncing = true;
  while (pending.length > 0) {
    const batch = pending;
    pending = [];
    await file.write(batch.map((p) => p.line).join(''));
    await file.datasync();
    for (const { res } of batch) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"action":"allow"}');
    }
  }
  syncing = false;
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400).end();
      return;
    }
    pending.push({ line: `${JSON.stringify(parsed)}\n`, res });
    if (!syncing) void commit();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  void file.close().finally(() => process.exit(0));
});
