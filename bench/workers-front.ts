/**
 * `npx tsx bench/workers-front.ts`: what the Workers harness's HTTP front
 * (adapters/workers/http-front.ts) costs. Requests per second of
 * `GET /api/health` on one Workers host, through the front (the public
 * port) and straight to Miniflare's private loopback port (same Host
 * header), same undici client (keep-alive pool, CONNECTIONS in flight),
 * alternating rounds after a warm-up. Prints best and median of each and
 * their ratio (front / direct).
 */
import { launchHost } from '../test/support/host-process.ts';
import { best, describeRounds, measureRequestRate, median } from './_request-rate.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const svc = await launchHost('workers', { files: { 'config.toml': '[server.rate_limit]\ngeneral = 1000000\n' } });
try {
  const line = /"message":"workers http front","public":"([^"]+)","upstream":"([^"]+)"/.exec(svc.stderr());
  if (!line) throw new Error('the harness did not log its front and upstream addresses');
  const [, publicHost, upstream] = line;
  const headers = { host: publicHost! };
  const frontTarget = { url: svc.baseUrl, path: '/api/health', headers };
  const directTarget = { url: `http://${upstream}`, path: '/api/health', headers };
  await measureRequestRate(frontTarget, CONNECTIONS, 1000); // warm-up
  await measureRequestRate(directTarget, CONNECTIONS, 1000);
  const results = { front: [] as number[], direct: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    results.direct.push(await measureRequestRate(directTarget, CONNECTIONS, ROUND_MS));
    results.front.push(await measureRequestRate(frontTarget, CONNECTIONS, ROUND_MS));
  }
  console.log(`GET /api/health on the Workers host, ${CONNECTIONS} connections, best of ${ROUNDS} rounds of ${ROUND_MS} ms`);
  console.log(`  straight to Miniflare  ${describeRounds(results.direct)}`);
  console.log(`  through the HTTP front ${describeRounds(results.front)}`);
  console.log(`  ratio                  ${(best(results.front) / best(results.direct)).toFixed(2)} best, ${(median(results.front) / median(results.direct)).toFixed(2)} median`);
} finally {
  await svc.stop();
}
