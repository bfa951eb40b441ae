import { Value } from '@sinclair/typebox/value';
import type { Clock, FileStore, Logger } from '../deps.ts';
import { HttpError } from '../http-error.ts';
import { PolicySchema, type Policy } from '../schemas/policy.ts';
import { POLICIES_DIR, policyNameProblem, policyPath } from './policy-name.ts';
import type { PolicyContent } from './policy-validation.ts';

/** The local policy store: one JSON file per policy under `policies/`, written atomically. */
export interface PolicyStore {
  /** Every readable policy, sorted by name (unreadable files are skipped and logged). */
  list(): Promise<Policy[]>;
  /** 404 NOT_FOUND when absent (or when the name could never exist). */
  get(name: string): Promise<Policy>;
  /** 400 VALIDATION_ERROR for a bad name, 409 ALREADY_EXISTS for a taken one. */
  create(name: string, content: PolicyContent): Promise<Policy>;
  /** Replaces description and rules; version +1; 404 when absent. */
  update(name: string, content: PolicyContent): Promise<Policy>;
  /** 404 when absent. */
  remove(name: string): Promise<void>;
}

const notFound = (name: string) => new HttpError(404, 'NOT_FOUND', `no policy named ${JSON.stringify(name)}`);

/** Builds the store over the config dir. Writes are serialised so a create/create race cannot both win. */
export function createPolicyStore(files: FileStore, clock: Clock, log: Logger): PolicyStore {
  let tail: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  }

  /** The stored policy, null when there is no file; throws 500 when the file is corrupt. */
  async function read(name: string): Promise<Policy | null> {
    if (policyNameProblem(name) !== null) return null;
    const bytes = await files.read(policyPath(name));
    if (bytes === null) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      parsed = undefined;
    }
    if (!Value.Check(PolicySchema, parsed)) {
      throw new HttpError(500, 'POLICY_UNREADABLE', `${policyPath(name)} is not a valid policy file`);
    }
    // On a case-insensitive disk `FOO.json` opens `foo.json`: that is another policy, not this one.
    return parsed.name === name ? parsed : null;
  }

  async function write(policy: Policy): Promise<void> {
    await files.writeAtomic(policyPath(policy.name), `${JSON.stringify(policy, null, 2)}\n`);
  }

  const now = () => new Date(clock.now()).toISOString();

  return {
    async list() {
      const out: Policy[] = [];
      for (const entry of await files.list(POLICIES_DIR)) {
        if (!entry.endsWith('.json')) continue;
        const name = entry.slice(0, -'.json'.length);
        try {
          const policy = await read(name);
          if (policy) out.push(policy);
        } catch (error) {
          log.warn('skipping unreadable policy file', { file: `${POLICIES_DIR}/${entry}`, error: String(error) });
        }
      }
      return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    async get(name) {
      const policy = await read(name);
      if (!policy) throw notFound(name);
      return policy;
    },
    create(name, content) {
      const problem = policyNameProblem(name);
      if (problem !== null) return Promise.reject(new HttpError(400, 'VALIDATION_ERROR', problem));
      return exclusive(async () => {
        if ((await files.stat(policyPath(name))) !== null) {
          throw new HttpError(409, 'ALREADY_EXISTS', `a policy named ${JSON.stringify(name)} already exists`);
        }
        const at = now();
        const policy: Policy = { name, description: content.description, version: 1, created_at: at, updated_at: at, rules: content.rules };
        await write(policy);
        return policy;
      });
    },
    update(name, content) {
      return exclusive(async () => {
        const current = await read(name);
        if (!current) throw notFound(name);
        const policy: Policy = { ...current, description: content.description, rules: content.rules, version: current.version + 1, updated_at: now() };
        await write(policy);
        return policy;
      });
    },
    remove(name) {
      return exclusive(async () => {
        if (policyNameProblem(name) !== null || !(await files.remove(policyPath(name)))) throw notFound(name);
      });
    },
  };
}
