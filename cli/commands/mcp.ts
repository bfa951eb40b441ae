/**
 * `svc mcp [--name NAME] -- <server command...>`: runs an MCP server behind
 * svc on stdio (contracts.md, "Agent integrations"). Each `tools/call` is
 * evaluated as `McpToolCall {server: NAME, tool, arguments}` first; a refused
 * one is answered with an error result and never reaches the server; a
 * queued one waits for the review like the hooks. The proxy runs as its own
 * session (under `svc exec`, as the exec session: SVC_SESSION_ID) and uses
 * the daemon bearer only. Exit 0 when the client ends the relay (stdin closes,
 * SIGTERM/SIGINT); 1 when the server exits first (its unanswered requests get
 * a JSON-RPC error first) or cannot be started (its session is ended at once);
 * 5 at the session limit.
 */
import type { Command } from 'commander';
import { action } from '../context.ts';
import { CliError, EXIT } from '../errors.ts';

interface McpFlags {
  name?: string;
}

export default function register(program: Command): void {
  program
    .command('mcp')
    .description('Run an MCP stdio server behind svc: every tools/call is checked before the server sees it')
    .option('--name <name>', 'the server name svc records (default: the program name)')
    .argument('<command...>', 'the server command line, after --')
    .action(
      action(async (ctx, command: string[], flags: McpFlags) => {
        const [{ basename }, { openMcpSession }, { loadConfig }, { createNodeFileStore }, { createApiClient }, { createHookDaemon }, { decide }, { mcpCall }, { uncheckedReason }, { startMcpProxy }, { StdioClientTransport }, { StdioServerTransport }] =
          await Promise.all([
            import('node:path'),
            import('../mcp/mcp-session.ts'),
            import('../../core/config/load-config.ts'),
            import('../../adapters/node/node-file-store.ts'),
            import('../api-client.ts'),
            import('../hook/hook-daemon.ts'),
            import('../hook/decide.ts'),
            import('../hook/tool-calls.ts'),
            import('../hook/reasons.ts'),
            import('../mcp/mcp-proxy.ts'),
            import('@modelcontextprotocol/sdk/client/stdio.js'),
            import('@modelcontextprotocol/sdk/server/stdio.js'),
          ]);
        const [program_, ...args] = command;
        if (!program_) throw new CliError(EXIT.usage, 'no server command given', 'svc mcp -- npx -y @modelcontextprotocol/server-filesystem /some/dir');
        const name = flags.name ?? basename(program_);
        if (!/^[A-Za-z0-9._-]{1,64}$/.test(name)) throw new CliError(EXIT.usage, `--name ${JSON.stringify(name)} must be 1-64 letters, digits, '.', '_' or '-'`);
        const hooks = (
          await loadConfig(createNodeFileStore(ctx.configDir)).catch((error: Error) => {
            throw new CliError(EXIT.failure, `the config in ${ctx.configDir} does not load: ${error.message}`, 'fix it first');
          })
        ).hooks;
        const client = createApiClient({ configDir: ctx.configDir, url: ctx.url, credentials: 'daemon' });
        const daemon = createHookDaemon(client);
        const log = (line: string) => process.stderr.write(`svc mcp: ${line.replace(/\s+/g, ' ')}\n`);
        // Under `svc exec` (SVC_SESSION_ID) the calls are the exec session's, as an agent hook's are;
        // otherwise the proxy's own session, where a session limit stops the proxy (exit 5).
        const execSession = process.env.SVC_SESSION_ID;
        const session = execSession
          ? { id: execSession.slice(0, 256), registered: false, end: async () => undefined }
          : await openMcpSession(client, { name, command: command.join(' '), cwd: process.cwd(), pid: process.pid, log });
        const sessionId = session.id;
        const env: Record<string, string> = {};
        for (const [key, value] of Object.entries(process.env)) if (typeof value === 'string') env[key] = value;
        const server = new StdioClientTransport({ command: program_, args, env, stderr: 'inherit' });
        const { closed, close } = await startMcpProxy({
          client: new StdioServerTransport(),
          server,
          log,
          async judge(call) {
            try {
              return await decide([mcpCall(name, call.name, call.arguments)], { daemon, hooks, supportsAsk: false, sessionId, pluginId: `mcp:${name}` });
            } catch (error) {
              const detail = error instanceof Error ? error.message : String(error);
              if (hooks.fail_open) {
                log(`${detail}; ${call.name} goes ahead ([hooks] fail_open = true)`);
                return { kind: 'defer', reason: detail };
              }
              log(`${detail}; ${call.name} is refused (fail closed)`);
              return { kind: 'deny', reason: uncheckedReason(error) };
            }
          },
        }).catch(async (error: Error) => {
          // The session registered for a proxy that never ran is ended at once (it would hold a session slot).
          await session.end();
          throw new CliError(EXIT.failure, `cannot start the MCP server ${JSON.stringify(program_)}: ${error.message}`);
        });
        // The client going away (stdin ends) or a signal stops the server too.
        if (process.stdin.readableEnded) close();
        else process.stdin.once('end', close);
        process.once('SIGTERM', close);
        process.once('SIGINT', close);
        const by = await closed;
        await session.end();
        // The server exiting under the client is a failure (exit 1); the client ending the relay is success.
        return by === 'server' ? EXIT.failure : EXIT.ok;
      }),
    );
}
