/**
 * `svc`: builds the command tree (loading only the command that runs, see
 * registry.ts), parses with commander and is the single place where an error
 * becomes one line `svc: <what went wrong> (<what to do>)` on stderr and an
 * exit code (contracts.md). A stack trace only with --debug.
 */
import type { Command } from 'commander';
import { VERSION } from '../core/services.ts';
import { CliError, EXIT, ExitWith, errorLine } from './errors.ts';
import { COMMANDS, type CommandModule } from './registry.ts';
import { GLOBAL_VALUE_FLAGS, withCommandSeparator } from './command-separator.ts';


/** The first operand: the command to load. */
export function commandName(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') return undefined;
    if (GLOBAL_VALUE_FLAGS.has(arg)) {
      i++;
      continue;
    }
    if (!arg.startsWith('-')) return arg === 'help' ? (argv[i + 1] ?? arg) : arg;
  }
  return undefined;
}

async function createProgram(): Promise<Command> {
  const { Command } = await import('commander');
  return new Command('svc')
    .description('Supervise the tool calls of AI coding agents: the daemon, its digest, audit log and canaries')
    .version(VERSION, '-v, --version', 'print the version')
    .option('--config-dir <dir>', 'config dir (default: $SVC_CONFIG_DIR, else ~/.config/svc)')
    .option('--url <url>', 'daemon address (default: from {config_dir}/daemon.json)')
    .option('--no-color', 'no colour (also NO_COLOR=1)')
    .option('--debug', 'print stack traces of internal errors')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({ outputError: () => undefined });
}

async function loadCommands(program: Command, argv: readonly string[]): Promise<void> {
  const name = commandName(argv);
  if (name === undefined && (argv.includes('--version') || argv.includes('-v'))) return;
  const loader = name === undefined ? undefined : COMMANDS[name];
  if (loader) {
    (await loader()).default(program);
    return;
  }
  // Root help, completion, or an unknown command (for the suggestion): every command.
  const modules = new Set<CommandModule>(await Promise.all([...new Set(Object.values(COMMANDS))].map((load) => load())));
  for (const module of modules) module.default(program);
  const { default: tab } = await import('@bomb.sh/tab/commander');
  tab(program, { completionCommandName: 'completion' });
}

/** Commander's errors, known by their `commander.*` code (class names do not survive bundling). */
function isCommanderError(error: unknown): error is Error & { code: string } {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('commander.');
}

/** The exit code for an error, after printing its one line. */
function report(error: unknown, debug: boolean): number {
  if (error instanceof ExitWith) return error.exitCode;
  if (isCommanderError(error)) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok;
    if (error.code === 'commander.help' || error.code === 'commander.executeSubCommandAsync') return EXIT.usage;
    const message = error.message.replace(/^error: /, '');
    process.stderr.write(`${errorLine(message, 'see `svc --help`')}\n`);
    return EXIT.usage;
  }
  if (error instanceof CliError) {
    process.stderr.write(`${errorLine(error.message, error.hint)}\n`);
    if (debug && error.stack) process.stderr.write(`${error.stack}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${errorLine(`internal error: ${message}`, debug ? undefined : 'rerun with --debug for details')}\n`);
  if (debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  return EXIT.internal;
}

export async function main(given: readonly string[]): Promise<number> {
  const argv = withCommandSeparator(given);
  // The one call that needs no parser at all (and is run most, by scripts checking the install).
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
    process.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  // svc's own --debug, not one of the wrapped program's (after `--`).
  const end = argv.indexOf('--');
  const debug = (end === -1 ? argv : argv.slice(0, end)).includes('--debug');
  try {
    const program = await createProgram();
    await loadCommands(program, argv);
    await program.parseAsync([...argv], { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    return report(error, debug);
  }
}

process.exit(await main(process.argv.slice(2)));
