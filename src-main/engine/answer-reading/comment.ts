/**
 * The one-sentence comment on how the brand is presented, in the answer's language. Built from
 * the measured fields only (position, count of brands, tone, where the brand first appears), so
 * it never says anything the numbers do not.
 */
import type { Language, Tone } from './types';

export type Placement = 'list' | 'table' | 'heading' | 'text';

export interface CommentFacts {
  brand: string;
  position: number;
  brands: number;
  tone: Tone;
  placement: Placement;
  language: Language;
}

const EN_ORDINAL = (n: number) => {
  const rem100 = n % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
};

const TEXT = {
  en: {
    tone: { positive: 'a positive', neutral: 'a neutral', negative: 'a negative' },
    place: {
      list: 'in a list of options',
      table: 'in a comparison table',
      heading: 'in a heading',
      text: 'in the text of the answer',
    },
    only: (b: string, t: string, p: string) => `${b} is the only brand named, in ${t} tone, ${p}.`,
    ranked: (b: string, pos: number, n: number, t: string, p: string) =>
      `${b} is named ${EN_ORDINAL(pos)} of ${n} brands, in ${t} tone, ${p}.`,
  },
  ru: {
    tone: { positive: 'позитивном', neutral: 'нейтральном', negative: 'негативном' },
    place: {
      list: 'в списке вариантов',
      table: 'в сравнительной таблице',
      heading: 'в заголовке',
      text: 'в тексте ответа',
    },
    only: (b: string, t: string, p: string) =>
      `${b} — единственный названный бренд, упомянут в ${t} ключе ${p}.`,
    ranked: (b: string, pos: number, n: number, t: string, p: string) =>
      `${b} назван ${pos}-м из ${n} брендов, в ${t} ключе, ${p}.`,
  },
  de: {
    tone: { positive: 'positivem', neutral: 'neutralem', negative: 'negativem' },
    place: {
      list: 'in einer Liste von Optionen',
      table: 'in einer Vergleichstabelle',
      heading: 'in einer Überschrift',
      text: 'im Fließtext der Antwort',
    },
    only: (b: string, t: string, p: string) => `${b} ist die einzige genannte Marke, in ${t} Ton, ${p}.`,
    ranked: (b: string, pos: number, n: number, t: string, p: string) =>
      `${b} wird als ${pos}. von ${n} Marken genannt, in ${t} Ton, ${p}.`,
  },
  es: {
    tone: { positive: 'positivo', neutral: 'neutral', negative: 'negativo' },
    place: {
      list: 'en una lista de opciones',
      table: 'en una tabla comparativa',
      heading: 'en un encabezado',
      text: 'en el texto de la respuesta',
    },
    only: (b: string, t: string, p: string) => `${b} es la única marca mencionada, con un tono ${t}, ${p}.`,
    ranked: (b: string, pos: number, n: number, t: string, p: string) =>
      `${b} aparece en ${pos}.º lugar de ${n} marcas, con un tono ${t}, ${p}.`,
  },
} as const;

export function buildComment(f: CommentFacts): string {
  const t = TEXT[f.language] ?? TEXT.en;
  const tone = t.tone[f.tone];
  const place = t.place[f.placement];
  return f.brands <= 1 ? t.only(f.brand, tone, place) : t.ranked(f.brand, f.position, f.brands, tone, place);
}
