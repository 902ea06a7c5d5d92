import type { RecordedEvent } from '../engine/events/event-bus';

/**
 * Which engine events become an OS notification, and their wording. The engine's event message
 * already names the project and the outcome, so it is the notification's body.
 */
const TITLES: Record<string, string> = {
  update_finished: 'Update finished',
  update_failed: 'Update failed',
  report_done: 'Report ready',
  report_failed: 'Report failed',
  significant_change: 'Significant change',
};

export interface NotificationText {
  title: string;
  body: string;
}

export function notificationFor(
  event: Pick<RecordedEvent, 'type' | 'message' | 'notify'>,
): NotificationText | null {
  // The user chose the event list but not the desktop for this kind of news.
  if (event.notify === false) return null;
  const title = TITLES[event.type];
  if (!title) return null;
  return { title, body: event.message };
}
