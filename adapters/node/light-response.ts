/**
 * The Node host's `Response`: for what core builds on every answer (a string
 * body with a plain `{status, headers}` init) it keeps the text, status and
 * headers, so the host writes them without undici building a body stream
 * (on Node 20 that stream costs more than the rest of a health answer).
 * Its headers are LightHeaders (light-headers.ts) until they need to be real.
 * Anything else it is asked for (body, text(), clone(), ...) comes from a
 * real Response built on first use; any other constructor arguments build
 * the real one at once, with its own validation and errors.
 */
import { forwardToReal } from './forward-to-real.ts';
import { LightHeaders } from './light-headers.ts';

const NativeResponse = globalThis.Response;

/** Status codes that forbid a body: undici refuses a string body with them. */
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);
const TEXT_PLAIN = 'text/plain;charset=UTF-8';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** `undefined` or `{status?, headers?}` with an integer status undici accepts with a body, and plain string headers. */
function isSimpleInit(init: unknown): boolean {
  if (init === undefined) return true;
  if (!isPlainObject(init)) return false;
  for (const key in init) if (key !== 'status' && key !== 'headers') return false;
  const { status, headers } = init;
  if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 200 && (status as number) <= 599 && !NULL_BODY_STATUS.has(status as number))) return false;
  if (headers === undefined) return true;
  if (!isPlainObject(headers)) return false;
  for (const key in headers) if (typeof headers[key] !== 'string') return false;
  return true;
}

export class LightResponse {
  #text: string | null = null;
  #status = 200;
  #headers: LightHeaders | null = null;
  #real: Response | null = null;

  constructor(body?: BodyInit | null, init?: ResponseInit) {
    if (typeof body === 'string' && isSimpleInit(init)) {
      try {
        const simple = init as { status?: number; headers?: Record<string, string> } | undefined;
        // Appending each entry is what the record form does, without webidl's record conversion.
        const headers = new LightHeaders();
        const record = simple?.headers;
        if (record !== undefined) for (const name in record) headers.append(name, record[name]!);
        if (!headers.has('content-type')) headers.append('content-type', TEXT_PLAIN);
        this.#text = body;
        this.#status = simple?.status ?? 200;
        this.#headers = headers;
        return;
      } catch {
        // invalid headers: let the real constructor throw its own error
      }
    }
    this.#real = new NativeResponse(body, init);
  }

  /** The body text of a light response not yet turned into a real one, else null. */
  static textOf(response: Response): string | null {
    const value = response as unknown;
    return typeof value === 'object' && value !== null && #text in value ? (value as LightResponse).#text : null;
  }

  static real(light: LightResponse): Response {
    if (light.#real === null) {
      light.#real = new NativeResponse(light.#text, { status: light.#status, headers: LightHeaders.real(light.#headers!) });
      light.#text = null;
      light.#headers = null;
    }
    return light.#real;
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof NativeResponse;
  }

  get status(): number {
    return this.#real?.status ?? this.#status;
  }
  get ok(): boolean {
    return this.#real?.ok ?? (this.#status >= 200 && this.#status <= 299);
  }
  get statusText(): string {
    return this.#real?.statusText ?? '';
  }
  get headers(): Headers {
    return this.#real?.headers ?? (this.#headers! as unknown as Headers);
  }
  get type(): ResponseType {
    return this.#real?.type ?? 'default';
  }
  get url(): string {
    return this.#real?.url ?? '';
  }
  get redirected(): boolean {
    return this.#real?.redirected ?? false;
  }
  get bodyUsed(): boolean {
    return this.#real?.bodyUsed ?? false;
  }
}

// The rest of Response (body, text(), clone(), inspection, ...) answers from the real one.
forwardToReal<LightResponse>(LightResponse.prototype, NativeResponse.prototype, LightResponse.real);
Object.setPrototypeOf(LightResponse, NativeResponse);

/** Makes `LightResponse` the global `Response` of this process (idempotent). */
export function installLightResponse(): void {
  globalThis.Response = LightResponse as unknown as typeof Response;
}
