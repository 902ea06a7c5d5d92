/**
 * Response shapes of the analytics routes as the screens name them. They are the shared route
 * types of src-shared/api/analytics.ts (the one contract with the engine), under the names the
 * screens were written with; only shapes the shared file does not name are spelled out here.
 */
import type {
  AnswersEnvelope as SharedEnvelope,
  AnswersHistoryResponse,
  AnswersVisibilityResponse,
  BrandCell,
  CompetitorRow as SharedCompetitorRow,
  CompetitorSeries as SharedCompetitorSeries,
  CompetitorsResponse as SharedCompetitorsResponse,
  ComparisonAnswer as SharedComparisonAnswer,
  ComparisonResponse,
  DomainRow as SharedDomainRow,
  Dynamic as SharedDynamic,
  NeuralRef as SharedNeuralRef,
  Series,
  SourcesHistoryResponse,
  SourcesListResponse as SharedSourcesListResponse,
  SummaryResponse as SharedSummaryResponse,
  VisibilityRow,
} from '../../../src-shared/api/analytics';

export type NeuralRef = SharedNeuralRef;
export type NeuralSeries = Series;
export type CompetitorSeries = SharedCompetitorSeries;
export type Dynamic = SharedDynamic;
export type MentionCell = BrandCell;
/** A cell of the site-position history (summary and the sources-history tab). */
export interface SiteCell {
  mentioned: boolean;
  position: number | null;
  has_data?: boolean;
}
/** A position-history block: a table per prompt × date × network, and its chart. */
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
export type CompetitorRow = SharedCompetitorRow;
export type SummaryResponse = SharedSummaryResponse;
export type CompetitorsResponse = SharedCompetitorsResponse;
export type VisibilityCell = VisibilityRow['data'][number];
export type AnswerPrompt = VisibilityRow['prompt'];
/** Any answers tab's first page: the shared envelope with that tab's table and chart. */
export type AnswersEnvelope<Table> = SharedEnvelope & { tableData: Table; chartData: NeuralSeries[] | [] };
export type VisibilityTab = AnswersVisibilityResponse;
export type HistoryTab = AnswersHistoryResponse;
export type SourcesHistoryTab = SourcesHistoryResponse;
export type ComparisonAnswer = SharedComparisonAnswer;
export type ComparisonTab = ComparisonResponse;
export type DomainRow = SharedDomainRow;
/** chartData / domainChartData items: a series per type or domain, points by date. */
export type SourcesSeries = SharedSourcesListResponse['chartData'][number];
export type SourcesListResponse = SharedSourcesListResponse;
