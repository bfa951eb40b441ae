/**
 * What every conformance suite receives: the host under test (started once
 * per host test file), its capabilities, and a way to start more instances of
 * the same host for the rules that need a restart or a special config.
 */
import { afterAll, beforeAll } from 'vitest';
import { Agent } from 'undici';
import { launchHost, type HostKind, type LaunchOptions, type RunningHost } from '../support/host-process.ts';
import { HOST_STARTS_MS } from '../support/host-timeouts.ts';

/** What a host cannot do; suites declare the tests that need a capability, never skip ad hoc. */
export interface Capabilities {
  /** Native TLS under `[server.tls]`. */
  tls: boolean;
  /** Files core writes into the config dir (other than the token files) appear on the real disk. */
  fileMirror: boolean;
  /**
   * Requests the HTTP parser refuses (bad Content-Length, bad chunking, odd Host) reach code of ours
   * that answers 400 {error, code} (on Workers: the harness's HTTP front; workerd alone answers a plain-text 500).
   */
  parserErrors: boolean;
}

export interface ConformanceContext {
  readonly kind: HostKind;
  readonly capabilities: Capabilities;
  /** `http://127.0.0.1:PORT` of the shared instance (valid inside tests). */
  readonly baseUrl: string;
  /** The shared instance's config dir (valid inside tests). */
  readonly configDir: string;
  /** Starts another instance of the same host; the suite stops it. */
  launch(options?: LaunchOptions): Promise<RunningHost>;
}

/** The files the shared instance starts with (rate limits raised so suites never meet 429 by accident). */
export const SHARED_CONFIG = '[server.rate_limit]\ngeneral = 100000\nwrite = 100000\nproxy_test = 100000\n';

/**
 * Registers beforeAll/afterAll that start `kind` once for the whole file and
 * returns the context the suites read lazily.
 */
export function hostContext(kind: HostKind, capabilities: Capabilities): ConformanceContext {
  let host: RunningHost | null = null;
  beforeAll(async () => {
    host = await launchHost(kind, { files: { 'config.toml': SHARED_CONFIG } });
    process.stderr.write(`[${kind}] host ready in ${host.startupMs} ms\n`);
  }, HOST_STARTS_MS);
  afterAll(async () => {
    await host?.stop();
  });
  const running = (): RunningHost => {
    if (!host) throw new Error(`the ${kind} host is not running`);
    return host;
  };
  return {
    kind,
    capabilities,
    get baseUrl() {
      return running().baseUrl;
    },
    get configDir() {
      return running().configDir;
    },
    launch: (options) => launchHost(kind, options),
  };
}

/** An undici dispatcher that trusts any certificate (the tests' self-signed ones). */
export const insecureAgent = new Agent({ connect: { rejectUnauthorized: false } });
