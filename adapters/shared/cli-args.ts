/** The flags every host takes (contracts.md, "Starting a host"). */
export interface HostOptions {
  host: string;
  port: number;
  /** null: use $SVC_CONFIG_DIR, else ~/.config/svc (resolved by the host). */
  configDir: string | null;
}

/** Parses `--port N --host H --config-dir DIR` (also `--flag=value`). Throws on anything else. */
export function parseHostArgs(argv: readonly string[]): HostOptions {
  const options: HostOptions = { host: '127.0.0.1', port: 3141, configDir: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    switch (flag) {
      case '--port': {
        const port = Number(value);
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port ${value}`);
        options.port = port;
        break;
      }
      case '--host':
        options.host = value;
        break;
      case '--config-dir':
        options.configDir = value;
        break;
      default:
        throw new Error(`unknown flag ${flag} (flags: --port N, --host H, --config-dir DIR)`);
    }
  }
  return options;
}

/**
 * The config dir a host uses, before it is made absolute: `--config-dir`, else
 * `$SVC_CONFIG_DIR` when it is set and not empty (an empty one counts as unset,
 * as the `svc` command reads it), else `<home>/.config/svc`.
 */
export function configDirOf(options: HostOptions, envValue: string | undefined, home: string): string {
  return options.configDir ?? (envValue || `${home}/.config/svc`);
}

/** The ready line every host prints once it accepts connections. */
export function readyLine(host: string, port: number, tls = false): string {
  const shown = host.includes(':') ? `[${host}]` : host;
  return `svc listening on ${tls ? 'https' : 'http'}://${shown}:${port}`;
}
