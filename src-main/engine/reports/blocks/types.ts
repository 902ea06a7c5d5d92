import type { EngineContext } from '../../context';
import type { ProjectRow, ReportRow } from '../../db/schema';
import type {
  BlockDataBySlug,
  BlockDataOf,
  BlockSlug,
  PeriodRange,
} from '../../../../src-shared/api/reports';
import type { ReportLanguage } from './catalogue';

/** What a block builder gets: the project, both periods, and the blocks built before it. */
export interface BlockContext {
  ctx: EngineContext;
  report: ReportRow;
  project: ProjectRow;
  language: ReportLanguage;
  period: PeriodRange;
  comparisonPeriod: PeriodRange | null;
  /**
   * Memo of one build: the first call with a key runs `load`, later calls share its result (one
   * summary serves the summary, history and prompt-change blocks of a period).
   */
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Blocks already built in this report (ai_conclusions reads them). */
  built: Map<BlockSlug, BlockDataOf<BlockSlug>>;
}

/** The builder of one slug: it must return that slug's data (src-shared `BlockDataBySlug`). */
export interface BlockBuilder<S extends BlockSlug> {
  slug: S;
  build(bc: BlockContext): Promise<BlockDataOf<S>>;
}

/** The common case: the same function over the main and (when enabled) the comparison period. */
export function periodBlock<S extends BlockSlug>(
  slug: S,
  buildPeriod: (bc: BlockContext, period: PeriodRange) => Promise<BlockDataBySlug[S]>,
): BlockBuilder<S> {
  return {
    slug,
    async build(bc) {
      const [main, comparison] = await Promise.all([
        buildPeriod(bc, bc.period),
        bc.comparisonPeriod ? buildPeriod(bc, bc.comparisonPeriod) : Promise.resolve(null),
      ]);
      return { period: bc.period, comparison_period: bc.comparisonPeriod, main, comparison };
    },
  };
}
