import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
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
