/**
 * Route types of the analytics area (see routes.ts): summary, competitors, answers, sources.
 * Field names are the spec's (api-spec.md "Summary" … "Sources"); docs/api/analytics.md says
 * what the engine decided where the spec is silent.
 */

import type { Mention, Presence, SortField, Tone, UrlsMode, VisibilityMove } from '../enums';

export type { Tone };
export type Dynamic = 'up' | 'down' | 'not_changed';

export interface BaseQuery {
  dates?: string[];
  neurals?: number[];
  groups?: number[];
}

export interface NeuralRef {
  id: number;
  display_name: string;
  system_name: string;
  logo: string | null;
}
export interface SeriesLabel {
  system_name: string;
  display_name: string;
  logo: string | null;
  order: number;
}
export interface Point {
  x: string;
  y: number;
  [extra: string]: number | string;
}
export interface Series {
  id?: number | string;
  label: SeriesLabel;
  data: Point[];
}
export interface BaseFilters {
  dates: string[];
  neurals: number[];
  groups: number[];
}

export interface BrandCell {
  mention: number;
  mention_position: number | null;
  tone: Tone | null;
  occurrences: string[];
  competitors: string[];
  has_data: boolean;
}

/** Extension: the exact McNemar test of a change between two updates (docs/api/analytics.md). */
export interface ChangeTest {
  pairs: number;
  gained: number;
  lost: number;
  /** Unrounded two-sided p-value. */
  p_value: number;
  significant: boolean;
}

/** Extension: summary `data.updateStats.visibility_change`; null with fewer than two updates. */
export interface VisibilityChange extends ChangeTest {
  date1: string;
  date2: string;
  before: number;
  after: number;
  delta: number;
  /** Wilson 95 % interval in percent. */
  ci_before: [number, number];
  ci_after: [number, number];
}

export interface CompetitorRow {
  id: number | 'own';
  competitor: { id: number | 'own'; name: string; type: string };
  members: Array<{ id: number; competitor_id: number; name: string }>;
  visibility: {
    first: number;
    last: number;
    delta: number;
    dates: { first: string | null; last: string | null };
    /** Extension: first → last update of the period. */
    change_test: ChangeTest;
  };
  mentions: number;
  tone: string;
  share_of_voice: { first: number; last: number; delta: number };
}

export interface UpdateDates {
  updateDates: string[];
  firstUpdateDate: string | null;
  lastUpdateDate: string | null;
}

export type SummaryQuery = BaseQuery;
export interface SummaryResponse extends UpdateDates {
  project: Record<string, unknown> & { id: number; region: number; language: string; prompts_count: number };
  filters: BaseFilters;
  events: Array<{ id: number; project_id: number; type: string; message: string; created_at: string }>;
  data: {
    updateStats: {
      visibility_curve: Series[];
      tone_chart: Record<Tone, number>;
      group_visibility_chart: Array<{ slug: string; value: number }>;
      site_visibility_curve: Series[];
      visibility: Series[];
      share_of_voice: Array<{
        id: number | string;
        label: string;
        type: string;
        label_meta: { grayscale: boolean };
        data: Point[];
      }>;
      competitors: { table: CompetitorRow[] };
      topPrompts: {
        up: Array<{ prompt: string; visibility: number; dynamic: number }>;
        down: Array<{ prompt: string; visibility: number; dynamic: number }>;
        up_reason: 'no_growth' | null;
        down_reason: 'no_decline' | null;
      };
      visibility_change: VisibilityChange | null;
      /** Extension: Wilson 95 % interval of each point of the overall visibility, in percent. */
      visibility_ci: Array<{ x: string; lo: number; hi: number }>;
      brand_position_history: PositionHistory<BrandCell, { id: number; value: string; groups: string[] }>;
      site_position_history: PositionHistory<
        { mentioned: boolean; position: number | null },
        { id: number; value: string }
      >;
    };
    widgets: Array<{ value: string; active: boolean; order: number }>;
  };
}
export interface PositionHistory<C, P> {
  tableData: {
    dates: string[];
    neurals: NeuralRef[];
    data: Array<{ prompt: P; positions_by_date: Record<string, Record<string, C>>; dynamics: Dynamic }>;
  };
  chartData: Series[];
}

export interface CompetitorsQuery extends BaseQuery {
  type?: 'brand' | 'competitor';
  search?: string;
  metrics?: 'visibility' | 'mentions' | 'share_of_voice';
  metricsAction?: 'up' | 'down' | 'zero';
  competitors_count?: number;
}
export interface RadarData {
  labels: string[];
  datasets: Array<{ label: string; competitor_id: number | 'own'; type: string; data: number[] }>;
}
export interface CompetitorSeries {
  id: number | 'own';
  label: string;
  type: string;
  data: Point[];
}
/** Extension: a competitor marked "not a competitor" (type `hidden`), listed so it can be set back. */
export interface HiddenCompetitor {
  id: number;
  name: string;
  type: string;
  members: Array<{ id: number; competitor_id: number; name: string }>;
}
export interface CompetitorsResponse {
  project: Record<string, unknown>;
  filters: BaseFilters & Record<string, unknown>;
  types: Record<'key' | 'direct' | 'indirect' | 'hidden', string>;
  data: UpdateDates & {
    tableData: CompetitorRow[];
    excludedTableData: CompetitorRow[];
    /** Extension: competitors marked "not a competitor"; in no table, chart or share of voice. */
    hiddenCompetitors?: HiddenCompetitor[];
    chartData: {
      visibility: CompetitorSeries[];
      mentions: CompetitorSeries[];
      share_of_voice: CompetitorSeries[];
    };
    radarChartData: { visibility: RadarData; mentions: RadarData; share_of_voice: RadarData };
  };
}
export interface CompetitorBody {
  data: {
    id: number;
    name: string;
    type: string;
    members: Array<{ id: number; competitor_id: number; name: string }>;
  };
  /** Extension: the re-analysis the edit queued (it changed the names ruled out), else null. */
  reanalysis: Reanalysis | null;
}

/** Extension: a re-analysis of a project's stored answers and its progress (GET/POST …/reanalyze). */
export interface Reanalysis {
  id: number;
  job_id: number | null;
  status: 'queued' | 'running' | 'done' | 'failed' | 'superseded';
  reason: string;
  /** 0–100. */
  progress: number;
  answers_total: number;
  answers_done: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** Extension: where a finding is in the answer; `answer.slice(start, end) === text` (UTF-16 offsets). */
export interface EvidenceSpan {
  start: number;
  end: number;
  text: string;
}
export interface AnswerEvidence {
  /** Every place the brand is named. */
  brand: EvidenceSpan[];
  /** Every place a listed competitor is named; `competitor_id` is what the competitor edits take. */
  competitors: Array<EvidenceSpan & { name: string; competitor_id: number | null }>;
}

export interface AnswersQuery extends BaseQuery {
  prompt?: string;
  mention?: Mention;
  tone?: Tone;
  visibility?: VisibilityMove;
  sortField?: SortField;
  sortOrder?: 'asc' | 'desc';
  per_page?: number;
  cursor?: string;
}
export interface UrlItem {
  url: string;
  domain: string;
  position: number;
  favicon: string;
}
export interface Page {
  next_cursor: string | null;
  has_more: boolean;
  total_prompts: number;
  total_mentions: number;
}
export interface AnswersEnvelope extends Page {
  project: { id: number; name: string; brand: string; domain: string };
  filters: Record<string, unknown>;
}
export interface VisibilityRow {
  prompt: {
    id: number;
    value: string;
    groups: string[];
    groups_raw: string[];
    visibility: number | null;
    dynamic: Dynamic | null;
    frequency: number | null;
    relevant_query: string | null;
  };
  data: Array<
    Omit<BrandCell, 'has_data'> & {
      neural: NeuralRef;
      answer: string | null;
      urls: UrlItem[];
      site_mentioned: boolean;
      site_position: number | null;
      comment: string | null;
      update_id: number | null;
      /** Extension; null without an answer or for answers not analysed since evidence is stored. */
      evidence?: AnswerEvidence | null;
    }
  >;
}
export interface AnswersVisibilityResponse extends AnswersEnvelope {
  tableData: Page & { has_answer: boolean; rows: VisibilityRow[] };
  chartData: Series[];
}
export interface HistoryTable extends Page {
  dates: string[];
  neurals: NeuralRef[];
  data: Array<{
    prompt: {
      id: number;
      value: string;
      groups: string[];
      visibility: number | null;
      frequency: number | null;
    };
    positions_by_date: Record<string, Record<string, BrandCell>>;
    dynamics: Dynamic;
  }>;
}
export interface AnswersHistoryResponse extends AnswersEnvelope {
  tableData: HistoryTable;
  chartData: Series[];
}
export interface SourcesQuery extends BaseQuery {
  prompt_search?: string;
  mention_filter?: Mention;
  urls_count?: number;
  urls_mode?: UrlsMode;
  min_frequency?: number;
  visibility?: VisibilityMove;
  page?: number;
  per_page?: number;
}
/**
 * The `filters` echo of the sources tabs (answers/sources-history; sources/list adds
 * `urls_count`). A type alias, not an interface, so it fits the envelope's `Record` type.
 */
export type SourcesFilters = {
  dates: string[];
  neurals: number[];
  groups: number[];
  prompt_search: string | null;
  mention_filter: Mention | null;
  min_frequency: number | null;
  visibility: VisibilityMove | null;
  urls_mode: UrlsMode;
};
export interface SourcesHistoryResponse extends AnswersEnvelope {
  filters: SourcesFilters;
  tableData: {
    dates: string[];
    neurals: NeuralRef[];
    data: Array<{
      prompt: { id: number; value: string };
      positions_by_date: Record<
        string,
        Record<string, { mentioned: boolean; position: number | null; has_data: boolean }>
      >;
      dynamics: Dynamic;
    }>;
  };
  chartData: [];
}
export interface ComparisonQuery {
  neural?: number;
  date1?: string;
  date2?: string;
  presence?: Presence;
  groups?: number[];
  prompt?: string;
  per_page?: number;
  cursor?: string;
}
export interface ComparisonAnswer {
  answer: string | null;
  has_data: boolean;
  brand_position: number | null;
  mention: number;
  tone: Tone | null;
  occurrences: string[];
  competitors: string[];
  site_mentioned: boolean;
  site_position: number | null;
  urls: UrlItem[];
  /** Extension, as in answers/visibility. */
  evidence?: AnswerEvidence | null;
}
export interface ComparisonResponse extends AnswersEnvelope {
  tableData: Page & {
    has_answer: boolean;
    neural: NeuralRef | null;
    date1: string | null;
    date2: string | null;
    /** Extension: the brand between the two snapshots of the chosen network. */
    change_test: ChangeTest;
    rows: Array<{
      prompt: { id: number; value: string; groups: string[]; dynamic: Dynamic };
      answer1: ComparisonAnswer;
      answer2: ComparisonAnswer;
    }>;
  };
  chartData: [];
}
export interface SourceTypeItem {
  value: string;
  label: string;
}
export interface DomainRow {
  domain: string;
  favicon: string;
  sources_count: number;
  dominant_type: SourceTypeItem & { description: string; icon: string };
  is_admin_forced: boolean;
  prompts_count: number;
  prompts: Array<{ id: number; value: string }>;
  frequency: { first: number; last: number; delta: number };
  urls: Array<{
    source: {
      id: string;
      url: string;
      name: string;
      domain: string;
      type: SourceTypeItem;
      is_admin_forced: boolean;
      favicon: string;
    };
    frequency: { first: number; last: number; delta: number };
    prompts: Array<{ id: number; value: string }>;
  }>;
}
export interface PaginatorLink {
  url: string | null;
  label: string;
  active: boolean;
}
export interface SourcesListResponse {
  project: { id: number; name: string; brand: string; domain: string };
  filters: SourcesFilters & { urls_count: number };
  page: number;
  per_page: number;
  total: number;
  has_more: boolean;
  pagination: PaginatorLink[];
  tableData: DomainRow[];
  excludedTableData: DomainRow[];
  excludedPagination: PaginatorLink[];
  totalExcluded: number;
  chartData: Array<{ id: string; label: string; data: Point[] }>;
  domainChartData: Array<{ id: string; label: string; data: Point[] }>;
}
export interface Deprecation {
  deprecation: { successors: string[] };
}

type P = { project: number };

export interface AnalyticsRoutes {
  'GET /api/projects/{project}/summary': { params: P; query: SummaryQuery; response: SummaryResponse };
  'GET /api/projects/{project}/competitors': {
    params: P;
    query: CompetitorsQuery;
    response: CompetitorsResponse;
  };
  'PATCH /api/projects/{project}/competitors/{competitor}': {
    params: P & { competitor: number };
    body: { name?: string; type?: 'key' | 'direct' | 'indirect' | 'hidden' };
    response: CompetitorBody;
  };
  'POST /api/projects/{project}/competitors/{competitor}/merge': {
    params: P & { competitor: number };
    body: { competitor_ids: number[] };
    response: CompetitorBody;
  };
  'POST /api/projects/{project}/competitors/{competitor}/split': {
    params: P & { competitor: number };
    body: { member_ids: number[] };
    response: CompetitorBody;
  };
  'GET /api/projects/{project}/reanalyze': { params: P; response: { data: Reanalysis | null } };
  'POST /api/projects/{project}/reanalyze': {
    params: P;
    response: { message: string; data: { job_id: number | null; reanalysis: Reanalysis } };
  };
  'GET /api/projects/{project}/answers/visibility': {
    params: P;
    query: AnswersQuery;
    response: AnswersVisibilityResponse;
  };
  'GET /api/projects/{project}/answers/history': {
    params: P;
    query: AnswersQuery;
    response: AnswersHistoryResponse;
  };
  'GET /api/projects/{project}/answers/sources-history': {
    params: P;
    query: SourcesQuery;
    response: SourcesHistoryResponse;
  };
  'GET /api/projects/{project}/answers/comparison': {
    params: P;
    query: ComparisonQuery;
    response: ComparisonResponse;
  };
  'GET /api/projects/{project}/answers': {
    params: P;
    query: AnswersQuery;
    response: AnswersEnvelope &
      Deprecation & {
        data: {
          visibility: Pick<AnswersVisibilityResponse, 'tableData' | 'chartData'>;
          history: { tableData: HistoryTable };
        };
      };
  };
  'GET /api/projects/{project}/sources/list': {
    params: P;
    query: SourcesQuery;
    response: SourcesListResponse;
  };
  'PUT /api/projects/{project}/sources/domain-type': {
    params: P;
    body: { domain: string; type: string };
    response: { data: { domain: string; type: SourceTypeItem; is_admin_forced: boolean } };
  };
  'GET /api/projects/{project}/sources': {
    params: P;
    query: SourcesQuery;
    response: Deprecation & {
      project: SourcesListResponse['project'];
      filters: SourcesListResponse['filters'];
      data: {
        visibility: {
          tableData: Array<{
            prompt: { id: number; value: string };
            data: Array<{ neural: NeuralRef; site_mentioned: boolean; site_position: number | null }>;
          }>;
        };
        sources: Pick<
          SourcesListResponse,
          'tableData' | 'excludedTableData' | 'chartData' | 'domainChartData'
        >;
        history: { tableData: SourcesHistoryResponse['tableData'] };
      };
    };
  };
}
