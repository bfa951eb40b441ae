/**
 * Signed audit checkpoints (contracts.md "Audit checkpoints"), Read-token like
 * the other audit routes and, like them, answered only after the whole chain
 * verifies (500 AUDIT_CHAIN_BROKEN / AUDIT_CHAIN_ANCHOR_MISMATCH, 503
 * AUDIT_CHAIN_UNANCHORED). An empty log's checkpoint is sequence 0 with the
 * genesis prev hash (64 zeros); every later chain extends it.
 */
import type { AuditKey } from '../audit/audit-key.ts';
import { checkpointMessage } from '../audit/audit-key.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { HttpError } from '../http-error.ts';
import { json } from '../http/json.ts';
import { intQuery, queryOf } from '../http/query.ts';
import type { RouteSpec } from '../route-spec.ts';
import { AuditCheckpointSchema, AuditConsistencyQuery, AuditConsistencySchema } from '../schemas/audit.ts';
import { errorDoc } from '../schemas/common.ts';
import { AUDIT_READ, CHAIN_ERRORS, afterStartCheck } from './audit.ts';

const HASH = /^[0-9a-f]{64}$/;

/** `GET /api/audit/checkpoint` and `GET /api/audit/consistency`. */
export function auditCheckpointRoutes({ audit, auditKey, now }: { audit: AuditLog; auditKey: AuditKey; now: () => number }): RouteSpec[] {
  return [
    {
      ...AUDIT_READ,
      path: '/api/audit/checkpoint',
      summary: 'The verified audit head, signed with the audit key',
      description: 'Ed25519 over the UTF-8 of svc-audit-checkpoint:v1:<sequence>:<hash>:<at>. An empty log answers sequence 0 with the genesis prev hash (64 zeros).',
      responses: { 200: { description: 'A signed checkpoint', schema: AuditCheckpointSchema }, ...CHAIN_ERRORS },
      handler: afterStartCheck(audit, async () => {
        const { sequence, hash } = audit.head();
        const at = new Date(now()).toISOString();
        const signature = await auditKey.sign(new TextEncoder().encode(checkpointMessage(sequence, hash, at)));
        return json({ sequence, hash, at, public_key: auditKey.publicKey, signature });
      }),
    },
    {
      ...AUDIT_READ,
      path: '/api/audit/consistency',
      summary: 'Proves the chain today extends an earlier checkpoint',
      description: 'consistent when the verified chain still holds record `from` (hot or in a cold archive) with hash `from_hash` (hex, either case) and verifies from there to the head; 409 CHECKPOINT_MISMATCH otherwise, also for a from_hash that is no hash. from=0 names the genesis prev hash; a missing from or from_hash, or a from that is not an integer, is 400 INVALID_QUERY.',
      query: AuditConsistencyQuery,
      responses: {
        200: { description: 'The chain extends the checkpoint', schema: AuditConsistencySchema },
        400: errorDoc('INVALID_QUERY'),
        409: errorDoc('CHECKPOINT_MISMATCH'),
        ...CHAIN_ERRORS,
      },
      handler: afterStartCheck(audit, async (request) => {
        const query = queryOf(request);
        const rawFrom = query('from');
        if (rawFrom === undefined) throw new HttpError(400, 'INVALID_QUERY', 'from is required');
        const from = intQuery(rawFrom, 'from', 0, 0);
        const given = query('from_hash');
        if (given === undefined || given === '') throw new HttpError(400, 'INVALID_QUERY', 'from_hash is required');
        // Hex is read in either case; a value that is no hash at all is a hash the chain does not hold.
        const fromHash = given.toLowerCase();
        const head = audit.head();
        if (!HASH.test(fromHash) || !(await audit.holds(from, fromHash))) {
          throw new HttpError(409, 'CHECKPOINT_MISMATCH', `the audit chain (head ${head.sequence}) does not hold record ${from} with that hash`);
        }
        return json({ consistent: true, from, to: head.sequence, to_hash: head.hash });
      }),
    },
  ];
}
