import type { EngineContext } from '../../context';
import { proposeFromTemplates, type ProposalInput, type ProposedPrompt } from './proposals';

export { proposeFromTemplates, splitActivities, MIN_PROPOSALS, MAX_PROPOSALS } from './proposals';
export type { ProposalInput, ProposedPrompt } from './proposals';

/**
 * The draft job's one call for proposals. The seam for the analysis model (decisions.md §3, §6):
 * when the app settings name an analysis model, the collection work will ask it here for better
 * prompts and fall back to the templates on any failure. Until then the templates answer.
 */
export async function proposeDraftPrompts(
  _ctx: EngineContext,
  input: ProposalInput,
): Promise<ProposedPrompt[]> {
  return proposeFromTemplates(input);
}
