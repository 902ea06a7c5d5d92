import type { DraftErrorCode } from '../../../src-shared/errors';

/**
 * One error type per HTTP outcome. Services throw these; the app's error handler shapes them
 * into the spec's bodies once (ARCHITECTURE.md "Errors").
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
  }
}

export const unauthorized = (message = 'Unauthenticated.') => new HttpError(401, { message });
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, { message });
export const notFound = (message = 'Not found.') => new HttpError(404, { message });
export const conflict = (message: string) => new HttpError(409, { message });
export const badRequest = (body: { message: string } & Record<string, unknown>) => new HttpError(400, body);
export const payloadTooLarge = (message = 'The request body is too large.') =>
  new HttpError(413, { message });

export type FieldErrors = Record<string, string[]>;

/** 422 `{message, errors: {<field path>: [..]}}`, with Laravel's summary message. */
export function validationError(errors: FieldErrors, message?: string): HttpError {
  const all = Object.values(errors).flat();
  const summary =
    message ??
    (all.length > 1
      ? `${all[0]} (and ${all.length - 1} more error${all.length > 2 ? 's' : ''})`
      : (all[0] ?? 'The given data was invalid.'));
  return new HttpError(422, { message: summary, errors });
}

/** A single-field 422. */
export const invalidField = (path: string, message: string) => validationError({ [path]: [message] });

const draftStatus: Record<DraftErrorCode, number> = {
  DRAFT_NOT_FOUND: 404,
  DRAFT_ALREADY_USED: 409,
  DRAFT_IN_PROGRESS: 409,
  DRAFT_NOT_READY: 422,
  ANALYSIS_NOT_STARTED: 503,
};

/** Draft envelope `{error: {code, message, project_id?}}` (api-spec.md "Errors"). */
export function draftError(code: DraftErrorCode, message: string, projectId?: number): HttpError {
  const error: Record<string, unknown> = { code, message };
  if (projectId !== undefined) error.project_id = projectId;
  return new HttpError(draftStatus[code], { error });
}
