/**
 * path-command-lists (static): the user's own allow and deny lists for paths
 * and commands (engine option `lists`, from config `[filters.allowlists]` and
 * `[filters.denylists]`), merged with the shipped defaults of
 * config/filters/path-command-lists.toml.
 *
 * Paths are globs over the normalised path (lower case, '/', home as `~`).
 * Commands are globs over the command line where `*` matches anything; an
 * entry without `*` matches as a word prefix ("git status" matches
 * "git status --short"). A deny hit scores `deny_score`; a call whose every
 * path, or whose command, is on an allow list scores `allow_score`
 * (negative: it lowers the composite). Deny wins over allow.
 */
import { Type } from '@sinclair/typebox';
import { normalisePath } from '../call-view.ts';
import { globMatch } from '../glob.ts';
import { validate } from '../rule-schema.ts';
import type { FilterDefinition } from '../types.ts';

const List = Type.Optional(Type.Array(Type.String({ minLength: 1 })));
const File = Type.Object({
  filter: Type.Object({ deny_score: Type.Number({ minimum: 0, maximum: 10 }), allow_score: Type.Number({ minimum: -10, maximum: 0 }) }),
  defaults: Type.Optional(Type.Object({ allow_paths: List, deny_paths: List, allow_commands: List, deny_commands: List })),
});

const normCommand = (s: string) => s.toLowerCase().trim().split(/\s+/).join(' ');

function commandMatches(entry: string, line: string): boolean {
  if (entry.includes('*')) return globMatch(entry, line, true);
  return line === entry || line.startsWith(entry + ' ');
}

export const pathCommandLists: FilterDefinition = {
  id: 'path-command-lists',
  name: 'Path and command lists',
  phase: 'static',
  build(doc, env) {
    const cfg = validate(File, doc);
    const d = cfg.defaults ?? {};
    const u = env.lists;
    const paths = (a?: readonly string[], b?: readonly string[]) => [...(a ?? []), ...(b ?? [])].map((p) => normalisePath(p, true));
    const cmds = (a?: readonly string[], b?: readonly string[]) => [...(a ?? []), ...(b ?? [])].map(normCommand);
    const denyPaths = paths(d.deny_paths, u.deny_paths);
    const allowPaths = paths(d.allow_paths, u.allow_paths);
    const denyCommands = cmds(d.deny_commands, u.deny_commands);
    const allowCommands = cmds(d.allow_commands, u.allow_commands);
    const { deny_score: denyScore, allow_score: allowScore } = cfg.filter;
    const none = { matched: false, score: 0, message: 'Not on any user list' };
    if (denyPaths.length + allowPaths.length + denyCommands.length + allowCommands.length === 0) {
      return { evaluate: () => ({ ...none, message: 'No user lists configured' }) };
    }
    return {
      evaluate(view) {
        const pathFields = view.fields.filter((f) => f.target === 'path' && f.name !== 'cwd').map((f) => f.norm);
        const line = view.commandLine ? normCommand(view.commandLine) : '';
        const tokens = line ? line.split(/[\s'"=<>|;&]+/).filter((t) => t.includes('/') || t.startsWith('~') || t.startsWith('.')) : [];
        for (const p of [...pathFields, ...tokens]) {
          const hit = denyPaths.find((g) => globMatch(g, p));
          if (hit) return { matched: true, score: denyScore, message: `Path is on the deny list (${hit.slice(0, 80)})` };
        }
        if (line) {
          const hit = denyCommands.find((c) => commandMatches(c, line));
          if (hit) return { matched: true, score: denyScore, message: `Command is on the deny list (${hit.slice(0, 80)})` };
          if (allowCommands.some((c) => commandMatches(c, line))) return { matched: true, score: allowScore, message: 'Command is on the allow list' };
        } else if (pathFields.length > 0 && pathFields.every((p) => allowPaths.some((g) => globMatch(g, p)))) {
          return { matched: true, score: allowScore, message: 'Path is on the allow list' };
        }
        return none;
      },
    };
  },
};
