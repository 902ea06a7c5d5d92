import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorKind } from '../errors';

/** The one place a domain error becomes an HTTP status (api-spec.md "Errors"). */
export const STATUS_OF: Record<ErrorKind, ContentfulStatusCode> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  bad_request: 400,
  too_large: 413,
  invalid: 422,
  unavailable: 503,
};
