import { SCHEDULE_TYPE_LABELS, type UiLanguage } from '../../../src-shared/enums';
import type { ScheduleView } from '../../../src-shared/api/core';

/** "Once a week: Monday", "Every N days: 3", "Manual only". */
export function describeSchedule(
  schedule: ScheduleView | undefined,
  language: UiLanguage,
  weekdays: string[],
): string {
  if (!schedule) return SCHEDULE_TYPE_LABELS.paused[language];
  const label = SCHEDULE_TYPE_LABELS[schedule.type]?.[language] ?? schedule.type;
  const detail = schedule.detail;
  if (detail === null || detail === undefined || detail === '') return label;
  if (schedule.type === 'once_per_week' && typeof detail === 'number')
    return `${label}: ${weekdays[detail] ?? detail}`;
  if (schedule.type === 'twice_per_week' && Array.isArray(detail))
    return `${label}: ${detail.map((d) => weekdays[d] ?? d).join(', ')}`;
  if (schedule.type === 'weekdays' && typeof detail === 'string')
    return `${label}: ${detail
      .split(',')
      .map((d) => weekdays[Number(d)] ?? d)
      .join(', ')}`;
  if (schedule.type === 'every_n_days')
    return language === 'ru' ? `Каждые ${detail} дн.` : `Every ${detail} days`;
  return `${label}: ${Array.isArray(detail) ? detail.join(', ') : detail}`;
}
