/** Reads the `[glob]` and `[packages]` lists of shell.toml (see config/filters/shell.toml). */
import { Type } from '@sinclair/typebox';
import { validate } from '../rule-schema.ts';
import type { GlobLists } from './glob-lists.ts';
import { packageName, type Ecosystem } from './typosquat.ts';

const Names = Type.Array(Type.String({ minLength: 1, maxLength: 256 }), { maxItems: 4096 });
const ShellFile = Type.Object({
  glob: Type.Object({ paths: Names, commands: Names }),
  packages: Type.Optional(Type.Object({
    npm: Type.Optional(Names), pypi: Type.Optional(Names), crates: Type.Optional(Names),
    gems: Type.Optional(Names), packagist: Type.Optional(Names), nuget: Type.Optional(Names),
  }, { additionalProperties: false })),
});

export const NO_GLOB_LISTS: GlobLists = { paths: [], commands: [] };

/** The lists from a parsed shell.toml; throws with the offending key. */
export function shellLists(doc: unknown): GlobLists {
  const file = validate(ShellFile, doc);
  const names = (eco: Ecosystem) => new Set((file.packages?.[eco] ?? []).map((n) => packageName(eco, n)));
  return {
    paths: file.glob.paths.map((p) => p.toLowerCase()),
    commands: file.glob.commands.map((c) => c.toLowerCase()),
    packages: {
      npm: names('npm'), pypi: names('pypi'), crates: names('crates'), gems: names('gems'), packagist: names('packagist'), nuget: names('nuget'),
    },
  };
}
