import { ApiError } from '../../api/client';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Turns any thrown value into title, message and a next step, in the user's language. */
export function describeError(error: unknown, t: Translate) {
  if (error instanceof ApiError) {
    if (error.status === 0)
      return { title: t('common.offlineTitle'), message: error.message, hint: t('common.offlineHint') };
    if (error.status === 404)
      return { title: t('common.notFoundTitle'), message: error.message, hint: t('common.notFoundHint') };
    if (error.status === 403)
      return {
        title: t('common.status', { status: 403 }),
        message: error.message,
        hint: t('common.forbiddenHint'),
      };
    if (error.status === 422) {
      const fields = Object.values(error.fieldErrors()).join(' ');
      return {
        title: t('common.status', { status: 422 }),
        message: fields || error.message,
        hint: t('common.validationHint'),
      };
    }
    return {
      title: t('common.status', { status: error.status }),
      message: error.message,
      hint: t('common.genericHint'),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { title: t('common.errorTitle'), message, hint: t('common.genericHint') };
}

/** One line for a toast. */
export function errorLine(error: unknown, t: Translate): string {
  const d = describeError(error, t);
  return `${d.message} ${d.hint}`.trim();
}
