/**
 * What the Deno host adds to its `Deps` beyond web-standard globals: native
 * synchronous SHA-256 through Deno's `node:crypto`, which the audit chain uses
 * for every record it writes and verifies (core's own SHA-256 is the fallback).
 */
import { createHash } from 'node:crypto';
import type { Hash, Processes } from '../../core/deps.ts';
import { processAlive } from '../shared/process-alive.ts';

/** `deps.hash` on Deno. */
export const denoHash: Hash = {
  sha256Hex: (data) => createHash('sha256').update(data).digest('hex'),
};

/** `deps.processes` on Deno. */
export const denoProcesses: Processes = { alive: processAlive };
