import type { Db } from './db/connection';
import type { Clock } from './clock';
import type { IdSource } from './ids';
import type { JobQueue } from './jobs/queue';
import type { JobPayloads } from './job-catalogue';
import type { EventBus } from './events/event-bus';
import type { SecretBox } from './secrets';
import type { EnginePorts } from './ports';

/**
 * What a service function may need, passed explicitly (no container injecting everything
 * everywhere: a function takes `ctx` and uses the parts it needs).
 */
export interface EngineContext {
  db: Db;
  clock: Clock;
  ids: IdSource;
  jobs: JobQueue<JobPayloads>;
  events: EventBus;
  secrets: SecretBox;
  ports: EnginePorts;
  /** Base URL the engine is reachable at (for `project_url`, report file links). */
  publicUrl: () => string;
  dataDir: string;
}
