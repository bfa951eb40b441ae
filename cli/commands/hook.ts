/**
 * `svc hook <agent>`: the pre-tool hook of Claude Code, Codex, Cursor and
 * Gemini CLI (contracts.md, "Agent integrations"). Reads the agent's JSON on
 * stdin and writes that agent's decision; the exit code is the agent's
 * protocol (2 where it reads a block from it), not the CLI's usual codes.
 * It reaches the daemon with the daemon bearer only: it never reads the
 * dashboard token, so an agent cannot approve its own calls through it.
 */
import type { Command } from 'commander';
import { action } from '../context.ts';
import { CliError, EXIT } from '../errors.ts';

export default function register(program: Command): void {
  program
    .command('hook')
    .description("Answer an agent's pre-tool hook: its JSON on stdin, its decision on stdout")
    .argument('<agent>', 'claude-code | codex | cursor | gemini')
    .action(
      action(async (ctx, agent: string) => {
        const [{ AGENTS, AGENT_NAMES }, { runHook }, { readStdin }, { createHookDaemon }, { loadConfig }, { createNodeFileStore }, { createApiClient }, { callPrograms, resolveBinaries }, { join }, { agentPid, createAgentSessions }] = await Promise.all([
          import('../hook/agents.ts'),
          import('../hook/run-hook.ts'),
          import('../hook/read-stdin.ts'),
          import('../hook/hook-daemon.ts'),
          import('../../core/config/load-config.ts'),
          import('../../adapters/node/node-file-store.ts'),
          import('../api-client.ts'),
          import('../hook/resolve-binaries.ts'),
          import('node:path'),
          import('../hook/agent-sessions.ts'),
        ]);
        const adapter = AGENTS[agent];
        // Exit 2: every agent that could be calling reads it as "blocked".
        if (!adapter) throw new CliError(EXIT.deny, `unknown agent ${JSON.stringify(agent)}; the call is refused`, `one of ${AGENT_NAMES.join(', ')}`);
        const client = createApiClient({ configDir: ctx.configDir, url: ctx.url, credentials: 'daemon' });
        const notes: string[] = [];
        const out = await runHook(adapter, () => readStdin(), {
          env: process.env,
          loadHooksConfig: async () => (await loadConfig(createNodeFileStore(ctx.configDir))).hooks,
          daemon: () => createHookDaemon(client),
          sessions: createAgentSessions({
            client,
            dir: join(ctx.configDir, 'hook-sessions'),
            agentPid: agentPid(),
            log: (line) => notes.push(`svc: ${line}\n`),
          }),
          binaries: (call, cwd) =>
            resolveBinaries(callPrograms(call), { pathVar: process.env.PATH ?? '', cwd: cwd ?? process.cwd(), cacheFile: join(ctx.configDir, 'hook-binaries.json') }),
        });
        process.stdout.write(out.stdout);
        process.stderr.write(out.stderr);
        // Where stderr is the agent's refusal reason (exit 2), it carries that reason alone.
        if (out.exitCode !== 2) process.stderr.write(notes.join(''));
        return out.exitCode;
      }),
    );
}
