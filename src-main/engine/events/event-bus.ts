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

export interface NewEvent {
  project_id: number | null;
  user_id?: number | null;
  type: EventType;
  message: string;
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

  async record(event: NewEvent, options: { notify?: boolean } = {}) {
    const recorded = await this.store(event, options);
    this.emit(recorded);
    return recorded;
  }

  /**
   * Stores an event without telling the listeners, with `db` (a transaction) when given: the
   * caller emits it once that transaction has committed (`emit`), so a rolled-back event is
   * never shown.
   */
  async store(event: NewEvent, options: { notify?: boolean } = {}, db: Db = this.db) {
    const created_at = this.clock.now().toISOString();
    const row = await db
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
    return recorded;
  }

  /** Tells the listeners (the desktop's OS notifications) of an event stored with `store`. */
  emit(recorded: RecordedEvent) {
    this.emitter.emit('event', recorded);
  }

  /** Emitted for an OS notification only, never stored (the user keeps it out of the event list). */
  notifyOnly(event: NewEvent) {
    this.emit(this.unstored(event));
  }

  /** The shape `notifyOnly` emits (id 0: never stored), for a caller that emits it later. */
  unstored(event: NewEvent): RecordedEvent {
    return {
      id: 0,
      ...event,
      user_id: event.user_id ?? null,
      created_at: this.clock.now().toISOString(),
    };
  }

  on(listener: (event: RecordedEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
