/**
 * How long the tests that start hosts wait, in one place. A start takes 1-8 s
 * on a quiet machine (Workers the longest: tsx, Miniflare, the first Durable
 * Object request) and several times that on a loaded shared 2-core machine.
 * These bounds catch a host that hangs, not one that is slow; speed is
 * measured by the benchmarks (bench/host-start.ts).
 */

/** From spawn to the host's ready line (`launchHost`). */
export const HOST_READY_MS = 120_000;

/**
 * A test or hook that starts hosts: up to two starts and a stop of its own
 * (a restart, a kill, a special config) plus its requests, or a file's shared
 * host in its beforeAll.
 */
export const HOST_STARTS_MS = 300_000;
