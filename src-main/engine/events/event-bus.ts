import { EventEmitter } from 'node:events';
import type { Db } from '../db/connection';
import type { Clock } from '../clock';

export type EventType =
  | 'update_started'
  | 'update_finished'
  | 'update_failed'
  | 'report_done'
  | 'report_failed'
  | 'draft_ready'
  | 'notice'
  /** Issue 13: a significant drop of the brand or rise of a competitor after a run. */
  | 'significant_change';

export interface RecordedEvent {
  id: number;
  project_id: number | null;
  user_id: number | null;
  type: EventType | string;
  message: string;
  created_at: string;
  /** False: listed in the app but not shown as an OS notification (the user's choice). */
  notify?: boolean;
}

/**
 * Events are stored (the summary lists them) and emitted in-process, so a host can show an OS
 * notification when a run or report finishes.
 */
export class EventBus {
  private emitter = new EventEmitter();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async record(
    event: {
      project_id: number | null;
      user_id?: number | null;
      type: EventType;
      message: string;
    },
    options: { notify?: boolean } = {},
  ) {
    const created_at = this.clock.now().toISOString();
    const row = await this.db
      .insertInto('events')
      .values({
        project_id: event.project_id,
        user_id: event.user_id ?? null,
        type: event.type,
        message: event.message,
        created_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recorded: RecordedEvent = {
      id: row.id,
      ...event,
      user_id: event.user_id ?? null,
      created_at,
      ...(options.notify === false && { notify: false }),
    };
    this.emitter.emit('event', recorded);
    return recorded;
  }

  /** Emitted for an OS notification only, never stored (the user keeps it out of the event list). */
  notifyOnly(event: {
    project_id: number | null;
    user_id?: number | null;
    type: EventType;
    message: string;
  }) {
    const emitted: RecordedEvent = {
      id: 0,
      ...event,
      user_id: event.user_id ?? null,
      created_at: this.clock.now().toISOString(),
    };
    this.emitter.emit('event', emitted);
  }

  on(listener: (event: RecordedEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
