import { Type } from '@sinclair/typebox';

/** `POST /api/server/shutdown` response (202). */
export const ShutdownResponseSchema = Type.Object({
  status: Type.Literal('shutting_down'),
});
