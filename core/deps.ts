/**
 * What a host provides to core. Core imports nothing host-specific: every
 * clock read, random byte, file, timer, outbound request and byte of storage
 * reaches it through this object.
 */
import type { Storage } from '../storage/types.ts';
import type { WindowResult } from './audit/chain-window.ts';

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** A monotonic high-resolution reading in milliseconds (for latencies). */
  monotonic(): number;
}

export interface Random {
  /** Cryptographically secure random bytes. */
  bytes(length: number): Uint8Array;
}

/**
 * Files under the config dir. Paths are relative, '/'-separated, and are
 * validated by core before they get here; implementations still refuse any
 * path that is absolute or contains '..'.
 */
export interface FileStore {
  /** File bytes, or null when the file does not exist. Throws on other I/O errors. */
  read(path: string): Promise<Uint8Array | null>;
  /** Writes atomically: temp file, fsync, rename. `mode` defaults to 0o644. */
  writeAtomic(path: string, data: Uint8Array | string, options?: { mode?: number }): Promise<void>;
  /** Removes a file; false when it did not exist. */
  remove(path: string): Promise<boolean>;
  /** Names of the entries of a directory, sorted; [] when it does not exist. */
  list(dir: string): Promise<string[]>;
  /** Size in bytes and modification time, or null when absent. */
  stat(path: string): Promise<{ size: number; mtimeMs: number } | null>;
}

/**
 * A synchronous hash the host computes natively (Node's and Deno's
 * `node:crypto`). Optional: without it core uses its own SHA-256, which is
 * several times slower; the audit chain hashes every record it writes and,
 * at start, every record it holds.
 */
export interface Hash {
  /** SHA-256 of bytes, or of a string's UTF-8 bytes, as lower-case hex. */
  sha256Hex(data: string | Uint8Array): string;
}

/**
 * A second thread for the start-up chain check (the Node host's worker
 * thread): verifies a window of the audit body log exactly as
 * `verifyWindow` does here. The bytes may be handed over (transferred).
 */
export interface ChainWorker {
  verifyWindow(bytes: Uint8Array, lastSequence: number): Promise<WindowResult>;
  /**
   * A window the thread checked ahead, before the store opened (the Node
   * host's thread reads the body log itself from the start of the process):
   * the first one starting at or after byte `from` of the log, checked with
   * no last sequence; null when it checks nothing ahead there (none, or no
   * more). Optional.
   */
  ahead?(from: number): Promise<AheadWindow | null>;
  /**
   * Ends the look-ahead about halfway between where it is (at least `from`,
   * a line start) and byte `end`, at a line start, for the caller to check
   * the rest itself; returns the byte where the look-ahead stops (what lies
   * before it the thread checks); `from` or less when it checks nothing.
   */
  split?(from: number, end: number): Promise<number>;
  /** The check is over: the thread may end (a later window starts it again). */
  release?(): void;
}

/** A window of the body log checked ahead: bytes `start` to `start + cut` (whole lines). */
export interface AheadWindow {
  start: number;
  cut: number;
  result: WindowResult;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /**
   * Runs `callback` once the I/O events this turn of the event loop already
   * received have been handled (Node's `setImmediate`), so work of many
   * requests read in one turn can be done once. Optional: without it core
   * uses a microtask.
   */
  afterIo?(callback: () => void): void;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** The address the server is bound to; used for CORS, Host and Origin checks. */
export interface ServerAddress {
  host: string;
  port: number;
  tls: boolean;
}

/** What the host can tell about local processes (Node, Deno); absent on Workers. */
export interface Processes {
  /** True while a process of this id exists. */
  alive(pid: number): boolean;
}

export interface Deps {
  clock: Clock;
  random: Random;
  files: FileStore;
  storage: Storage;
  timers: Timers;
  log: Logger;
  /** Outbound HTTP (notifications). Hosts pass undici's fetch where they can. */
  fetch: typeof fetch;
  /** Environment variables core reads (SVC_LICENSE_PUBLIC_KEY). */
  env: Readonly<Record<string, string | undefined>>;
  server: ServerAddress;
  /** Native synchronous hashing, when the host has it. */
  hash?: Hash;
  /** A second thread for the start-up chain check, when the host has one. */
  chainWorker?: ChainWorker;
  /** Local process liveness (the supervisor's health); absent when the host cannot tell. */
  processes?: Processes;
  /** Asks the host to stop serving and exit cleanly. */
  requestShutdown(): void;
}

/** Per-connection facts a host passes with every request. */
export interface ConnInfo {
  /** The peer's IP address as the socket reports it. */
  remoteAddress: string;
}
