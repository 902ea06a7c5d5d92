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
  Point,
  RadarData,
  Series,
  SeriesLabel,
  SourcesHistoryResponse,
  SourcesListResponse as SharedSourcesListResponse,
  SourceTypeItem,
  SummaryResponse as SharedSummaryResponse,
  UrlItem,
  VisibilityRow,
} from '../../../src-shared/api/analytics';

export type NeuralLabel = SeriesLabel;
export type NeuralRef = SharedNeuralRef;
export type ChartPoint = Point;
export type NeuralSeries = Series;
export type CompetitorSeries = SharedCompetitorSeries;
export type ProjectEvent = SharedSummaryResponse['events'][number];
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
export type RadarBlock = RadarData;
export type CompetitorsResponse = SharedCompetitorsResponse;
export type AnswerUrl = UrlItem;
export type VisibilityCell = VisibilityRow['data'][number];
export type AnswerPrompt = VisibilityRow['prompt'];
/** Any answers tab's first page: the shared envelope with that tab's table and chart. */
export type AnswersEnvelope<Table> = SharedEnvelope & { tableData: Table; chartData: NeuralSeries[] | [] };
export type VisibilityTab = AnswersVisibilityResponse;
export type HistoryTab = AnswersHistoryResponse;
export type SourcesHistoryTab = SourcesHistoryResponse;
export type ComparisonAnswer = SharedComparisonAnswer;
export type ComparisonTab = ComparisonResponse;
export type SourceTypeRef = SourceTypeItem & { description?: string; icon?: string | null };
export type DomainRow = SharedDomainRow;
export type SourceUrl = DomainRow['urls'][number];
/** chartData / domainChartData items: a series per type or domain, points by date. */
export type SourcesSeries = SharedSourcesListResponse['chartData'][number];
export type SourcesListResponse = SharedSourcesListResponse;
