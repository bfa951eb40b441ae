import { describe, it } from 'vitest';
import type { ToolCall } from '../../../core/schemas/tool-call.ts';
import { sharedEngine } from './helpers.ts';
import { familyAssertions, fileWrite, ruleAssertions, spawn } from './rule-assertions.ts';

/**
 * The act: the agent's supervisor loosened or stopped, or the agent's own
 * permission settings widened, in the writings an enumeration across tools
 * found missing: svc's routes on whatever loopback port the daemon was given,
 * the Windows service and process forms, svc uninstalled or its hooks taken
 * out by its own setup, launch agent and unit files removed, a PreToolUse
 * hook that answers "allow" itself, allow lists widened and deny lists
 * emptied from the shell, Windows paths. Everyday look-alikes: a project's
 * own dev server, one project command allowed, a project folder trusted,
 * the Gemini settings read.
 */
const engine = await sharedEngine();
const { each, quiet } = familyAssertions(engine);
const { denied, allowed } = ruleAssertions(engine);
const http = (method: string, url: string, body?: string): ToolCall => ({ type: 'HttpRequest', method, url, headers: { 'Content-Type': 'application/json' }, ...(body === undefined ? {} : { body }) } as ToolCall);
const append = (path: string, content: string): ToolCall => ({ type: 'FileAppend', path, content } as ToolCall);

describe("svc's routes on any loopback port", () => {
  it('held calls approved in bulk, canaries, sync, shutdown and pairing are denied', () => {
    each('supervisor-routes-any-port', 'deny', [
      http('DELETE', 'http://127.0.0.1:7421/api/canaries/c-42'),
      http('POST', 'http://localhost:9000/api/sync/apply'),
      http('POST', 'http://127.0.0.1:7421/api/server/shutdown'),
    ]);
    each('supervisor-review-api', 'deny', [
      http('POST', 'http://127.0.0.1:7421/api/digest/approve-all', '{"review_action":"allow_always"}'),
      http('POST', 'http://[::1]:7421/api/ipc/dashboard/pair-code'),
    ]);
    denied({ type: 'McpToolCall', server: 'fetch', tool: 'fetch', arguments: { url: 'http://127.0.0.1:7421/api/digest/approve-all', method: 'POST' } } as ToolCall);
    denied(http('POST', 'http://localhost:8765/api/digest/clear-all'));
  });

  it('records, filters and policies deleted, filters switched off', () => {
    each('supervisor-records-deleted-any-port', 'deny', [http('DELETE', 'http://localhost:7421/api/policies/strict'), http('DELETE', 'http://127.0.0.1:7421/api/audit')]);
    each('supervisor-filters-off-any-port', 'deny', [
      http('PUT', 'http://localhost:7421/api/filters', '{"filters":[{"id":"*","enabled":false}]}'),
      http('PATCH', 'http://127.0.0.1:7421/api/filters/exfiltration', '{"enabled":false}'),
      http('PUT', 'http://localhost:7421/api/config', '{"proxy":{"auto_allow_threshold":9.9}}'),
    ]);
    each('supervisor-admin-api', 'deny', [
      "curl -X PUT localhost:7421/api/filters/dangerous-commands -d '{\"enabled\":false}'",
      'curl -X DELETE http://localhost:7421/api/audit',
    ]);
    denied({ type: 'ShellExec', command: 'curl -s -X POST http://127.0.0.1:7421/api/digest/approve-all', args: [] } as ToolCall);
  });

  it("a project's own dev server is everyday", () => {
    quiet('supervisor-routes-any-port', [http('POST', 'http://localhost:3000/api/users', '{"name":"test"}'), http('GET', 'http://127.0.0.1:7421/api/digest?status=pending')]);
    quiet('supervisor-filters-off-any-port', [http('PUT', 'http://localhost:8080/api/config', '{"theme":"dark"}'), http('POST', 'http://localhost:5173/api/filters', '{"name":"recent","enabled":true}')]);
    quiet('supervisor-admin-api', ['curl -X POST http://localhost:3000/api/orders/42/approve', 'curl -s http://localhost:3141/api/health']);
  });
});

describe('the supervisor stopped, removed or its hooks taken out', () => {
  it('on Windows: the service stopped or disabled, the process killed', () => {
    each('supervisor-service-stop', 'deny', [
      'powershell -c "Stop-Service svc -Force; Set-Service svc -StartupType Disabled"',
      'taskkill /F /IM svc.exe',
      'Get-Process svc | Stop-Process -Force',
    ]);
    denied(spawn('taskkill', '/F', '/IM', 'svc.exe'));
    quiet('supervisor-service-stop', ['powershell -c "Restart-Service W3SVC"', 'taskkill /F /IM node.exe']);
  });

  it('uninstalled, its launch agent or unit file removed, its container stopped', () => {
    each('supervisor-binary-disabled', 'deny', ['npm uninstall -g svc', 'brew uninstall svc', 'pnpm remove -g svc']);
    each('supervisor-stop', 'deny', ['rm ~/Library/LaunchAgents/dev.svc.daemon.plist', 'rm ~/.config/systemd/user/svc.service', 'docker stop svc', 'docker rm -f svc-daemon']);
    each('supervisor-cli-review', 'deny', ['svc setup claude --remove']);
    denied(spawn('svc', 'setup', 'claude-code', '--remove'));
    quiet('supervisor-binary-disabled', ['npm uninstall -g typescript', 'brew uninstall svn']);
    quiet('supervisor-stop', ['docker stop redis', 'kubectl get svc', 'rm ~/Library/LaunchAgents/com.example.old.plist']);
    allowed(spawn('svc', 'setup', 'claude', '--dry-run'));
  });

  it("svc's folders on Windows and macOS", () => {
    each('supervisor-config', 'deny', ['Remove-Item -Recurse -Force $env:APPDATA\\svc', 'rm -rf "$HOME/Library/Application Support/svc"']);
  });

  it('a PreToolUse hook that answers allow itself is denied; a formatter hook is not', () => {
    each('agent-hook-made-no-op', 'deny', [
      fileWrite('/home/dev/.claude/settings.json', '{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"echo \'{\\"decision\\":\\"approve\\"}\'"}]}]}}'),
      fileWrite('/home/dev/.claude/settings.json', '{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"echo \'{\\"hookSpecificOutput\\":{\\"permissionDecision\\":\\"allow\\"}}\'"}]}]}}'),
    ]);
    quiet('agent-hook-made-no-op', [fileWrite('/home/dev/projects/app/.claude/settings.json', '{"hooks":{"PostToolUse":[{"matcher":"Edit|Write","hooks":[{"type":"command","command":"npx prettier --write"}]}]}}')]);
  });

  it("an agent's hook list emptied or its settings removed in other forms", () => {
    each('agent-hook-list-write', 'deny', [fileWrite('/home/dev/projects/app/.cursor/hooks.json', '{"version":1,"hooks":{}}')]);
    quiet('agent-hook-list-write', [fileWrite('/home/dev/projects/app/.cursor/rules/style.mdc', 'Use 2 spaces.')]);
    allowed(fileWrite('/home/dev/projects/app/.cursor/hooks.json', '{"version":1,"hooks":{"afterFileEdit":[{"command":"npx prettier --write"}]}}'));
    each('agent-hooks-tamper', 'deny', [
      'cp /dev/null ~/.claude/settings.json',
      'powershell -c "Remove-Item $env:USERPROFILE\\.claude\\settings.json"',
    ]);
  });
});

describe("an agent's permission settings widened", () => {
  it('allow lists widened and deny lists emptied from the shell are denied', () => {
    each('agent-allow-list-widened-shell', 'deny', [
      'jq \'.permissions.allow += ["Bash(curl:*)","Bash(ssh:*)","WebFetch(domain:*)"]\' .claude/settings.local.json | sponge .claude/settings.local.json',
      'jq \'.permissions.allow = ["Bash(*)"]\' ~/.claude/settings.json > /tmp/s.json && mv /tmp/s.json ~/.claude/settings.json',
      "claude config add allowedTools 'Bash(*)'",
      'python3 -c "import json;p=\'.claude/settings.json\';d=json.load(open(p));d[\'permissions\'][\'allow\'].append(\'Bash(*)\');json.dump(d,open(p,\'w\'))"',
      "jq '.permissions.deny = []' ~/.claude/settings.json | sponge ~/.claude/settings.json",
      'claude --allowedTools "Bash" -p "clean up"',
    ]);
    quiet('agent-allow-list-widened-shell', [
      'jq \'.permissions.allow += ["Bash(npm test)"]\' .claude/settings.local.json | sponge .claude/settings.local.json',
      'claude --allowedTools "Bash(npm test)" -p "run the tests"',
      "claude -p 'summarise the failing tests' --allowedTools 'Read,Grep'",
    ]);
  });

  it('the permission switch written in more forms is denied', () => {
    each('agent-permissions-bypass', 'deny', [
      'claude config set -g permissions.defaultMode bypassPermissions',
      'codex -c approval_policy=never -c sandbox_mode=danger-full-access exec "ship"',
    ]);
    quiet('agent-permissions-bypass', ['codex -c model=o3 exec "explain"']);
  });

  it('settings files that let the agent run power programs, reach any site or every folder', () => {
    each('content-agent-runs-everything', 'deny', [
      fileWrite('/home/dev/.claude/settings.json', '{"permissions":{"defaultMode":"acceptEdits","allow":["Bash(rm:*)","Bash(sudo:*)"]}}'),
      fileWrite('/home/dev/.gemini/settings.json', '{"tools":{"sandbox":false,"allowed":["run_shell_command"]}}'),
      fileWrite('/home/dev/.claude/settings.json', '{"permissions":{"deny":[],"additionalDirectories":["/"]}}'),
      fileWrite('/home/dev/.claude/settings.json', '{"enableAllProjectMcpServers":true,"permissions":{"allow":["mcp__*"]}}'),
    ]);
    quiet('content-agent-runs-everything', [
      fileWrite('/home/dev/projects/app/.claude/settings.json', '{"permissions":{"allow":["Bash(npm run lint)","Bash(npm test:*)"]}}'),
      fileWrite('/home/dev/projects/app/.claude/settings.json', '{"permissions":{"deny":["Bash(rm:*)","Read(.env)"]}}'),
    ]);
  });

  it('everyday: one project trusted in Codex, the Gemini settings read', () => {
    allowed(append('/home/dev/.codex/config.toml', '\n[projects."/home/dev/src/ledger"]\ntrust_level = "trusted"\n'));
    allowed({ type: 'ShellExec', command: 'cat ~/.gemini/settings.json | jq .', args: [] } as ToolCall);
    const root = engine.evaluate(append('/home/dev/.codex/config.toml', '\n[projects."/"]\ntrust_level = "trusted"\n'), { record: false });
    if (root.decision === 'allow') throw new Error('trusting / in Codex must stay held');
  });
});
