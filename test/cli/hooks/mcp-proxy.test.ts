/**
 * `svc mcp` around a real MCP server from npm (@modelcontextprotocol/server-
 * filesystem on a temp dir), driven by the SDK's own client through the real
 * `svc` binary and a real Node daemon.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHost, type RunningHost } from '../../support/host-process.ts';
import { ROOT, SVC, svc } from '../run-svc.ts';

const SERVER = resolve(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const CANARY = 'c4nary-9e1f2a3b4c5d6e7f8091a2b3';

let host: RunningHost;
let root: string;
let client: Client;
let stderr = '';

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const text = (r: ToolResult) => r.content.map((c) => c.text ?? '').join('\n');

beforeAll(async () => {
  host = await launchHost('node', { files: { 'config.toml': '[hooks]\nreview_timeout_seconds = 1\n' } });
  const dashboardToken = (await readFile(join(host.configDir, 'dashboard.token'), 'utf8')).trim();
  const added = await fetch(`${host.baseUrl}/api/canaries`, {
    method: 'POST',
    headers: { 'x-svc-csrf': dashboardToken, 'content-type': 'application/json' },
    body: JSON.stringify({ label: 'mcp test decoy', value: CANARY }),
  });
  expect(added.status).toBe(201);
  root = await mkdtemp(join(tmpdir(), 'svc-mcp-'));
  await writeFile(join(root, 'notes.txt'), 'hello from the project\n');
  await mkdir(join(root, '.ssh'));
  await writeFile(join(root, '.ssh', 'id_rsa'), '-----BEGIN OPENSSH PRIVATE KEY-----\nnot a real key\n');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SVC, '--config-dir', host.configDir, 'mcp', '--name', 'filesystem', '--', process.execPath, SERVER, root],
    cwd: ROOT,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: 'svc-test', version: '1.0.0' });
  await client.connect(transport);
}, 120_000);

afterAll(async () => {
  await client?.close();
  await host?.stop();
});

describe('svc mcp', () => {
  it('passes tools/list through from the server', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['read_text_file', 'write_file', 'list_directory']));
  });

  it('forwards an allowed read_text_file and returns the file', async () => {
    const result = (await client.callTool({ name: 'read_text_file', arguments: { path: join(root, 'notes.txt') } })) as ToolResult;
    expect(result.isError).toBeFalsy();
    expect(text(result)).toContain('hello from the project');
  });

  it('refuses a call carrying a canary with an error result; the server never sees it', async () => {
    const target = join(root, 'leak.txt');
    const result = (await client.callTool({ name: 'write_file', arguments: { path: target, content: `token ${CANARY}` } })) as ToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^the tool filesystem\/write_file is blocked by svc \(canary tokens: .*\); that value is a decoy/);
    expect(text(result)).not.toContain(CANARY);
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a call too large for the daemon to check, saying so, and passes a large answer back whole; the server never sees the refused call', async () => {
    const target = join(root, 'big.txt');
    const refused = (await client.callTool({ name: 'write_file', arguments: { path: target, content: 'x'.repeat(1_200_000) } })) as ToolResult;
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/^svc refused this call because it is too large to check \(.*PAYLOAD_TOO_LARGE.*\); split it into smaller calls/);
    expect(existsSync(target)).toBe(false);
    await writeFile(join(root, 'large.txt'), 'y'.repeat(3_000_000));
    const read = (await client.callTool({ name: 'read_text_file', arguments: { path: join(root, 'large.txt') } })) as ToolResult;
    expect(read.isError).toBeFalsy();
    expect(text(read)).toHaveLength(3_000_000);
  });

  it('holds a read of an .ssh key for review and refuses it when nobody approves; the server never sees it', async () => {
    const result = (await client.callTool({ name: 'read_text_file', arguments: { path: join(root, '.ssh', 'id_rsa') } })) as ToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^the tool filesystem\/read_text_file is held by svc for review \(sensitive paths: .*\) and nobody reviewed it within 1 s/);
    expect(text(result)).not.toContain('PRIVATE KEY');
  });

  it('exits when the client closes its stdin (closing the server transport too)', async () => {
    const child = spawn(process.execPath, [SVC, '--config-dir', host.configDir, 'mcp', '--', process.execPath, SERVER, root], { cwd: ROOT, stdio: ['pipe', 'ignore', 'ignore'] });
    await new Promise((r) => setTimeout(r, 1500));
    child.stdin.end();
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(code).toBe(0);
  });

  it('refuses a --name the daemon could not record (usage error, nothing spawned)', async () => {
    const result = await svc(['mcp', '--name', 'my server', '--', process.execPath, SERVER, root], { configDir: host.configDir });
    expect(result.code).toBe(64);
    expect(result.stderr).toMatch(/^svc: --name "my server" must be 1-64 letters/);
  });

  it('records every judged call in the audit log as the proxy\'s own session', async () => {
    const dashboardToken = (await readFile(join(host.configDir, 'dashboard.token'), 'utf8')).trim();
    const { records } = (await (await fetch(`${host.baseUrl}/api/audit?limit=100`, { headers: { 'x-svc-csrf': dashboardToken } })).json()) as {
      records: Array<{ plugin_id: string; session_id: string; tool_call_type: string; proxy_action: string }>;
    };
    // `supervisor:<tool>` once the daemon files a registered session's calls as supervised.
    const mine = records.filter((r) => r.plugin_id === 'mcp:filesystem' || r.plugin_id === 'supervisor:mcp-filesystem');
    expect([...new Set(mine.map((r) => r.proxy_action))].sort()).toEqual(['allow', 'deny', 'queue']);
    expect(new Set(mine.map((r) => r.session_id)).size).toBe(1);
    // That session is the proxy's own, registered with the daemon at start.
    const { sessions } = (await (await fetch(`${host.baseUrl}/api/supervisor/sessions`, { headers: { 'x-svc-csrf': dashboardToken } })).json()) as {
      sessions: Array<{ id: string; tool_name: string; state: string; decisions: { allow: number; queue: number; deny: number } }>;
    };
    const own = sessions.find((s) => s.id === mine[0]!.session_id);
    expect(own).toMatchObject({ tool_name: 'mcp-filesystem' });
    // A judged read of a sensitive file contains the session (the supervisor's containment).
    expect(['active', 'contained']).toContain(own!.state);
    expect(stderr).not.toMatch(/session not registered/);
    expect(mine.every((r) => r.tool_call_type === 'McpToolCall')).toBe(true);
    expect(stderr).toMatch(/svc mcp: refused write_file/);
  });

  it('under svc exec (SVC_SESSION_ID) files its calls under the exec session and registers none of its own', async () => {
    const bearer = (await readFile(join(host.configDir, 'daemon.token'), 'utf8')).trim();
    const dashboardToken = (await readFile(join(host.configDir, 'dashboard.token'), 'utf8')).trim();
    // The exec session takes the second (last) Community place: a session of the proxy's own would be refused.
    const registered = await fetch(`${host.baseUrl}/api/ipc/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tool_name: 'claude', root_pid: process.pid }),
    });
    expect(registered.status).toBe(201);
    const { id } = (await registered.json()) as { id: string };
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [SVC, '--config-dir', host.configDir, 'mcp', '--name', 'filesystem', '--', process.execPath, SERVER, root],
      cwd: ROOT,
      env: { ...(process.env as Record<string, string>), SVC_SESSION_ID: id },
      stderr: 'pipe',
    });
    const inner = new Client({ name: 'svc-test-exec', version: '1.0.0' });
    await inner.connect(transport);
    try {
      const result = (await inner.callTool({ name: 'read_text_file', arguments: { path: join(root, 'notes.txt') } })) as ToolResult;
      expect(text(result)).toContain('hello from the project');
      const { records } = (await (await fetch(`${host.baseUrl}/api/audit?session_id=${id}`, { headers: { 'x-svc-csrf': dashboardToken } })).json()) as {
        records: Array<{ plugin_id: string; tool_call_type: string }>;
      };
      expect(records.map((r) => [r.plugin_id, r.tool_call_type])).toEqual([['supervisor:claude', 'McpToolCall']]);
      const { sessions } = (await (await fetch(`${host.baseUrl}/api/supervisor/sessions`, { headers: { 'x-svc-csrf': dashboardToken } })).json()) as { sessions: Array<{ id: string }> };
      expect(sessions).toHaveLength(2);
    } finally {
      await inner.close();
    }
  });
});
