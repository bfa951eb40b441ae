import { Type } from '@sinclair/typebox';

/** Longest `session_id` any body accepts. */
export const MAX_SESSION_ID_LENGTH = 256;

/** The agent's own session id, as every request body that names a session takes it. */
export const SessionId = Type.String({
  minLength: 1,
  maxLength: MAX_SESSION_ID_LENGTH,
  description: 'The agent\'s own session id (1 to 256 characters)',
});
