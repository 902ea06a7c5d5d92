import type { DraftGroup, ProjectLanguage } from '../../../../src-shared/enums';
import { REGION_PHRASES, TEMPLATES } from './templates';

export interface ProposalInput {
  brand: string;
  /** Comma-separated activities, as the draft stores them. */
  activities: string;
  domain: string;
  region: number;
  language: ProjectLanguage;
  alternativeBrands: string[];
}

export interface ProposedPrompt {
  text: string;
  group: Exclude<DraftGroup, 'custom'>;
}

export const MIN_PROPOSALS = 20;
export const MAX_PROPOSALS = 40;
const MAX_ACTIVITIES = 3;

/**
 * The offline proposal (decisions.md §6): 20–40 distinct prompts in the draft language over
 * the groups category, problem, comparison, commercial, brand and reviews. Pure and
 * deterministic: the same form always gives the same list. The first activity gets every
 * template; up to two more get the category, price and selection questions.
 */
export function proposeFromTemplates(input: ProposalInput): ProposedPrompt[] {
  const set = TEMPLATES[input.language];
  const activities = splitActivities(input.activities);
  const [main, ...extra] = activities.length ? activities : [input.brand];
  const region = REGION_PHRASES[input.region]?.[input.language];
  const fill = (template: string, activity: string) =>
    fillTemplate(template, {
      a: midSentence(activity, input.language),
      A: sentenceStart(activity),
      r: region ? ` ${region}` : '',
      b: input.brand.trim(),
      alt: input.alternativeBrands.find((b) => b.trim() && b.trim() !== input.brand.trim())?.trim() ?? '',
      d: input.domain.trim(),
    });

  const out: ProposedPrompt[] = [];
  const seen = new Set<string>();
  const add = (text: string | null, group: ProposedPrompt['group']) => {
    if (!text || out.length >= MAX_PROPOSALS) return;
    const key = text.toLocaleLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ text, group });
  };
  const groups = ['category', 'problem', 'comparison', 'commercial', 'brand', 'reviews'] as const;
  for (const group of groups) for (const template of set[group]) add(fill(template, main), group);
  for (const activity of extra.slice(0, MAX_ACTIVITIES - 1))
    for (const [group, index] of set.perExtraActivity) add(fill(set[group][index], activity), group);
  return out;
}

export function splitActivities(activities: string): string[] {
  return [...new Set(activities.split(/[,;\n]/).map((a) => a.replace(/\s+/g, ' ').trim()))].filter(Boolean);
}

/**
 * Fills placeholders; a template whose placeholder has no value (no site, no alternative
 * brand) is left out rather than asked with a hole in it.
 */
function fillTemplate(template: string, values: Record<string, string>): string | null {
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined || (value === '' && key !== 'r')) missing = true;
    return value ?? '';
  });
  return missing ? null : text.replace(/\s+/g, ' ').trim();
}

/**
 * The activity inside a sentence: a capital that only starts the phrase ("Доставка цветов")
 * is lowered, while acronyms ("SEO-продвижение"), names and German nouns keep theirs.
 */
function midSentence(activity: string, language: ProjectLanguage): string {
  if (language === 'de') return activity;
  const [first, second] = [...activity];
  if (first && second && first !== first.toLowerCase() && second === second.toLowerCase())
    return first.toLowerCase() + activity.slice(first.length);
  return activity;
}

const sentenceStart = (activity: string) => activity.charAt(0).toUpperCase() + activity.slice(1);
