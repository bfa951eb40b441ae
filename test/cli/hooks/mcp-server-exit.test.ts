/**
 * `svc mcp` when the MCP server goes away, through the real binary and a real
 * Node daemon: a server that exits mid-call leaves no request unanswered and
 * makes `svc mcp` exit 1; a server that cannot be started leaves no session
 * holding a slot.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHost, type RunningHost } from '../../support/host-process.ts';
import { ROOT, SVC, svc } from '../run-svc.ts';

const SERVER = resolve(import.meta.dirname, 'exiting-mcp-server.mjs');
let host: RunningHost;

beforeAll(async () => {
  host = await launchHost('node');
}, 120_000);
afterAll(async () => {
  await host?.stop();
});

async function sessions(): Promise<Array<{ tool_name: string; state: string }>> {
  const token = (await readFile(join(host.configDir, 'dashboard.token'), 'utf8')).trim();
  const answer = await fetch(`${host.baseUrl}/api/supervisor/sessions?state=all`, { headers: { 'x-svc-csrf': token } });
  return ((await answer.json()) as { sessions: Array<{ tool_name: string; state: string }> }).sessions;
}

describe('svc mcp: the server goes away', () => {
  it('a server that exits mid-call: the call is answered with a JSON-RPC error, svc mcp exits 1 and its session ends', async () => {
    const child = spawn(process.execPath, [SVC, '--config-dir', host.configDir, 'mcp', '--name', 'exiting', '--', process.execPath, SERVER], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((done) => child.once('close', done));
    const write = (m: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`);
    write({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    write({ method: 'notifications/initialized' });
    write({ id: 2, method: 'tools/call', params: { name: 'exit', arguments: {} } });
    // stdin stays open: the server, not the client, ends the relay.
    expect(await exited).toBe(1);
    const answers = out.trim().split('\n').map((l) => JSON.parse(l) as { id: number; result?: unknown; error?: { code: number; message: string } });
    expect(answers.find((a) => a.id === 1)?.result).toBeDefined();
    expect(answers.find((a) => a.id === 2)?.error).toEqual({ code: -32603, message: 'the MCP server exited before answering (svc mcp)' });
    expect(err).toMatch(/svc mcp: the MCP server exited; 1 request\(s\) it had not answered get an error/);
    expect((await sessions()).filter((s) => s.tool_name === 'mcp-exiting').map((s) => s.state)).toEqual(['ended']);
  }, 60_000);

  it('a server that cannot be started: exit 1, one line, and the session registered for it is ended at once', async () => {
    const result = await svc(['mcp', '--name', 'missing', '--', '/nonexistent/mcp-server'], { configDir: host.configDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^svc: cannot start the MCP server "\/nonexistent\/mcp-server"/m);
    expect((await sessions()).filter((s) => s.tool_name === 'mcp-missing').map((s) => s.state)).toEqual(['ended']);
  }, 60_000);
});
