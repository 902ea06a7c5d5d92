import { useToast } from 'primevue/usetoast';
import { useI18n } from 'vue-i18n';
import { ApiError } from '../api/client';
import { useRunsStore } from '../stores/runs';
import { errorLine } from '../components/common/describe-error';

/** Starts an update and tells the user plainly why it could not start (403, 409, 422). */
export function useRunAction() {
  const runs = useRunsStore();
  const toast = useToast();
  const { t } = useI18n();

  return async function run(projectId: number, name: string) {
    try {
      await runs.start(projectId);
      toast.add({ severity: 'info', summary: t('run.started', { name }), life: 3000 });
    } catch (error) {
      let detail: string;
      // 403 is either the owner's balance (decisions.md §2) or a viewer's missing right.
      if (error instanceof ApiError && error.status === 403)
        detail = /limit|balance/i.test(error.message)
          ? `${t('run.noLimits')} (${error.message})`
          : t('run.forbidden');
      else if (error instanceof ApiError && error.status === 409) detail = t('run.alreadyRunning');
      else if (error instanceof ApiError && error.status === 422)
        detail = `${t('run.nothingToRun')} (${error.message})`;
      else detail = errorLine(error, t);
      toast.add({ severity: 'error', summary: t('run.run'), detail, life: 8000 });
    }
  };
}
