import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LightHeaders } from '../../adapters/node/light-headers.ts';
import { LightResponse } from '../../adapters/node/light-response.ts';
import { toFetchRequest } from '../../adapters/node/serve.ts';

// Not installed as the global here: the light class is compared with the native one.
const NativeResponse = globalThis.Response;

const light = (body?: BodyInit | null, init?: ResponseInit) => new LightResponse(body, init) as unknown as Response;

describe('the Node host light Response behaves as a Response', () => {
  it('a JSON answer keeps its status, headers and text, and reads like a real one', async () => {
    const response = light('{"a":1}', { status: 201, headers: { 'content-type': 'application/json', 'x-a': 'b' } });
    expect(LightResponse.textOf(response)).toBe('{"a":1}');
    expect(response instanceof NativeResponse).toBe(true);
    expect(response instanceof LightResponse).toBe(true);
    expect(new NativeResponse('x') instanceof LightResponse).toBe(true);
    expect([response.status, response.ok, response.statusText, response.type, response.url, response.redirected, response.bodyUsed]).toEqual([
      201, true, '', 'default', '', false, false,
    ]);
    expect([...response.headers]).toEqual([...new NativeResponse('{"a":1}', { headers: { 'content-type': 'application/json', 'x-a': 'b' } }).headers]);
    const copy = response.clone();
    expect(await response.json()).toEqual({ a: 1 });
    expect(response.bodyUsed).toBe(true);
    expect(LightResponse.textOf(response)).toBeNull();
    expect(await copy.text()).toBe('{"a":1}');
  });

  it('a string body without a content type gets the one undici gives it', () => {
    expect(light('x').headers.get('content-type')).toBe(new NativeResponse('x').headers.get('content-type'));
  });

  it('header changes made before the body is read survive into the real response', async () => {
    const response = light('x', { headers: { 'content-type': 'text/plain' } });
    response.headers.set('cache-control', 'no-store');
    const copy = response.clone();
    expect(copy.headers.get('cache-control')).toBe('no-store');
    expect(await copy.text()).toBe('x');
  });

  it('anything else is a real response, with the same errors', () => {
    expect(LightResponse.textOf(light(null, { status: 204 }))).toBeNull();
    expect(LightResponse.textOf(light('x', { status: 200, statusText: 'Fine' }))).toBeNull();
    expect(light('x', { status: 200, statusText: 'Fine' }).statusText).toBe('Fine');
    expect(() => light('x', { status: 100 })).toThrow(RangeError);
    expect(() => light('x', { status: 204 })).toThrow(TypeError);
    expect(() => light('x', { headers: { 'bad name': 'v' } })).toThrow(TypeError);
  });
});

function nodeRequest(method: string, url: string, rawHeaders: string[]): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  req.rawHeaders = rawHeaders;
  for (let i = 0; i < rawHeaders.length; i += 2) req.headers[rawHeaders[i]!.toLowerCase()] = rawHeaders[i + 1]!;
  return req;
}

describe('the Node host translates a bodyless GET into a Request-alike', () => {
  it('url, method, headers and the rest match what undici builds', async () => {
    const raw = ['Host', '127.0.0.1:3141', 'X-Two', 'a', 'x-two', 'b'];
    const request = toFetchRequest(nodeRequest('GET', '/api/health?x=1', raw), 'http://127.0.0.1');
    const real = new Request('http://127.0.0.1/api/health?x=1', { headers: [['Host', '127.0.0.1:3141'], ['X-Two', 'a'], ['x-two', 'b']] });
    expect(request instanceof Request).toBe(true);
    expect([request.url, request.method, [...request.headers]]).toEqual([real.url, real.method, [...real.headers]]);
    expect([request.body, request.bodyUsed, request.mode, request.signal.aborted]).toEqual([null, false, real.mode, false]);
    expect(await request.text()).toBe('');
    expect(request.clone().url).toBe(real.url);
    expect(new Request(request.url, { method: 'GET', headers: request.headers }).headers.get('x-two')).toBe('a, b');
  });

  it('a target the URL parser would rewrite is handed over as undici parses it', () => {
    for (const target of ['/api/./health', '/api/%68ealth', '/a b', '/x?q="1"', '//api']) {
      const request = toFetchRequest(nodeRequest('GET', target, ['Host', 'localhost']), 'http://127.0.0.1');
      expect(request.url).toBe(new Request(`http://127.0.0.1${target}`).url);
    }
  });
});

describe('the Node host light Headers behaves as a Headers', () => {
  /** Names and values plain and not: cases, tokens, spaces, controls, Latin-1, set-cookie, non-strings. */
  const PLAIN_NAMES: unknown[] = ['Content-Type', 'content-type', 'X-A', 'x-a', 'Cache-Control', 'b', 'Z'];
  const PLAIN_VALUES: unknown[] = ['application/json', 'a, b', '', 'no-store', 'x y'];
  const NAMES: unknown[] = [...PLAIN_NAMES, 'Set-Cookie', 'bad name', '', 'x-é', 5];
  const VALUES: unknown[] = [...PLAIN_VALUES, ' padded ', 'tab\tinside', 'line\nbreak', 'nul\0', 'é', 7];
  const OPERATIONS = ['append', 'set', 'delete', 'get', 'has'] as const;

  /** What a call did: its value or the class of error it threw. */
  const outcome = (call: () => unknown): unknown => {
    try {
      return { value: call() };
    } catch (error) {
      return { threw: (error as Error).constructor.name };
    }
  };

  it('every sequence of calls answers, throws and iterates as on a real Headers, and writes the same record', () => {
    let seed = 11;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    let recorded = 0;
    for (let run = 0; run < 400; run++) {
      // Half the runs make plain calls only, so their headers are still light at the end.
      const [names, values] = run % 2 === 0 ? [PLAIN_NAMES, PLAIN_VALUES] : [NAMES, VALUES];
      const light = new LightHeaders() as unknown as Headers;
      const real = new Headers();
      for (let step = 0; step < 12; step++) {
        const operation = OPERATIONS[next(OPERATIONS.length)]!;
        const name = names[next(names.length)] as string;
        const value = values[next(values.length)] as string;
        const call = (headers: Headers) => () => (operation === 'append' || operation === 'set' ? headers[operation](name, value) : headers[operation](name));
        expect(outcome(call(light))).toEqual(outcome(call(real)));
      }
      const record = LightHeaders.record(light);
      if (record !== null) {
        expect(Object.entries(record)).toEqual([...real]);
        recorded += 1;
      }
      expect([...light]).toEqual([...real]);
      expect(light.getSetCookie()).toEqual(real.getSetCookie());
      expect(LightHeaders.record(light)).toBeNull(); // iterated: the real Headers answers from now on
    }
    expect(recorded).toBe(200);
  });

  it('a light Headers is a Headers, and a real one is never written from a record', () => {
    const light = LightHeaders.of(['Host', 'x', 'Accept', 'a']) as unknown as Headers;
    expect(light instanceof Headers).toBe(true);
    expect(Object.prototype.toString.call(light)).toBe('[object Headers]');
    expect(Object.entries(LightHeaders.record(light)!)).toEqual([['accept', 'a'], ['host', 'x']]);
    expect(LightHeaders.record(new Headers({ a: 'b' }))).toBeNull();
    expect(new Request('http://x/', { headers: light }).headers.get('accept')).toBe('a');
  });
});
