import type { EngineContext } from '../../context';
import { proposeWithModel } from '../../llm-assist/draft-proposals';
import { proposeFromTemplates, type ProposalInput, type ProposedPrompt } from './proposals';
import { REGION_PHRASES } from './templates';

export { proposeFromTemplates, splitActivities, MIN_PROPOSALS, MAX_PROPOSALS } from './proposals';
export type { ProposalInput, ProposedPrompt } from './proposals';

/**
 * The draft job's one call for proposals (decisions.md §3, §6): when the app settings name an
 * analysis model, it writes the prompts; a model that is not set, fails, or writes a list that
 * breaks the rules (count, language, brand only in brand/comparison, distinct, several groups)
 * gives way to the offline templates, so a draft always gets proposals.
 */
export async function proposeDraftPrompts(
  ctx: EngineContext,
  input: ProposalInput,
): Promise<ProposedPrompt[]> {
  const fromModel = await proposeWithModel(ctx, {
    brand: input.brand,
    activities: input.activities,
    domain: input.domain,
    regionPhrase: REGION_PHRASES[input.region]?.[input.language] ?? null,
    language: input.language,
    alternativeBrands: input.alternativeBrands,
  });
  return fromModel ?? proposeFromTemplates(input);
}
