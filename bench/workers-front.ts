/**
 * `npx tsx bench/workers-front.ts`: what the Workers harness's HTTP front
 * (adapters/workers/http-front.ts) costs. Requests per second of
 * `GET /api/health` on one Workers host, through the front (the public
 * port) and straight to Miniflare's private loopback port (same Host
 * header), same undici client (keep-alive pool, CONNECTIONS in flight),
 * alternating rounds after a warm-up. Prints best and median of each and
 * their ratio (front / direct).
 */
import { Pool } from 'undici';
import { launchHost } from '../test/support/host-process.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** Requests per second over `ms` with CONNECTIONS requests in flight, every request naming `host`. */
async function measure(url: string, host: string, ms: number): Promise<number> {
  const pool = new Pool(url, { connections: CONNECTIONS });
  const deadline = performance.now() + ms;
  let done = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const response = await pool.request({ path: '/api/health', method: 'GET', headers: { host } });
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

const svc = await launchHost('workers', { files: { 'config.toml': '[server.rate_limit]\ngeneral = 1000000\n' } });
try {
  const line = /"message":"workers http front","public":"([^"]+)","upstream":"([^"]+)"/.exec(svc.stderr());
  if (!line) throw new Error('the harness did not log its front and upstream addresses');
  const [, publicHost, upstream] = line;
  const direct = `http://${upstream}`;
  await measure(svc.baseUrl, publicHost!, 1000); // warm-up
  await measure(direct, publicHost!, 1000);
  const results = { front: [] as number[], direct: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    results.direct.push(await measure(direct, publicHost!, ROUND_MS));
    results.front.push(await measure(svc.baseUrl, publicHost!, ROUND_MS));
  }
  const best = (values: number[]) => Math.max(...values);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(`GET /api/health on the Workers host, ${CONNECTIONS} connections, best of ${ROUNDS} rounds of ${ROUND_MS} ms`);
  console.log(`  straight to Miniflare  ${Math.round(best(results.direct))} req/s   (median ${Math.round(median(results.direct))}; rounds: ${results.direct.map(Math.round).join(', ')})`);
  console.log(`  through the HTTP front ${Math.round(best(results.front))} req/s   (median ${Math.round(median(results.front))}; rounds: ${results.front.map(Math.round).join(', ')})`);
  console.log(`  ratio                  ${(best(results.front) / best(results.direct)).toFixed(2)} best, ${(median(results.front) / median(results.direct)).toFixed(2)} median`);
} finally {
  await svc.stop();
}
