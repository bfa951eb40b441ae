/**
 * TypeBox schemas of the rule files' common shapes, and one validation helper
 * that turns the first schema error into a sentence naming the TOML key.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

const Score = Type.Number({ minimum: -10, maximum: 10 });

export const TARGET_NAMES = ['path', 'command', 'url', 'headers', 'body', 'content', 'env', 'host', 'dns', 'mode', 'outbound', 'all'] as const;
export const OP_NAMES = ['read', 'write', 'append', 'delete', 'rename', 'chmod', 'list', 'create', 'exec', 'http', 'connect', 'listen', 'dns', 'mcp'] as const;

/** One `[[rules]]` entry of a pattern-based filter. */
export const PatternRule = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 80 }),
  message: Type.String({ minLength: 1, maxLength: 200 }),
  score: Score,
  /** A vetted regex (see safe-regex.ts); optional when `min_length` is given. */
  pattern: Type.Optional(Type.String({ minLength: 1 })),
  /** Fires when the field's whole value is at least this long (oversized input). */
  min_length: Type.Optional(Type.Integer({ minimum: 1 })),
  case_sensitive: Type.Optional(Type.Boolean()),
  keywords: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
  targets: Type.Optional(Type.Array(Type.Union(TARGET_NAMES.map((t) => Type.Literal(t))))),
  ops: Type.Optional(Type.Array(Type.Union(OP_NAMES.map((t) => Type.Literal(t))))),
  except: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * A vetted regex over field names (`arguments.body`, `headers.authorization`,
   * `command`): a field whose name it matches is not read by the rule.
   */
  except_fields: Type.Optional(Type.String({ minLength: 1 })),
  min_count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  entropy_min: Type.Optional(Type.Number({ minimum: 0, maximum: 8 })),
  validator: Type.Optional(Type.Literal('luhn')),
  expected_hosts: Type.Optional(Type.Array(Type.String())),
}, { additionalProperties: false });
export type PatternRule = Static<typeof PatternRule>;

/** A pattern filter's file: optional `[filter]` knobs and `[[rules]]`. */
export const PatternFile = Type.Object({
  filter: Type.Optional(Type.Object({ extra_match_bonus: Type.Optional(Type.Number({ minimum: 0, maximum: 5 })) })),
  rules: Type.Array(PatternRule),
});

/**
 * Checks `value` against `schema`; throws an Error whose message names the
 * first offending key (e.g. "rules.3.score: Expected number").
 */
export function validate<T extends TSchema>(schema: T, value: unknown): Static<T> {
  if (Value.Check(schema, value)) return value as Static<T>;
  const first = Value.Errors(schema, value).First();
  const where = first ? first.path.split('/').filter(Boolean).join('.') : '';
  throw new Error(`${where || '(document)'}: ${first?.message ?? 'invalid'}`);
}
