/**
 * `npx tsx bench/health.ts`: requests per second of `GET /api/health` through
 * the Node host (child process, rate limits raised) against a bare `node:http`
 * server answering the same JSON body with the same headers, measured with
 * the same undici client (keep-alive pool, CONNECTIONS requests in flight, no
 * pipelining) in the same run, both servers in child processes, alternating
 * rounds after a warm-up. Prints best and median of each and their ratios.
 */
import { spawn } from 'node:child_process';
import { Pool } from 'undici';
import { launchHost } from '../test/support/host-process.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const BARE_SERVER = `
const body = process.env.BODY, headers = JSON.parse(process.env.HEADERS);
const server = require('node:http').createServer((req, res) => {
  res.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(body) }).end(body);
});
server.listen(0, '127.0.0.1', () => console.log('svc listening on http://127.0.0.1:' + server.address().port));
process.on('SIGTERM', () => process.exit(0));`;

async function startBare(body: string, headers: Record<string, string>): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], { env: { ...process.env, BODY: body, HEADERS: JSON.stringify(headers) }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve) => child.stdout.on('data', (chunk: Buffer) => resolve(/http:\S+/.exec(chunk.toString())![0])));
  return { url, stop: () => child.kill('SIGTERM') };
}

/** Requests per second over `ms` with CONNECTIONS requests in flight. */
async function measure(url: string, ms: number): Promise<number> {
  const pool = new Pool(url, { connections: CONNECTIONS });
  const deadline = performance.now() + ms;
  let done = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const response = await pool.request({ path: '/api/health', method: 'GET' });
      await response.body.text();
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const rate = done / ((performance.now() - started) / 1000);
  await pool.close();
  return rate;
}

const svc = await launchHost('node', { files: { 'config.toml': '[server.rate_limit]\ngeneral = 1000000\n' } });
try {
  const sample = await fetch(`${svc.baseUrl}/api/health`);
  const body = await sample.text();
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'x-content-type-options', 'cache-control', 'referrer-policy']) headers[name] = sample.headers.get(name) ?? '';
  const bare = await startBare(body, headers);
  try {
    await measure(bare.url, 1000); // warm-up: JIT and connection pools
    await measure(svc.baseUrl, 1000);
    const results = { bare: [] as number[], svc: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      results.bare.push(await measure(bare.url, ROUND_MS));
      results.svc.push(await measure(svc.baseUrl, ROUND_MS));
    }
    const best = (values: number[]) => Math.max(...values);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = best(results.svc) / best(results.bare);
    console.log(`GET /api/health, ${CONNECTIONS} connections, best of ${ROUNDS} rounds of ${ROUND_MS} ms`);
    console.log(`  bare node:http  ${Math.round(best(results.bare))} req/s   (median ${Math.round(median(results.bare))}; rounds: ${results.bare.map(Math.round).join(', ')})`);
    console.log(`  svc Node host   ${Math.round(best(results.svc))} req/s   (median ${Math.round(median(results.svc))}; rounds: ${results.svc.map(Math.round).join(', ')})`);
    console.log(`  ratio           ${ratio.toFixed(2)} best, ${(median(results.svc) / median(results.bare)).toFixed(2)} median (target >= 0.70)`);
  } finally {
    bare.stop();
  }
} finally {
  await svc.stop();
}
