/** Draft error codes (api-spec.md "Errors"). */
export const DRAFT_ERROR_CODES = [
  'DRAFT_NOT_FOUND',
  'DRAFT_ALREADY_USED',
  'DRAFT_IN_PROGRESS',
  'DRAFT_NOT_READY',
  'ANALYSIS_NOT_STARTED',
] as const;
export type DraftErrorCode = (typeof DRAFT_ERROR_CODES)[number];

/** The body of any error response the API can give. */
export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
  error?: { code: DraftErrorCode; message: string; project_id?: number };
  status?: string;
}
