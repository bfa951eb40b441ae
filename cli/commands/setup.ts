/**
 * `svc setup <agent> [--project] [--remove] [--dry-run]`: writes `svc hook
 * <agent>` into the agent's settings (user scope, or the project's with
 * --project), keeping every other key, with a backup; --dry-run shows the
 * diff and writes nothing; --remove takes svc's entries out again.
 */
import type { Command } from 'commander';
import { action } from '../context.ts';
import { CliError, EXIT } from '../errors.ts';

interface SetupFlags {
  project?: boolean;
  remove?: boolean;
  dryRun?: boolean;
}

/** A word for a shell command line, quoted when it needs to be. */
const shellWord = (word: string): string => (/^[A-Za-z0-9_./:@=+-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

export default function register(program: Command): void {
  program
    .command('setup')
    .description('Put svc in front of an agent: add `svc hook <agent>` to its settings')
    .argument('<agent>', 'claude-code | codex | cursor | gemini')
    .option('--project', "the project's settings (in the current directory) instead of the user's")
    .option('--remove', "take svc's hook entries out again")
    .option('--dry-run', 'show the change as a diff and write nothing')
    .action(
      action(async (ctx, agent: string, flags: SetupFlags) => {
        const [{ AGENT_SETTINGS }, { runSetup, SetupError }, { loadConfig }, { createNodeFileStore }, { resolve }, { resolveConfigDir }] = await Promise.all([
          import('../setup/agent-settings.ts'),
          import('../setup/run-setup.ts'),
          import('../../core/config/load-config.ts'),
          import('../../adapters/node/node-file-store.ts'),
          import('node:path'),
          import('../config-dir.ts'),
        ]);
        if (!AGENT_SETTINGS[agent]) throw new CliError(EXIT.usage, `unknown agent ${JSON.stringify(agent)}`, `one of ${Object.keys(AGENT_SETTINGS).join(', ')}`);
        const config = await loadConfig(createNodeFileStore(ctx.configDir)).catch((error: Error) => {
          throw new CliError(EXIT.failure, `the config in ${ctx.configDir} does not load: ${error.message}`, 'fix it first');
        });
        // The hook runs this very svc, by absolute path: agents run hooks with their own PATH.
        const words = [process.execPath, resolve(process.argv[1] ?? 'svc')];
        // Agents do not pass SVC_CONFIG_DIR on: any dir but the default is written into the command.
        if (ctx.configDir !== resolveConfigDir(undefined, {})) words.push('--config-dir', ctx.configDir);
        if (ctx.url) words.push('--url', ctx.url);
        const command = [...words.map(shellWord), 'hook', agent].join(' ');
        try {
          const result = await runSetup({
            agent,
            scope: flags.project ? 'project' : 'user',
            remove: flags.remove === true,
            dryRun: flags.dryRun === true,
            cwd: process.cwd(),
            command,
            // The agent must let the hook wait for a review, plus a margin for the evaluation itself.
            timeoutSeconds: config.hooks.review_timeout_seconds + 30,
            // Where the agent can block a call whose hook crashed or timed out, it does, unless [hooks] fail_open.
            failClosed: !config.hooks.fail_open,
          });
          ctx.out.result(result, () => {
            if (!result.changed) ctx.out.line(`${result.file}: ${flags.remove ? 'no svc hooks to remove' : 'already set up'}`);
            else if (flags.dryRun) ctx.out.line(result.diff.trimEnd());
            else ctx.out.line(`${flags.remove ? 'removed svc from' : 'set up'} ${agent} in ${result.file}${result.backup ? ` (previous file: ${result.backup})` : ''}`);
          });
        } catch (error) {
          if (error instanceof SetupError) throw new CliError(EXIT.failure, error.message);
          throw error;
        }
      }),
    );
}
