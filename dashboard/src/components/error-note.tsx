import { ApiError, describeError } from '../api/client.ts';

/** An error from the daemon, said plainly (role=alert so screen readers hear it). */
export function ErrorNote({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return (
    <p class="error" role="alert">
      {describeError(error)}
    </p>
  );
}

/** True when the daemon refused for the licence tier (403 FEATURE_GATED). */
export function isGated(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'FEATURE_GATED';
}
