/**
 * The executables each session ran (`binaries` on `POST /api/proxy/evaluate`,
 * as the client resolved them). A path's hash is pinned at its first use in
 * the session; a later call that runs the path with another hash is drift,
 * which the `binary-drift` filter scores.
 */
import type { Storage } from '../../storage/types.ts';
import type { EvaluateBinary } from '../schemas/session.ts';

import type { DriftedBinary } from '../scoring/types.ts';

export type { DriftedBinary };

interface BinaryRow {
  [column: string]: string | number;
  path: string;
  sha256: string;
  first_seen_at: string;
  last_seen_at: string;
  count: number;
  changed: number;
}

/** Paths pinned per session at most; later new paths are not pinned (pinned ones are still checked). */
export const MAX_BINARIES_PER_SESSION = 4096;

export function createBinaryInventory(storage: Storage) {
  const pinned = (sessionId: string, path: string) =>
    storage.get<BinaryRow>('SELECT * FROM session_binaries WHERE session_id = ? AND path = ?', [sessionId, path]);
  return {
    /**
     * Pins first uses, counts every use and returns the drifted binaries of
     * this call (synchronous; the evaluate path's flush makes it durable).
     */
    record(sessionId: string, binaries: readonly EvaluateBinary[], nowIso: string): DriftedBinary[] {
      const drifted: DriftedBinary[] = [];
      const seen = new Set<string>();
      for (const binary of binaries) {
        const sha = binary.sha256.toLowerCase();
        const key = `${binary.path}\u0000${sha}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const row = pinned(sessionId, binary.path);
        if (!row) {
          const n = storage.get<{ n: number }>('SELECT count(*) AS n FROM session_binaries WHERE session_id = ?', [sessionId])?.n ?? 0;
          if (Number(n) >= MAX_BINARIES_PER_SESSION) continue;
          storage.run('INSERT INTO session_binaries (session_id, path, sha256, first_seen_at, last_seen_at, count, changed) VALUES (?, ?, ?, ?, ?, 1, 0)', [
            sessionId, binary.path, sha, nowIso, nowIso,
          ]);
          continue;
        }
        const changed = row.sha256 !== sha;
        storage.run('UPDATE session_binaries SET last_seen_at = ?, count = count + 1, changed = ? WHERE session_id = ? AND path = ?', [
          nowIso, changed || Number(row.changed) === 1 ? 1 : 0, sessionId, binary.path,
        ]);
        if (changed) drifted.push({ name: binary.name, path: binary.path, pinned_sha256: row.sha256, seen_sha256: sha });
      }
      return drifted;
    },

    /** `GET /api/inventory/{id}`'s list, by path. */
    list(sessionId: string) {
      const rows = storage.all<BinaryRow>('SELECT * FROM session_binaries WHERE session_id = ? ORDER BY path', [sessionId]);
      const binaries = rows.map((r) => ({
        path: r.path, sha256: r.sha256, first_seen_at: r.first_seen_at, last_seen_at: r.last_seen_at,
        count: Number(r.count), changed: Number(r.changed) === 1,
      }));
      return { session_id: sessionId, binaries, total: binaries.length };
    },
  };
}

export type BinaryInventory = ReturnType<typeof createBinaryInventory>;
