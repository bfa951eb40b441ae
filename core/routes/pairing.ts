import { PUBLIC_CSRF_VALUE } from '../guards/require-csrf.ts';
import { HttpError } from '../http-error.ts';
import { json } from '../http/json.ts';
import { readJson } from '../http/read-body.ts';
import { validate } from '../http/validate.ts';
import type { OnboardingState } from '../onboarding/onboarding-state.ts';
import type { PairingCodes } from '../pairing/pairing-codes.ts';
import type { RouteSpec } from '../route-spec.ts';
import { errorDoc } from '../schemas/common.ts';
import { PairBodySchema, PairCodeResponseSchema, PairResponseSchema } from '../schemas/pairing.ts';
import type { Tokens } from '../security/tokens.ts';

const PAIR_DESCRIPTION = [
  'Trades the pairing code (from POST /api/ipc/dashboard/pair-code, carried in the #pair=<code> fragment) for the',
  'dashboard token. The code is consumed on first success; a bad, used or replaced code is 401 PAIR_CODE_INVALID.',
  'Every attempt counts against the Write bucket, since the code itself is the proof. With [server] dashboard_auth',
  '= false there is no dashboard token: pairing still needs a valid code and answers the public value',
  '`svc-dashboard`, which the CSRF guard accepts in that mode, so the dashboard works the same way in both modes.',
].join(' ');

/** `POST /api/ipc/dashboard/pair-code` and `POST /api/dashboard/pair`. */
export function pairingRoutes({ tokens, onboarding, pairingCodes: codes }: { tokens: Tokens; onboarding: OnboardingState; pairingCodes: PairingCodes }): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/api/ipc/dashboard/pair-code',
      auth: 'ipc',
      bucket: 'ipc',
      summary: 'Mint a dashboard pairing code',
      description:
        'Single use, no expiry, one outstanding: minting replaces the previous code. The code lives in memory; a ' +
        'restart forgets it.',
      tags: ['auth'],
      responses: { 200: { description: 'A fresh code', schema: PairCodeResponseSchema } },
      handler() {
        return json({ code: codes.mint() });
      },
    },
    {
      method: 'POST',
      path: '/api/dashboard/pair',
      auth: 'self-proof',
      bucket: 'write',
      summary: 'Redeem a pairing code for the dashboard token',
      description: PAIR_DESCRIPTION,
      tags: ['auth'],
      body: PairBodySchema,
      responses: {
        200: { description: 'The dashboard token', schema: PairResponseSchema },
        400: errorDoc('INVALID_JSON, or INVALID_REQUEST when the body is not {code: string}'),
        401: errorDoc('PAIR_CODE_INVALID: bad, used or replaced code'),
      },
      async handler(request) {
        const { code } = validate(PairBodySchema, await readJson(request));
        if (!codes.redeem(code)) {
          throw new HttpError(401, 'PAIR_CODE_INVALID', 'the pairing code is invalid or has already been used');
        }
        onboarding.markPaired();
        return json({ token: tokens.dashboard ?? PUBLIC_CSRF_VALUE });
      },
    },
  ];
}
