import { z } from 'zod';
import type { EngineContext } from '../context';
import type { ProjectLanguage } from '../../../src-shared/enums';
import { namesRegex } from '../answer-reading/name-pattern';
import { generateStructured } from './generate';
import type { AnalysisModel } from './model';

/** The form a draft is proposed from (the same as the template path's input). */
export interface DraftForm {
  brand: string;
  activities: string;
  domain: string;
  /** The region as a phrase in the draft language ("in Moscow"), or null when none is known. */
  regionPhrase: string | null;
  language: ProjectLanguage;
  alternativeBrands: string[];
}

export const PROPOSAL_GROUPS = [
  'category',
  'problem',
  'comparison',
  'commercial',
  'brand',
  'reviews',
] as const;
export type ProposalGroup = (typeof PROPOSAL_GROUPS)[number];
export interface ModelProposal {
  text: string;
  group: ProposalGroup;
}

export const MIN_MODEL_PROPOSALS = 20;
export const MAX_MODEL_PROPOSALS = 40;
const MIN_GROUPS = 4;
const MAX_PROMPT_CHARS = 200;
const DRAFT_TIMEOUT_MS = 60_000;

const proposalsSchema = z.object({
  prompts: z.array(
    z.object({
      text: z.string(),
      group: z.enum(PROPOSAL_GROUPS),
    }),
  ),
});

const LANGUAGE_NAMES: Record<ProjectLanguage, string> = {
  ru: 'Russian',
  en: 'English',
  de: 'German',
  es: 'Spanish',
};

const SYSTEM = [
  'You write the questions a marketer will track in AI assistants (ChatGPT, Gemini, Perplexity and the like)',
  'to see whether they recommend a brand. Write what real customers type into a chat: natural, specific,',
  'varied questions, one per line of the list, no numbering, no quotes, no filler.',
  'Groups: category (the best or top offers in the region), problem (how to solve the need the brand',
  'serves), comparison (the brand against alternatives, naming the brand), commercial (price, where to buy,',
  'offers), brand (questions that name the brand: reliability, reviews of it, what it offers), reviews',
  '(opinions and reliability in the category, without naming the brand).',
  'Only the comparison and brand groups may name the brand, its other names or its site; the other groups',
  'must not, so they measure whether assistants bring the brand up unprompted.',
  'Return JSON only.',
].join('\n');

function promptFor(form: DraftForm): string {
  return [
    `Write ${MIN_MODEL_PROPOSALS + 10} questions in ${LANGUAGE_NAMES[form.language]}, spread over all six groups.`,
    `Brand: ${form.brand}`,
    `Other names of the brand: ${form.alternativeBrands.join(', ') || 'none'}`,
    `Site: ${form.domain || 'none'}`,
    `What the brand does: ${form.activities || 'not given'}`,
    `Region: ${form.regionPhrase ?? 'not given'}`,
  ].join('\n');
}

/**
 * Draft proposals written by the analysis model (decisions.md §6), or null when it is not set,
 * fails, or writes something that does not pass `validateProposals` (the caller then uses the
 * templates).
 */
export async function proposeWithModel(
  ctx: EngineContext,
  form: DraftForm,
  using?: AnalysisModel | null,
): Promise<ModelProposal[] | null> {
  const output = await generateStructured(ctx, {
    schema: proposalsSchema,
    system: SYSTEM,
    prompt: promptFor(form),
    timeoutMs: DRAFT_TIMEOUT_MS,
    purpose: 'draft proposals',
    ...(using !== undefined && { using }),
  });
  if (!output) return null;
  const checked = validateProposals(form, output.prompts);
  if (!checked.ok) {
    console.warn(`[analysis-model] draft proposals rejected (${checked.reason}); templates are used.`);
    return null;
  }
  return checked.prompts;
}

/**
 * The rules a model's list must pass to replace the templates: 20–40 distinct prompts (after
 * trimming; duplicates in another case count once), each one line of reasonable length, in the
 * draft's language, over at least four groups, naming the brand (its other names or site) only
 * in the `brand` and `comparison` groups, and every `brand` prompt naming it.
 */
export function validateProposals(
  form: DraftForm,
  listed: Array<{ text: string; group: string }>,
): { ok: true; prompts: ModelProposal[] } | { ok: false; reason: string } {
  const prompts: ModelProposal[] = [];
  const seen = new Set<string>();
  for (const p of listed) {
    const text = p.text.replace(/\s+/g, ' ').trim();
    if (!(PROPOSAL_GROUPS as readonly string[]).includes(p.group)) return fail(`unknown group ${p.group}`);
    if (text.length < 5 || text.length > MAX_PROMPT_CHARS) return fail(`bad length: ${text.slice(0, 40)}`);
    const key = text.toLocaleLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    prompts.push({ text, group: p.group as ProposalGroup });
  }
  if (prompts.length < MIN_MODEL_PROPOSALS || prompts.length > MAX_MODEL_PROPOSALS)
    return fail(`${prompts.length} distinct prompts`);
  if (new Set(prompts.map((p) => p.group)).size < MIN_GROUPS) return fail('fewer than 4 groups');
  if (
    !inLanguage(
      form.language,
      prompts.map((p) => p.text),
    )
  )
    return fail(`not in ${form.language}`);

  const namesBrand = brandMatcher(form);
  for (const p of prompts) {
    const named = namesBrand(p.text);
    if (named && p.group !== 'brand' && p.group !== 'comparison')
      return fail(`the brand is named in ${p.group}`);
    if (!named && p.group === 'brand') return fail('a brand prompt does not name the brand');
  }
  return { ok: true, prompts };
}

const fail = (reason: string) => ({ ok: false as const, reason });

function brandMatcher(form: DraftForm): (text: string) => boolean {
  const names = [form.brand, ...form.alternativeBrands].map((n) => n.trim()).filter(Boolean);
  const regex = namesRegex(names, form.language === 'ru');
  const site = form.domain
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/.*$/, '');
  return (text) => {
    if (site && text.toLowerCase().includes(site)) return true;
    if (!regex) return false;
    regex.lastIndex = 0;
    return regex.test(text);
  };
}

const CYRILLIC_WORD = /[а-яё]{3,}/i;
const CYRILLIC = /[а-яё]/i;
const FUNCTION_WORDS: Record<Exclude<ProjectLanguage, 'ru'>, Set<string>> = {
  en: new Set(
    'the what which who how is are for of best to in with and a an can should do does my where top'.split(
      ' ',
    ),
  ),
  de: new Set(
    'der die das und wie welche welcher welches wer was für ist sind mit ein eine einen beste besten kann ich wo gibt es im den'.split(
      ' ',
    ),
  ),
  es: new Set(
    'el la los las de que qué cómo cuál cuáles para con por mejor mejores un una en es son hay dónde puedo del'.split(
      ' ',
    ),
  ),
};

/**
 * Russian: every prompt has Cyrillic words. The others: no Cyrillic, and the list's function
 * words are more often the draft language's than either other Latin-script language's.
 */
function inLanguage(language: ProjectLanguage, texts: string[]): boolean {
  if (language === 'ru') return texts.every((t) => CYRILLIC_WORD.test(t));
  if (texts.some((t) => CYRILLIC.test(t))) return false;
  const score = { en: 0, de: 0, es: 0 };
  for (const text of texts)
    for (const word of text.toLowerCase().match(/[\p{L}]+/gu) ?? [])
      for (const lang of ['en', 'de', 'es'] as const) if (FUNCTION_WORDS[lang].has(word)) score[lang]++;
  const own = score[language];
  return own > 0 && (['en', 'de', 'es'] as const).every((l) => l === language || score[l] < own);
}
