import { z } from 'zod';
import { isSingleLine, SINGLE_LINE_MESSAGE } from '../validation/text-fields';

const text = (max: number) => z.string().trim().max(max);
/** Names and domains: one line, no control characters. */
const line = (max: number) => text(max).refine(isSingleLine, SINGLE_LINE_MESSAGE);
const neuralRefs = z.array(z.union([z.int().positive(), z.string().trim().min(1).max(64)])).max(100);

/**
 * The PATCH settings body (api-spec.md "Project settings"). Every field is optional (partial
 * save) and nullable (an explicit null resets it); schedules are checked per type by
 * `parseSchedule`, which knows the source. Unknown fields are ignored, so a client may send
 * back what GET returned.
 */
export const settingsPatchBody = z.object({
  name: line(255).min(1).nullable().optional(),
  brand: line(255).min(1).nullable().optional(),
  alternative_brand: z
    .union([text(2000), z.array(text(255))])
    .nullable()
    .optional(),
  domain: line(255).nullable().optional(),
  domain_aliases: z
    .union([text(5000), z.array(text(255))])
    .nullable()
    .optional(),
  sources_include_subdomains: z.boolean().nullable().optional(),
  activities: z
    .union([text(2000), z.array(text(255))])
    .nullable()
    .optional(),
  region: z.int().min(0).max(1_000_000_000).nullable().optional(),
  /** Extension (issue 11): the brand's own products, never competitors. A list or one per line. */
  own_products: z
    .union([text(20_000), z.array(text(255)).max(200)])
    .nullable()
    .optional(),
  neurals: neuralRefs.nullable().optional(),
  neurals_web_search: neuralRefs.nullable().optional(),
  collect_online: z.boolean().nullable().optional(),
  collect_google_ai_mode: z.boolean().nullable().optional(),
  count_empty_answers: z.boolean().nullable().optional(),
  analytics_token: z.string().trim().max(4000).nullable().optional(),
  analytics_id: z
    .union([text(64), z.int().nonnegative()])
    .nullable()
    .optional(),
  schedule: z.unknown().optional(),
  recommendationsSchedule: z.unknown().optional(),
  frequencySchedule: z.unknown().optional(),
  urlIndexationSchedule: z.unknown().optional(),
  language: z.unknown().optional(),
  /** Extension (issue 13): which channels tell of a significant change; null: the defaults. */
  alerts: z
    .object({
      event: z.boolean().optional(),
      desktop: z.boolean().optional(),
      email: z.boolean().optional(),
      emails: z.array(z.email().max(255)).max(20).optional(),
    })
    .nullable()
    .optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatchBody>;

/** The body's schedule fields and the `source` each one sets. */
export const SCHEDULE_FIELDS = {
  schedule: 'update',
  recommendationsSchedule: 'recommendations',
  frequencySchedule: 'frequency',
  urlIndexationSchedule: 'url_indexation',
} as const;
