import { describe, expect, it } from 'vitest';
import { callKeys } from '../../../core/digest/call-fingerprint.ts';
import { createMemoryStorage } from '../../../storage/memory.ts';
import { digestKit } from './digest-kit.ts';

const curl = { type: 'ShellExec' as const, command: 'curl', args: ['https://example.com/x'] };

describe('learned rules', () => {
  it('learn allows the identical call from then on, and nothing else', async () => {
    const kit = await digestKit();
    const { digest, learnedRules } = kit.app.services;
    expect(digest.hasLearnedRules()).toBe(false);
    expect(learnedRules.allows(curl)).toBe(false);
    const id = await kit.file({ toolCall: curl });
    await kit.post(`/api/digest/${id}/learn`);
    expect(digest.hasLearnedRules()).toBe(true);
    expect(learnedRules.allows({ args: ['https://example.com/x'], command: 'curl', type: 'ShellExec' })).toBe(true);
    expect(learnedRules.allows({ ...curl, cwd: '/tmp' })).toBe(false);
    expect(learnedRules.allows({ ...curl, args: ['https://evil.example/x'] })).toBe(false);
  });

  it('allow-always allows the same type and target with any other arguments', async () => {
    const kit = await digestKit();
    const { learnedRules } = kit.app.services;
    const id = await kit.file({ toolCall: curl });
    await kit.post(`/api/digest/${id}/allow-always`);
    expect(learnedRules.allows({ ...curl, cwd: '/elsewhere', env: { A: '1' } })).toBe(true);
    expect(learnedRules.allows({ ...curl, args: ['https://evil.example/x'] })).toBe(false);
    expect(learnedRules.allows({ ...curl, type: 'ProcessSpawn' })).toBe(false);
  });

  it('allow-always on an HTTP call allows any path on the same method and origin', async () => {
    const kit = await digestKit();
    const { learnedRules } = kit.app.services;
    const id = await kit.file({ toolCall: { type: 'HttpRequest', method: 'GET', url: 'https://API.example.com/a?x=1' } });
    await kit.post(`/api/digest/${id}/allow-always`);
    expect(learnedRules.allows({ type: 'HttpRequest', method: 'get', url: 'https://api.example.com/b' })).toBe(true);
    expect(learnedRules.allows({ type: 'HttpRequest', method: 'POST', url: 'https://api.example.com/b' })).toBe(false);
    expect(learnedRules.allows({ type: 'HttpRequest', method: 'GET', url: 'https://other.example.com/a' })).toBe(false);
  });

  it('approve and deny store no rule', async () => {
    const kit = await digestKit();
    await kit.post(`/api/digest/${await kit.file()}/approve`);
    await kit.post(`/api/digest/${await kit.file()}/deny`);
    expect(kit.app.services.digest.hasLearnedRules()).toBe(false);
  });

  it('learned rules survive a restart', async () => {
    const storage = await createMemoryStorage();
    const first = await digestKit({ storage });
    await first.post(`/api/digest/${await first.file({ toolCall: curl })}/learn`);
    first.app.services.digest.close();
    const second = await digestKit({ storage });
    expect(second.app.services.digest.hasLearnedRules()).toBe(true);
    expect(second.app.services.learnedRules.allows(curl)).toBe(true);
  });

  it('pattern keys: file calls by path, NetConnect by host and port, DnsQuery by name', () => {
    const k = (call: { type: string } & Record<string, unknown>) => callKeys(call).pattern;
    expect(k({ type: 'FileWrite', path: '/a', content_hash: '1' })).toBe(k({ type: 'FileWrite', path: '/a', content_hash: '2' }));
    expect(k({ type: 'NetConnect', host: 'Example.com', port: 443 })).toBe(k({ type: 'NetConnect', host: 'example.com', port: 443 }));
    expect(k({ type: 'NetConnect', host: 'example.com', port: 443 })).not.toBe(k({ type: 'NetConnect', host: 'example.com', port: 80 }));
    expect(k({ type: 'DnsQuery', name: 'a.example.' })).toBe(k({ type: 'DnsQuery', name: 'A.example', record_type: 'TXT' }));
    expect(callKeys({ type: 'FileRead', path: '/a' }).exact).not.toBe(callKeys({ type: 'FileRead', path: '/b' }).exact);
  });
});
