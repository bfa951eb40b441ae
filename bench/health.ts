/**
 * `npx tsx bench/health.ts`: requests per second of `GET /api/health` through
 * the Node host (child process, rate limits raised) against a bare `node:http`
 * server answering the same JSON body with the same headers, measured with
 * the same undici client (keep-alive pool, CONNECTIONS requests in flight, no
 * pipelining) in the same run, both servers in child processes, alternating
 * rounds after a warm-up. Prints best and median of each and their ratios.
 */
import { spawn } from 'node:child_process';
import { launchHost } from '../test/support/host-process.ts';
import { best, describeRounds, measureRequestRate, median } from './_request-rate.ts';

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

const svc = await launchHost('node', { files: { 'config.toml': '[server.rate_limit]\ngeneral = 1000000\n' } });
try {
  const sample = await fetch(`${svc.baseUrl}/api/health`);
  const body = await sample.text();
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'x-content-type-options', 'cache-control', 'referrer-policy']) headers[name] = sample.headers.get(name) ?? '';
  const bare = await startBare(body, headers);
  try {
    const bareTarget = { url: bare.url, path: '/api/health' };
    const svcTarget = { url: svc.baseUrl, path: '/api/health' };
    await measureRequestRate(bareTarget, CONNECTIONS, 1000); // warm-up: JIT and connection pools
    await measureRequestRate(svcTarget, CONNECTIONS, 1000);
    const results = { bare: [] as number[], svc: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      results.bare.push(await measureRequestRate(bareTarget, CONNECTIONS, ROUND_MS));
      results.svc.push(await measureRequestRate(svcTarget, CONNECTIONS, ROUND_MS));
    }
    const ratio = best(results.svc) / best(results.bare);
    console.log(`GET /api/health, ${CONNECTIONS} connections, best of ${ROUNDS} rounds of ${ROUND_MS} ms`);
    console.log(`  bare node:http  ${describeRounds(results.bare)}`);
    console.log(`  svc Node host   ${describeRounds(results.svc)}`);
    console.log(`  ratio           ${ratio.toFixed(2)} best, ${(median(results.svc) / median(results.bare)).toFixed(2)} median (target >= 0.70)`);
  } finally {
    bare.stop();
  }
} finally {
  await svc.stop();
}
