import { z } from 'zod';

/**
 * Tool inputs: `project_id` plus the API's filters under the API's names (api-spec.md), so a
 * tool call maps to one query string. Defaults are the API's: an absent filter is not sent.
 */
export const projectId = z.number().int().positive().describe('Project id (see list_projects).');

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.');
/** `[first, last]`, as `dates[]` and the report periods take them. */
export const dateRange = z.array(isoDate).length(2);

export const baseFilters = {
  project_id: projectId,
  dates: dateRange
    .optional()
    .describe(
      'Date range [start, end], YYYY-MM-DD. Default: the whole period. The figures are of its last update.',
    ),
  neurals: z
    .array(z.number().int().positive())
    .optional()
    .describe('AI network ids (get_summary lists them). Default: all of the project.'),
  groups: z
    .array(z.number().int().positive())
    .optional()
    .describe(
      'Prompt group ids (get_summary lists them); a prompt in any of them counts. Default: all prompts.',
    ),
};

export const mentionFilter = z.enum(['has', 'not', 'has_source']);
export const tone = z.enum(['positive', 'neutral', 'negative']);
export const movement = z.enum(['up', 'down']);
