import { isPlainObject } from '../config/deep-merge.ts';

/**
 * Where `value` holds something TOML cannot express (null, a non-finite
 * number, ...), as a dotted path; null when all of it can be written.
 */
export function tomlProblem(value: unknown, path = ''): string | null {
  if (typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path || 'value'} is not a finite number`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = tomlProblem(value[i], `${path}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (isPlainObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      const problem = tomlProblem(inner, path ? `${path}.${key}` : key);
      if (problem) return problem;
    }
    return null;
  }
  return `${path || 'value'} is ${value === null ? 'null' : typeof value}, which TOML cannot hold`;
}
