/**
 * Tone toward the brand: a lexicon score over the sentences that name it. Each sentiment word
 * counts +1 or −1; a negator up to three words before it in the same clause flips it ("не
 * рекомендую", "not reliable", "nicht empfehlenswert", "no recomiendo"). Sum > 0 is positive,
 * < 0 negative, 0 neutral.
 */
import type { Language, Tone } from './types';
import { LEXICONS } from './tone-lexicon';

interface CompiledLexicon {
  regex: RegExp;
  polarity: Map<string, number>;
  negators: Set<string>;
}

const compiled = new Map<Language, CompiledLexicon>();

function stemSource(stem: string): string {
  const exact = stem.endsWith('$');
  const words = (exact ? stem.slice(0, -1) : stem).split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return words.join('\\p{L}*\\s+') + (exact ? '' : '\\p{L}*');
}

function compile(language: Language): CompiledLexicon {
  const cached = compiled.get(language);
  if (cached) return cached;
  const lex = LEXICONS[language];
  const polarity = new Map<string, number>();
  const entries: Array<[string, number]> = [
    ...lex.positive.map((s): [string, number] => [s, 1]),
    ...lex.negative.map((s): [string, number] => [s, -1]),
  ];
  // Longest stems first: "ненадежн" must win over "надежн", "unreliable" over "reliab".
  entries.sort((a, b) => b[0].length - a[0].length);
  const groups = entries.map(([stem, p], i) => {
    polarity.set(`g${i}`, p);
    return `(?<g${i}>${stemSource(stem)})`;
  });
  const regex = new RegExp(`(?<![\\p{L}])(?:${groups.join('|')})(?![\\p{L}])`, 'giu');
  const result = { regex, polarity, negators: new Set(lex.negators) };
  compiled.set(language, result);
  return result;
}

function fold(s: string): string {
  return s.toLowerCase().replace(/ё/g, 'е').replace(/[’`]/g, "'");
}

/** Whether one of the three words before `index` (same clause) negates what follows. */
function negated(sentence: string, index: number, negators: Set<string>): boolean {
  const before = sentence.slice(Math.max(0, index - 60), index);
  const clause = before.split(/[,;:.!?()—–]/).pop() ?? '';
  const words = clause.split(/[^\p{L}']+/u).filter(Boolean).slice(-3);
  return words.some((w) => negators.has(w));
}

export function scoreSentence(sentence: string, language: Language): number {
  const lex = compile(language);
  const text = fold(sentence);
  let score = 0;
  lex.regex.lastIndex = 0;
  for (let m = lex.regex.exec(text); m; m = lex.regex.exec(text)) {
    const groups = m.groups ?? {};
    let p = 0;
    for (const name in groups) {
      if (groups[name] !== undefined) {
        p = lex.polarity.get(name) ?? 0;
        break;
      }
    }
    score += negated(text, m.index, lex.negators) ? -p : p;
  }
  return score;
}

export function toneOf(sentences: string[], language: Language): Tone {
  let score = 0;
  for (const s of sentences) score += scoreSentence(s, language);
  return score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
}
