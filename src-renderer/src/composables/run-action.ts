import { useToast } from 'primevue/usetoast';
import { useConfirm } from 'primevue/useconfirm';
import { useI18n } from 'vue-i18n';
import { ApiError, api } from '../api/client';
import { useRunsStore } from '../stores/runs';
import { errorLine } from '../components/common/describe-error';
import { currentLocale } from '../i18n';
import { describeEstimate } from '../utils/estimate';

/**
 * Starts an update after the user has seen what it will cost (issue 13: limits, tokens, dollars,
 * time, from GET parse/estimate) and tells them plainly why it could not start (403, 409, 422).
 * Where the estimate cannot be had (an older remote server), the question is asked without it.
 */
export function useRunAction() {
  const runs = useRunsStore();
  const toast = useToast();
  const confirm = useConfirm();
  const { t } = useI18n();

  async function start(projectId: number, name: string) {
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
  }

  return async function run(projectId: number, name: string) {
    let message = t('run.confirmPlain', { name });
    try {
      const { data } = await api.request('GET /api/projects/{project}/parse/estimate', {
        params: { project: projectId },
      });
      message = describeEstimate(data, t, currentLocale());
    } catch {
      // no estimate: still ask, the run itself reports any refusal
    }
    confirm.require({
      header: t('run.confirmHeader', { name }),
      message,
      acceptLabel: t('run.run'),
      rejectLabel: t('common.cancel'),
      acceptProps: { 'data-testid': 'run-confirm' },
      rejectProps: { severity: 'secondary', text: true, 'data-testid': 'run-cancel' },
      accept: () => void start(projectId, name),
    });
  };
}
