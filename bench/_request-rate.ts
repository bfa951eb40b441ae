/**
 * The closed-loop load both request-rate benchmarks use: an undici keep-alive
 * pool with `connections` requests in flight (no pipelining), each worker
 * sending the next GET as soon as the last answer is read, for `ms`.
 */
import { Pool } from 'undici';

export interface RateTarget {
  url: string;
  path: string;
  headers?: Record<string, string>;
}

/** Requests per second against `target` over `ms`; any non-200 answer fails the run. */
export async function measureRequestRate(target: RateTarget, connections: number, ms: number): Promise<number> {
  const pool = new Pool(target.url, { connections });
  const deadline = performance.now() + ms;
  let done = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const response = await pool.request({ path: target.path, method: 'GET', headers: target.headers });
      await response.body.text();
      if (response.statusCode !== 200) throw new Error(`${target.url}${target.path} answered ${response.statusCode}`);
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const rate = done / ((performance.now() - started) / 1000);
  await pool.close();
  return rate;
}

export const best = (values: number[]): number => Math.max(...values);
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One line: best rate, then median and every round. */
export function describeRounds(rounds: number[]): string {
  return `${Math.round(best(rounds))} req/s   (median ${Math.round(median(rounds))}; rounds: ${rounds.map(Math.round).join(', ')})`;
}
