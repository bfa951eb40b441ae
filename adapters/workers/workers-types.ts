/**
 * The few Workers runtime types the adapter uses, declared locally (tsc runs
 * with DOM types, not @cloudflare/workers-types).
 */
import type { DurableObjectStorageLike } from '../../storage/durable-object.ts';
import type { StorageRecovery } from '../../storage/types.ts';

export interface WorkersWebSocket {
  accept(): void;
  send(message: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'message', listener: (event: { data: string | ArrayBuffer }) => void): void;
  addEventListener(type: 'close' | 'error', listener: () => void): void;
}

/** `new WebSocketPair()`: index 0 is the client end, 1 the server end. */
export type WebSocketPairConstructor = new () => { 0: WorkersWebSocket; 1: WorkersWebSocket };

export interface DurableObjectStub {
  fetch(request: Request): Promise<Response>;
}

export interface DurableObjectNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): DurableObjectStub;
}

export interface DurableObjectState {
  storage: DurableObjectStorageLike;
  blockConcurrencyWhile<T>(body: () => Promise<T>): Promise<T>;
}

/** A service binding (here: the Node harness). */
export interface Fetcher {
  fetch(input: string, init?: RequestInit): Promise<Response>;
}

/**
 * What the harness seeds: config-dir files (base64), the environment core
 * reads, and what it found checking the store's files before Miniflare opened them.
 */
export interface Seed {
  files: Record<string, string>;
  env: Record<string, string>;
  store?: StorageRecovery;
}

/** The Worker's bindings (adapters/workers/main.ts sets them). */
export interface Env {
  APP: DurableObjectNamespace;
  SEED: Seed;
  HARNESS: Fetcher;
}
