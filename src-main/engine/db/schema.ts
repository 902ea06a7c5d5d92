import type { Generated, Selectable, Updateable } from 'kysely';

/**
 * Row types of every table, as SQLite stores them: booleans are 0/1 integers, JSON is text,
 * datetimes are ISO strings. Services turn rows into API objects with their `toX(row)` mappers.
 */

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  limits_balance: number;
  created_at: string;
  /** 1: may change the install (catalogue, keys, app settings, limits). See migration 0009. */
  is_admin: Generated<number>;
  disabled_at: string | null;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** Refused after this instant; null: no expiry. */
  expires_at: string | null;
  /** null: made by a person; `ui-session`/`print`: one host run's, revoked at the next start. */
  kind: TokenKind | null;
}

export type TokenKind = 'ui-session' | 'print';

export interface NeuralsTable {
  id: Generated<number>;
  system_name: string;
  display_name: string;
  provider: string;
  model: string;
  base_url: string | null;
  api_key: string | null;
  web_search_supported: number;
  model_url: string | null;
  logo: string | null;
  is_builtin: number;
  sort_order: number;
  created_at: string;
  deleted_at: string | null;
}

export interface ProjectsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  brand: string;
  alternative_brand: string;
  domain: string;
  domain_aliases: string | null;
  activities: string;
  region: number;
  language: string;
  is_paused: number;
  is_sample: number;
  sources_include_subdomains: number;
  collect_online: number;
  collect_google_ai_mode: number;
  count_empty_answers: number;
  analytics_token: string | null;
  analytics_id: string | null;
  analytics_counter_name: string | null;
  /** Migration 0008: the brand's own products (JSON array of names), never competitors. */
  own_products: Generated<string>;
  /** Migration 0009: JSON `{event, desktop, email}`; null = the defaults (analytics/alerts.ts). */
  alerts: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface ProjectSharesTable {
  project_id: number;
  user_id: number;
  role: 'viewer' | 'editor';
}

export interface ProjectNeuralsTable {
  project_id: number;
  neural_id: number;
  web_search_enabled: number;
  position: number;
}

export interface ProjectSchedulesTable {
  project_id: number;
  source: string;
  type: string;
  detail: string | null;
  last_run_at: string | null;
}

export interface PromptGroupsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  is_favourite: number;
  created_at: string;
}

export interface PromptsTable {
  id: Generated<number>;
  project_id: number;
  value: string;
  frequency: number | null;
  relevant_query: string | null;
  created_at: string;
  deleted_at: string | null;
}

export interface PromptGroupLinksTable {
  prompt_id: number;
  group_id: number;
}

export interface DraftsTable {
  id: string;
  user_id: number;
  status: 'processing' | 'ready' | 'error' | 'created';
  progress: number;
  input: string;
  prompts: string;
  project_id: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface EventsTable {
  id: Generated<number>;
  project_id: number | null;
  user_id: number | null;
  type: string;
  message: string;
  created_at: string;
}

export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  max_attempts: number;
  run_after: string;
  /** The process holding the lease (jobs/lease.ts), while `running`. */
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface ParseRunsTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  status: 'queued' | 'in_progress' | 'completed' | 'failed';
  phase: string | null;
  progress: number;
  source: string;
  options: string;
  charged: number;
  refunded: number;
  tasks_total: number;
  tasks_done: number;
  update_date: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** When the run's alerts were told (alerts.ts): set once, so a resumed completion tells nothing twice. */
  alerted_at: string | null;
}

export interface AnswersTable {
  id: Generated<number>;
  run_id: number;
  project_id: number;
  prompt_id: number;
  neural_id: number;
  has_data: number;
  answer: string | null;
  mention: number;
  mention_position: number | null;
  tone: string | null;
  occurrences: string;
  competitors: string;
  site_mentioned: number;
  site_position: number | null;
  comment: string | null;
  web_search: number;
  raw: string | null;
  error: string | null;
  attempts: number;
  created_at: string;
  /** Migration 0008: compact evidence JSON (collect/evidence-codec.ts); null until analysed since. */
  evidence: Generated<string | null>;
  /** Migration 0009: token usage the provider reported; null when it reported none. */
  input_tokens: Generated<number | null>;
  output_tokens: Generated<number | null>;
}

export interface AnswerUrlsTable {
  answer_id: number;
  position: number;
  url: string;
  domain: string;
  title: string | null;
}

export interface CompetitorsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  type: string;
  created_at: string;
}

export interface CompetitorMembersTable {
  id: Generated<number>;
  competitor_id: number;
  name: string;
}

export interface AnswerCompetitorsTable {
  answer_id: number;
  competitor_id: number;
  position: number;
}

export interface DomainTypesTable {
  project_id: number;
  domain: string;
  type: string;
}

export interface ReportsTable {
  id: Generated<number>;
  project_id: number;
  user_id: number | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  source_type: 'manual' | 'automatic' | 'restart';
  shared_key: string;
  options: string;
  periods: string;
  restart_of: number | null;
  error: string | null;
  limits_charged: Generated<number>;
  pdf_status: Generated<'none' | 'in_progress' | 'success' | 'failed'>;
  /** No longer written: the PDF itself is in `report_pdfs` (migration 0013). */
  pdf_file: string | null;
  pdf_error: string | null;
  /** The print job while `pdf_status` is `in_progress` (migration 0007). */
  pdf_job_id: number | null;
  created_at: string;
  updated_at: string;
}

/** A report's printed PDF (migration 0013): in the database, so every app server can serve it. */
export interface ReportPdfsTable {
  report_id: number;
  pdf: Buffer;
  created_at: string;
}

/** The site-icon cache (migration 0013): an icon, or the reason a site has none (`icon` null). */
export interface FaviconsTable {
  domain: string;
  icon: Buffer | null;
  miss_reason: string | null;
  checked_at: string;
}

export interface ReportResultsTable {
  id: Generated<number>;
  report_id: number;
  block_slug: string;
  block_order: number;
  block_data: string;
  created_at: string;
  updated_at: string;
}

export interface AggUpdateNeuralTable {
  project_id: number;
  run_id: number;
  neural_id: number;
  answers: number;
  with_data: number;
  mentions: number;
  positive: number;
  neutral: number;
  negative: number;
  site_mentions: number;
}

export interface AggUpdateCompetitorTable {
  project_id: number;
  run_id: number;
  neural_id: number;
  competitor_id: number;
  mentions: number;
}

/** Migration 0015: an update's competitor mentions summed over its networks (JSON: competitor id → count). */
export interface AggUpdateCompetitorTotalsTable {
  project_id: number;
  run_id: number;
  counts: string;
}

export interface AggUpdateDomainTable {
  project_id: number;
  run_id: number;
  neural_id: number;
  domain: string;
  citations: number;
}

/** Migration 0005: one prompt at one update: counts over every network, history cells (JSON). */
export interface AggUpdatePromptTable {
  project_id: number;
  prompt_id: number;
  run_id: number;
  answers: number;
  with_data: number;
  mentions: number;
  mentions_with_data: number;
  site_mentions: number;
  positive: number;
  neutral: number;
  negative: number;
  cells: string;
}

/** Migration 0008: a requested re-analysis of a project and its progress. */
export interface ReanalysesTable {
  id: Generated<number>;
  project_id: number;
  job_id: number | null;
  status: 'queued' | 'running' | 'done' | 'failed' | 'superseded';
  reason: string;
  answers_total: Generated<number>;
  answers_done: Generated<number>;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** Migration 0006: distinct site cell texts (JSON: network id → sources history cell). */
export interface AggSiteCellsTable {
  id: Generated<number>;
  cells: string;
}

/** Migration 0006: one prompt at one update: its site cells (by id), networks mentioning the brand. */
export interface AggUpdatePromptSiteTable {
  project_id: number;
  prompt_id: number;
  run_id: number;
  cells_id: number;
  mentions: string;
}

export interface Database {
  users: UsersTable;
  api_tokens: ApiTokensTable;
  neurals: NeuralsTable;
  projects: ProjectsTable;
  project_shares: ProjectSharesTable;
  project_neurals: ProjectNeuralsTable;
  project_schedules: ProjectSchedulesTable;
  prompt_groups: PromptGroupsTable;
  prompts: PromptsTable;
  prompt_group_links: PromptGroupLinksTable;
  drafts: DraftsTable;
  events: EventsTable;
  jobs: JobsTable;
  app_settings: AppSettingsTable;
  parse_runs: ParseRunsTable;
  answers: AnswersTable;
  answer_urls: AnswerUrlsTable;
  competitors: CompetitorsTable;
  competitor_members: CompetitorMembersTable;
  answer_competitors: AnswerCompetitorsTable;
  domain_types: DomainTypesTable;
  agg_update_neural: AggUpdateNeuralTable;
  agg_update_competitor: AggUpdateCompetitorTable;
  agg_update_competitor_totals: AggUpdateCompetitorTotalsTable;
  agg_update_domain: AggUpdateDomainTable;
  agg_update_prompt: AggUpdatePromptTable;
  agg_site_cells: AggSiteCellsTable;
  agg_update_prompt_site: AggUpdatePromptSiteTable;
  reports: ReportsTable;
  report_results: ReportResultsTable;
  report_pdfs: ReportPdfsTable;
  favicons: FaviconsTable;
  reanalyses: ReanalysesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NeuralRow = Selectable<NeuralsTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type ReanalysisRow = Selectable<ReanalysesTable>;
export type ProjectUpdate = Updateable<ProjectsTable>;
export type PromptRow = Selectable<PromptsTable>;
export type DraftRow = Selectable<DraftsTable>;
export type JobRow = Selectable<JobsTable>;
export type ParseRunRow = Selectable<ParseRunsTable>;
export type AnswerRow = Selectable<AnswersTable>;
export type ReportRow = Selectable<ReportsTable>;
export type ReportResultRow = Selectable<ReportResultsTable>;
