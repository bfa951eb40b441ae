import { Type } from '@sinclair/typebox';

/** `POST /api/ipc/dashboard/pair-code` response. */
export const PairCodeResponseSchema = Type.Object({
  code: Type.String({ pattern: '^[0-9a-f]{32}$', description: '32 lower-case hex characters; single use; no expiry' }),
});

/** `POST /api/dashboard/pair` request. */
export const PairBodySchema = Type.Object(
  { code: Type.String({ description: 'The code from /api/ipc/dashboard/pair-code (the #pair= fragment)' }) },
  { additionalProperties: false },
);

/** `POST /api/dashboard/pair` response. */
export const PairResponseSchema = Type.Object({
  token: Type.String({
    description:
      'The dashboard token, to send as x-svc-csrf. With [server] dashboard_auth = false it is the public value ' +
      '`svc-dashboard`, which the CSRF guard accepts in that mode.',
  }),
});
