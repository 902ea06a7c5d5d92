import type { BlockSlug } from '../../../../src-shared/api/reports';
import type { BlockBuilder } from './types';
import { aiConclusionsBlock } from './ai-conclusions';
import { summaryBlock } from './summary';
import { competitorsBlock } from './competitors';
import { answersBlock } from './answers';
import { kpiBlock } from './kpi';
import { sourcesBlock } from './sources';
import { brandPositionHistoryBlock, sitePositionHistoryBlock } from './position-history';
import { promptsVisibilityHistoryBlock } from './prompts-visibility-history';

/** One builder per block slug, each returning its slug's data. */
export const BLOCK_BUILDERS: { [S in BlockSlug]: BlockBuilder<S> } = {
  ai_conclusions: aiConclusionsBlock,
  summary: summaryBlock,
  competitors: competitorsBlock,
  answers: answersBlock,
  kpi: kpiBlock,
  sources: sourcesBlock,
  brand_position_history: brandPositionHistoryBlock,
  site_position_history: sitePositionHistoryBlock,
  prompts_visibility_history: promptsVisibilityHistoryBlock,
};
