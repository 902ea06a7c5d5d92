/**
 * Response shapes of the analytics routes, as the screens read them (api-spec.md "Summary",
 * "Competitors", "Answers", "Sources"). Local until src-shared/api/analytics.ts declares them;
 * then these become re-exports of the shared types.
 */

export interface NeuralLabel {
  system_name: string;
  display_name: string;
  logo: string | null;
  order: number;
}
export interface NeuralRef {
  id: number;
  display_name: string;
  system_name: string;
  logo?: string | null;
}
export interface ChartPoint {
  x: string;
  y: number | null;
  z?: number;
  w?: number;
  percent?: number;
}
export interface NeuralSeries {
  id?: string | number;
  label: NeuralLabel;
  data: ChartPoint[];
}
export interface CompetitorSeries {
  id: string | number;
  label: string;
  type: string;
  label_meta?: { grayscale: boolean };
  data: ChartPoint[];
}
export interface ProjectEvent {
  id: number;
  project_id: number;
  type: string;
  message: string;
  created_at: string;
}
export type Dynamic = 'up' | 'down' | 'not_changed';

export interface MentionCell {
  mention: number;
  mention_position: number | null;
  tone: string | null;
  occurrences: string[];
  competitors: string[];
  has_data: boolean;
}
export interface SiteCell {
  mentioned: boolean;
  position: number | null;
  has_data?: boolean;
}
export interface PositionHistory<Cell> {
  tableData: {
    dates: string[];
    neurals: NeuralRef[];
    data: Array<{
      prompt: { id: number; value: string; groups?: string[] };
      positions_by_date: Record<string, Record<string, Cell>>;
      dynamics: Dynamic;
    }>;
  };
  chartData: NeuralSeries[];
}

export interface CompetitorRow {
  id: number | string;
  competitor: { id: number | string; name: string; type: string };
  members: Array<{ id: number; competitor_id: number; name: string }>;
  visibility: { first: number; last: number; delta: number; dates: { first: string; last: string } };
  mentions: number;
  tone: string | null;
  share_of_voice: { first: number; last: number; delta: number };
}

export interface SummaryResponse {
  project: {
    id: number;
    name: string;
    brand: string;
    domain: string | null;
    region?: string;
    language?: string;
    prompts_count?: number;
  };
  filters: { dates: string[]; neurals: number[]; groups: number[] };
  events: ProjectEvent[];
  updateDates: string[];
  firstUpdateDate: string | null;
  lastUpdateDate: string | null;
  data: {
    updateStats: {
      visibility_curve: NeuralSeries[];
      tone_chart: { positive: number; neutral: number; negative: number };
      group_visibility_chart: Array<{ slug: string; value: number }>;
      site_visibility_curve: NeuralSeries[];
      visibility: NeuralSeries[];
      share_of_voice: CompetitorSeries[];
      competitors: { table: CompetitorRow[] };
      topPrompts: {
        up: Array<{ prompt: string; visibility: number; dynamic: number }>;
        down: Array<{ prompt: string; visibility: number; dynamic: number }>;
        up_reason: string | null;
        down_reason: string | null;
      };
      brand_position_history: PositionHistory<MentionCell>;
      site_position_history: PositionHistory<SiteCell>;
    };
    widgets: Array<{ value: string; active: boolean; order: number }>;
  };
}

export interface RadarBlock {
  labels: string[];
  datasets: Array<{ label: string; competitor_id: number | string; type: string; data: number[] }>;
}
export interface CompetitorsResponse {
  project: { id: number; name: string; brand: string };
  filters: Record<string, unknown>;
  types: Record<string, string>;
  data: {
    updateDates: string[];
    firstUpdateDate: string | null;
    lastUpdateDate: string | null;
    tableData: CompetitorRow[];
    excludedTableData: CompetitorRow[];
    chartData: {
      visibility: CompetitorSeries[];
      mentions: CompetitorSeries[];
      share_of_voice: CompetitorSeries[];
    };
    radarChartData: { visibility: RadarBlock; mentions: RadarBlock; share_of_voice: RadarBlock };
  };
}

export interface AnswerUrl {
  url: string;
  domain: string;
  position: number;
  favicon: string | null;
}
export interface VisibilityCell {
  neural: NeuralRef;
  mention: number;
  mention_position: number | null;
  tone: string | null;
  occurrences: string[];
  competitors: string[];
  answer: string | null;
  urls: AnswerUrl[];
  site_mentioned: boolean;
  site_position: number | null;
  comment: string | null;
  update_id: number;
}
export interface AnswerPrompt {
  id: number;
  value: string;
  groups: string[];
  groups_raw?: string[];
  visibility: number | null;
  dynamic: Dynamic | null;
  frequency: number | null;
}
export interface AnswersEnvelope<Table> {
  project: { id: number; name: string; brand: string; domain: string | null };
  filters: Record<string, unknown>;
  next_cursor: string | null;
  has_more: boolean;
  total_prompts: number;
  total_mentions: number;
  tableData: Table;
  chartData: NeuralSeries[];
}
export type VisibilityTab = AnswersEnvelope<{
  has_answer: boolean;
  rows: Array<{ prompt: AnswerPrompt; data: VisibilityCell[] }>;
}>;
export type HistoryTab = AnswersEnvelope<{
  dates: string[];
  neurals: NeuralRef[];
  data: Array<{
    prompt: AnswerPrompt;
    positions_by_date: Record<string, Record<string, MentionCell>>;
    dynamics: Dynamic;
  }>;
}>;
export type SourcesHistoryTab = AnswersEnvelope<{
  dates: string[];
  neurals: NeuralRef[];
  data: Array<{
    prompt: { id: number; value: string };
    positions_by_date: Record<string, Record<string, SiteCell>>;
    dynamics: Dynamic;
  }>;
}>;
export interface ComparisonAnswer {
  answer: string | null;
  has_data: boolean;
  brand_position: number | null;
  mention: number;
  tone: string | null;
  occurrences: string[];
  competitors: string[];
  site_mentioned: boolean;
  site_position: number | null;
  urls: AnswerUrl[];
}
export type ComparisonTab = AnswersEnvelope<{
  has_answer: boolean;
  total_prompts: number;
  total_mentions: number;
  neural: NeuralRef | number | null;
  date1: string | null;
  date2: string | null;
  rows: Array<{
    prompt: { id: number; value: string; groups: string[]; dynamic: Dynamic | null };
    answer1: ComparisonAnswer | null;
    answer2: ComparisonAnswer | null;
  }>;
}>;

export interface SourceTypeRef {
  value: string;
  label: string;
  description?: string;
  icon?: string | null;
}
export interface SourceUrl {
  source: {
    id: number | string;
    url: string;
    name: string | null;
    domain: string;
    type: { value: string; label: string };
    is_admin_forced: boolean;
    favicon: string | null;
  };
  frequency: { first: number; last: number; delta: number };
  prompts: Array<{ id: number; value: string }>;
}
export interface DomainRow {
  domain: string;
  favicon: string | null;
  sources_count: number;
  dominant_type: SourceTypeRef;
  is_admin_forced: boolean;
  prompts_count: number;
  prompts: Array<{ id: number; value: string }>;
  frequency: { first: number; last: number; delta: number };
  urls: SourceUrl[];
}
/** chartData / domainChartData items: a series per type or domain, points by date. */
export interface SourcesSeries {
  id?: string | number;
  label: string;
  type?: string;
  data: ChartPoint[];
}
export interface SourcesListResponse {
  project: Record<string, unknown>;
  filters: Record<string, unknown>;
  page: number;
  per_page: number;
  has_more: boolean;
  pagination: Array<{ url: string | null; label: string; active: boolean }>;
  tableData: DomainRow[];
  excludedTableData: DomainRow[];
  excludedPagination: Array<{ url: string | null; label: string; active: boolean }>;
  totalExcluded: number;
  chartData: SourcesSeries[];
  domainChartData: SourcesSeries[];
}
