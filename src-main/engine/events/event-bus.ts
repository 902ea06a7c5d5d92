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
  | 'notice';

export interface RecordedEvent {
  id: number;
  project_id: number | null;
  user_id: number | null;
  type: EventType | string;
  message: string;
  created_at: string;
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

  async record(event: {
    project_id: number | null;
    user_id?: number | null;
    type: EventType;
    message: string;
  }) {
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
    const recorded: RecordedEvent = { id: row.id, ...event, user_id: event.user_id ?? null, created_at };
    this.emitter.emit('event', recorded);
    return recorded;
  }

  on(listener: (event: RecordedEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
