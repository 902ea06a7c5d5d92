/**
 * Reports: the shapes of api-spec.md "Reports" and the route types of this area (see routes.ts).
 * The `block_data` of each block is documented in docs/api/reports.md.
 */

export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_SOURCE_TYPES = ['manual', 'automatic', 'restart'] as const;
export type ReportSourceType = (typeof REPORT_SOURCE_TYPES)[number];

/** The nine block slugs, in their default order (api-spec.md "Report block definition"). */
export const BLOCK_SLUGS = [
  'ai_conclusions',
  'summary',
  'competitors',
  'answers',
  'kpi',
  'sources',
  'brand_position_history',
  'site_position_history',
  'prompts_visibility_history',
] as const;
export type BlockSlug = (typeof BLOCK_SLUGS)[number];

export const MAIN_PERIODS = ['last_7_days', 'last_30_days', 'last_calendar_month', 'custom'] as const;
export type MainPeriod = (typeof MAIN_PERIODS)[number];
export const COMPARISON_PERIODS = [...MAIN_PERIODS, 'prev_period'] as const;
export type ComparisonPeriod = (typeof COMPARISON_PERIODS)[number];

export type FileType = 'none' | 'pdf';

export interface ReportBlockDefinition {
  id: number;
  slug: BlockSlug;
  name: string;
  description: string;
  block_order: number;
  visible: 'all';
}

export interface ReportOptionBlock {
  id: number;
  slug: BlockSlug;
  title: string;
  checked: boolean;
  visible: string;
  block_order: number;
}

/** Options as a response shows them (defaults filled in, e-mails as arrays). */
export interface ReportOptions {
  comparison_enabled: boolean;
  period_main: MainPeriod;
  period_comparison: ComparisonPeriod | null;
  period_main_dates: [string, string] | null;
  period_compare_dates: [string, string] | null;
  blocks: ReportOptionBlock[];
  report_email: string[];
  report_email_notifications: string[];
  file_type: FileType;
  /** Extension: the report whose options a `restart` report repeats (docs/api/reports.md). */
  restart_of?: number;
}

/** Options as a client may send them. */
export interface ReportOptionsInput {
  comparison_enabled: boolean;
  period_main: MainPeriod;
  period_main_dates?: [string, string] | null;
  period_comparison?: ComparisonPeriod | null;
  period_compare_dates?: [string, string] | null;
  blocks: Array<{ slug: BlockSlug; checked?: boolean }>;
  report_email?: string | string[] | null;
  report_email_notifications?: string | string[] | null;
  file_type?: FileType;
  restart_of?: number;
}

/** One built block of a report: its `block_data` is the envelope of its slug's data. */
export interface BlockResult<S extends BlockSlug> {
  id: number;
  project_report_id: number;
  block_slug: S;
  block_data: BlockDataOf<S>;
  created_at: string;
  updated_at: string;
}

/**
 * A report's result item, a union discriminated by `block_slug`: checking the slug
 * (`item.block_slug === 'kpi'`) gives its data's type. `ReportResultItem<'kpi'>` is one slug's item.
 */
export type ReportResultItem<S extends BlockSlug = BlockSlug> = { [K in S]: BlockResult<K> }[S];

export interface ReportListItem {
  id: number;
  project_id: number;
  user_id: number | null;
  status: ReportStatus;
  source_type: ReportSourceType;
  shared_key: string;
  created_at: string;
  updated_at: string;
}

export interface Report extends ReportListItem {
  options: ReportOptions;
  /** Present only when status is `done`. */
  result?: ReportResultItem[];
}

/** A resolved period: first and last day, inclusive, `YYYY-MM-DD` (UTC). */
export interface PeriodRange {
  from: string;
  to: string;
}

/**
 * The envelope every block's `block_data` shares: the periods it was built over, and the block's
 * own data for the main period and (when comparison is enabled) the comparison period.
 */
export interface BlockData<T> {
  period: PeriodRange;
  comparison_period: PeriodRange | null;
  /** Set when the block could not be built (e.g. ai_conclusions without limits or model). */
  disabled_reason?: string | null;
  /** The reason in words, in the project's language. */
  disabled_message?: string | null;
  main: T | null;
  comparison: T | null;
}

// The `main` / `comparison` data of each block (docs/api/reports.md).

/** Each block slug's `main` / `comparison` data; the engine's builder of a slug must return it. */
export interface BlockDataBySlug {
  ai_conclusions: AiConclusionsData;
  summary: SummaryData;
  competitors: CompetitorsData;
  answers: AnswersData;
  kpi: KpiData;
  sources: SourcesData;
  brand_position_history: PositionHistoryData;
  site_position_history: PositionHistoryData;
  prompts_visibility_history: PromptsVisibilityHistoryData;
}

/** The `block_data` of a slug (`BlockDataOf<BlockSlug>`: the data of any block). */
export type BlockDataOf<S extends BlockSlug> = BlockData<BlockDataBySlug[S]>;

/** A chart line of a block: a series of the analytics endpoint, `x` as `DD.MM.YYYY`. */
export interface BlockSeries {
  name: string;
  /** The series over every selected network (`all`), or the own brand in competitor charts. */
  is_total: boolean;
  points: Array<{ x: string; y: number }>;
}

/** From GET …/summary over the period: figures at the last update, curves over every update. */
export interface SummaryData {
  updates: number;
  /** `DD.MM.YYYY` of the period's last update, or null without one. */
  last_update: string | null;
  brand: { visibility: number; mentions: number };
  /** Null when the project has no site. */
  site: { visibility: number } | null;
  /** % of the brand's mentions at the last update. */
  tone: { positive: number; neutral: number; negative: number };
  share_of_voice: Array<{ name: string; type: string; share: number }>;
  networks: Array<{ name: string; visibility: number; mentions: number }>;
  chart: Array<{ x: string; visibility: number; site_visibility: number | null }>;
}

/** From GET …/competitors over the period (`competitors_count` 20). */
export interface CompetitorsData {
  first_update: string | null;
  last_update: string | null;
  rows: Array<{
    name: string;
    type: string;
    is_brand: boolean;
    visibility: number;
    visibility_change: number;
    /** Extension (issue 13): the McNemar test of that change (first → last update). */
    visibility_test?: import('./analytics').ChangeTest;
    mentions: number;
    share_of_voice: number;
    share_of_voice_change: number;
  }>;
  excluded: Array<{ name: string; type: string; visibility_first: number }>;
  chart: BlockSeries[];
}

/** From GET …/answers/visibility over the period, most visible prompts first (one page). */
export interface AnswersData {
  total_prompts: number;
  total_mentions: number;
  neurals: Array<{ id: number; name: string }>;
  rows: Array<{
    prompt_id: number;
    prompt: string;
    visibility: number | null;
    dynamic: 'up' | 'down' | 'not_changed' | null;
    cells: Array<{
      neural_id: number;
      mention: boolean;
      position: number | null;
      site_mentioned: boolean;
      site_position: number | null;
    }>;
  }>;
  chart: BlockSeries[];
}

/** From GET …/sources/list over the period (first page of 20 domains). */
export interface SourcesData {
  total_domains: number;
  domains: Array<{
    domain: string;
    type: string;
    type_label: string;
    own: boolean;
    citations: number;
    citations_change: number;
    pages: number;
    prompts: number;
  }>;
  urls: Array<{ url: string; domain: string; citations: number }>;
  types: Array<{ type: string; label: string; share: number; citations: number }>;
  excluded: Array<{ domain: string; citations_first: number }>;
}

/** From the summary's brand_position_history / site_position_history over the period. */
export interface PositionHistoryData {
  dates: string[];
  neurals: Array<{ id: number; name: string }>;
  chart: BlockSeries[];
  prompts: Array<{
    prompt_id: number;
    prompt: string;
    dynamics: 'up' | 'down' | 'not_changed';
    points: Array<{ x: string; position: number | null; networks: number }>;
  }>;
}

/** From the summary's topPrompts over the period: the last two updates compared. */
export interface PromptsVisibilityHistoryData {
  previous_update: string | null;
  last_update: string | null;
  growth: PromptChange[];
  decline: PromptChange[];
  growth_reason: string | null;
  decline_reason: string | null;
}

export interface PromptChange {
  prompt: string;
  visibility: number;
  change: number;
}

export interface KpiData {
  brand_demand: {
    available: boolean;
    total_frequency: number | null;
    prompts_with_frequency: number;
    prompts: Array<{ prompt_id: number; prompt: string; frequency: number }>;
    message: string | null;
  };
  web_analytics: { connected: false; counter_name: string | null; message: string };
}

export interface AiConclusionsData {
  key_findings: string[];
  goal_90_days: string;
  tasks: { days_7: string[]; days_30: string[]; days_90: string[] };
  /** Display name of the analysis model that wrote it. */
  model: string;
}

export interface Paginated<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

export interface DownloadResponse {
  id: number;
  status: 'success' | 'in_progress';
  file: string | null;
  message: string;
  /**
   * Extension: the reason the last print failed, on the one answer that reports it (`status`
   * stays `in_progress`, as the spec has no failed state); the next request prints again.
   */
  print_error?: string;
}

type ProjectParam = { project: number };
type ReportParams = { project: number; report: number };

export interface ReportsRoutes {
  'GET /api/projects/{project}/reports': {
    params: ProjectParam;
    query: { per_page?: number; page?: number; status?: ReportStatus };
    response: Paginated<ReportListItem>;
  };
  'POST /api/projects/{project}/reports': {
    params: ProjectParam;
    body:
      | { options: ReportOptionsInput; status?: 'queued'; source_type?: ReportSourceType }
      // A restart repeats an earlier report's options (docs/api/reports.md "Restart").
      | { options: { restart_of: number }; status?: 'queued'; source_type: 'restart' };
    response: { id: number; shared_key: string; status: 'queued'; message: string };
  };
  'GET /api/projects/{project}/reports/{report}': {
    params: ReportParams;
    response: { data: Report };
  };
  'GET /api/projects/{project}/reports/{report}/status': {
    params: ReportParams;
    response: { id: number; status: ReportStatus; updated_at: string };
  };
  'GET /api/projects/{project}/reports/{report}/download': {
    params: ReportParams;
    response: DownloadResponse;
  };
  'GET /api/projects/{project}/reports/blocks': {
    params: ProjectParam;
    response: { data: ReportBlockDefinition[] };
  };
}
