import type { EngineContext } from '../../context';
import type { ProjectRow, ReportRow } from '../../db/schema';
import type { BlockData, BlockSlug, PeriodRange } from '../../../../src-shared/api/reports';
import type { ReportLanguage } from './catalogue';
import type { PeriodFacts } from './answer-facts';

/** What a block builder gets: the project, both periods, and the blocks built before it. */
export interface BlockContext {
  ctx: EngineContext;
  report: ReportRow;
  project: ProjectRow;
  language: ReportLanguage;
  period: PeriodRange;
  comparisonPeriod: PeriodRange | null;
  /** Answers of a period, loaded once per build and shared by the blocks that read them. */
  facts(period: PeriodRange): Promise<PeriodFacts>;
  /** Blocks already built in this report (ai_conclusions reads them). */
  built: Map<BlockSlug, BlockData>;
}

export interface BlockBuilder {
  slug: BlockSlug;
  build(bc: BlockContext): Promise<BlockData>;
}

/** The common case: the same function over the main and (when enabled) the comparison period. */
export function periodBlock<T>(
  slug: BlockSlug,
  buildPeriod: (bc: BlockContext, period: PeriodRange) => Promise<T>,
): BlockBuilder {
  return {
    slug,
    async build(bc) {
      return {
        period: bc.period,
        comparison_period: bc.comparisonPeriod,
        main: await buildPeriod(bc, bc.period),
        comparison: bc.comparisonPeriod ? await buildPeriod(bc, bc.comparisonPeriod) : null,
      };
    },
  };
}
