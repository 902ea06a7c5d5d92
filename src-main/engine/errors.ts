import type { DraftErrorCode } from '../../src-shared/errors';

/**
 * What went wrong, in the engine's words. Services throw a DomainError; only `engine/http/`
 * turns a kind into a status code (http/status.ts), so the services, jobs and the CLI never
 * speak HTTP (ARCHITECTURE.md "Errors"). The body is already the spec's error shape.
 */
export type ErrorKind =
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'bad_request'
  | 'too_large'
  | 'invalid'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' ? body.message : kind);
  }
}

export const unauthenticated = (message = 'Unauthenticated.') =>
  new DomainError('unauthenticated', { message });
export const forbidden = (message = 'This action is unauthorized.') =>
  new DomainError('forbidden', { message });
export const notFound = (message = 'Not found.') => new DomainError('not_found', { message });
export const conflict = (message: string) => new DomainError('conflict', { message });
export const badRequest = (body: { message: string } & Record<string, unknown>) =>
  new DomainError('bad_request', body);
export const payloadTooLarge = (message = 'The request body is too large.') =>
  new DomainError('too_large', { message });

export type FieldErrors = Record<string, string[]>;

/** Invalid input `{message, errors: {<field path>: [..]}}`, with Laravel's summary message. */
export function validationError(errors: FieldErrors, message?: string): DomainError {
  const all = Object.values(errors).flat();
  const summary =
    message ??
    (all.length > 1
      ? `${all[0]} (and ${all.length - 1} more error${all.length > 2 ? 's' : ''})`
      : (all[0] ?? 'The given data was invalid.'));
  return new DomainError('invalid', { message: summary, errors });
}

/** Invalid input on a single field. */
export const invalidField = (path: string, message: string) => validationError({ [path]: [message] });

const draftKind: Record<DraftErrorCode, ErrorKind> = {
  DRAFT_NOT_FOUND: 'not_found',
  DRAFT_ALREADY_USED: 'conflict',
  DRAFT_IN_PROGRESS: 'conflict',
  DRAFT_NOT_READY: 'invalid',
  ANALYSIS_NOT_STARTED: 'unavailable',
};

/** Draft envelope `{error: {code, message, project_id?}}` (api-spec.md "Errors"). */
export function draftError(code: DraftErrorCode, message: string, projectId?: number): DomainError {
  const error: Record<string, unknown> = { code, message };
  if (projectId !== undefined) error.project_id = projectId;
  return new DomainError(draftKind[code], { error });
}
