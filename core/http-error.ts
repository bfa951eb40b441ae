/**
 * The one error type of the API. Throw it anywhere below a handler; the app's
 * single catch point turns it into `{error, code, ...extra}` with `status`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Builds the JSON response for an error. */
export function errorResponse(error: HttpError): Response {
  const body = { error: error.message, code: error.code, ...error.extra };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { 'content-type': 'application/json', ...error.headers },
  });
}
