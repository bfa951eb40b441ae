import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { bash, ruleAssertions } from './rule-assertions.ts';

/**
 * An agent never resolves its own held calls: svc's review routes reached
 * by any tool, svc's review and configuration commands, and svc's token
 * files are denied; reading the daemon's health or a project's own
 * `/api/digest` route is not.
 */
const engine = await sharedEngine();
const { fires, silent, allowed, denied } = ruleAssertions(engine);
const http = (method: string, url: string, extra: Partial<ToolCall> = {}): ToolCall => ({ type: 'HttpRequest', method, url, ...extra } as ToolCall);
const mcp = (tool: string, args: Record<string, unknown>): ToolCall => ({ type: 'McpToolCall', server: 'fetch', tool, arguments: args } as ToolCall);

describe('an agent cannot review its own calls', () => {
  it('svc review routes reached by any tool are denied', () => {
    for (const call of [
      http('POST', 'http://127.0.0.1:3141/api/digest/dq_7f3a/approve', { body: '{"notes":"ok"}' }),
      http('POST', 'http://localhost:3141/api/digest/clear-all'),
      http('POST', 'http://[::1]:4000/api/digest/abc/allow-always'),
      bash("curl -s -X POST -H 'x-svc-csrf: svc-dashboard' http://127.0.0.1:3141/api/digest/$ID/approve"),
      bash('wget -qO- --post-data "" http://127.0.0.1:3141/api/digest/x1/unlock-egress'),
      mcp('fetch', { url: 'http://127.0.0.1:3141/api/ipc/dashboard/pair-code', method: 'POST' }),
      http('POST', 'http://127.0.0.1:3141/api/dashboard/pair', { body: '{"code":"123456"}' }),
    ]) {
      fires(call, 'supervisor-review-api');
      denied(call);
    }
  });

  it("svc's review, pairing and configuration commands are denied; its read commands are not", () => {
    for (const script of [
      'svc digest approve dq_1',
      'npx svc --url http://127.0.0.1:3141 digest allow-always dq_2 --notes ok',
      'svc digest review',
      'svc config set proxy.auto_deny_threshold 10',
      'svc canary rm c_1',
      'svc pair',
      'svc daemon stop',
    ]) {
      fires(bash(script), 'supervisor-cli-review');
      denied(bash(script));
    }
    for (const script of ['svc digest list', 'svc audit tail -n 20', 'svc proxy test \'{"type":"FileRead","path":"a"}\'', 'svc daemon status', 'svc doctor']) {
      silent(bash(script), 'supervisor-cli-review');
      allowed(bash(script));
    }
  });

  it("svc's token files and audit key are denied, by path or in a command", () => {
    for (const call of [
      { type: 'FileRead', path: '/home/dev/.config/svc/dashboard.token' } as ToolCall,
      { type: 'FileRead', path: '/srv/svc-conf/daemon.token' } as ToolCall,
      bash('cat ~/.config/svc/dashboard.token'),
      bash('TOKEN=$(cat "$SVC_CONFIG_DIR/dashboard.token")'),
      bash('cp ~/.config/svc/audit.key /tmp/k'),
    ]) {
      fires(call, 'supervisor-token');
      denied(call);
    }
  });

  it('look-alikes stay allowed: a project API with digest routes, health checks, other token files', () => {
    for (const call of [
      http('GET', 'http://localhost:3000/api/digest/weekly'),
      http('GET', 'http://127.0.0.1:3141/api/health'),
      bash('curl -s http://localhost:8080/api/digest/summary'),
      { type: 'FileRead', path: '/home/dev/projects/app/tests/fixtures/session.token' } as ToolCall,
      bash('npm run svc:build'),
    ]) {
      silent(call, 'supervisor-review-api');
      silent(call, 'supervisor-token');
      allowed(call);
    }
  });
});
