import { describe, expect, it } from 'vitest';
import { proposeFromTemplates, type ProposalInput } from '../../src-main/engine/drafts/proposals/proposals';

const forms: Record<ProposalInput['language'], ProposalInput & { languageMarks: RegExp }> = {
  ru: {
    brand: 'Флора Экспресс',
    activities: 'Доставка цветов, флористика',
    domain: 'flora-express.ru',
    region: 213,
    language: 'ru',
    alternativeBrands: ['Flora Express'],
    languageMarks: /[а-яё]{3,}/i,
  },
  en: {
    brand: 'Bloomly',
    activities: 'flower delivery',
    domain: 'bloomly.com',
    region: 84,
    language: 'en',
    alternativeBrands: [],
    languageMarks: /\b(the|what|who|which|how|is|are|for|of)\b/i,
  },
  de: {
    brand: 'Blumenwerk',
    activities: 'Blumenlieferung, Hochzeitsfloristik',
    domain: 'blumenwerk.de',
    region: 96,
    language: 'de',
    alternativeBrands: ['Blumen Werk'],
    languageMarks: /\b(welche|wie|wer|was|für|ist|sind|die|der|und)\b/i,
  },
  es: {
    brand: 'Floristería Sol',
    activities: 'entrega de flores',
    domain: '',
    region: 204,
    language: 'es',
    alternativeBrands: [],
    languageMarks: /¿|\b(empresa|empresas|de|la|las|en|hay)\b/i,
  },
};

const BRAND_GROUPS = new Set(['brand', 'comparison']);

describe('proposeFromTemplates', () => {
  for (const [language, form] of Object.entries(forms)) {
    describe(language, () => {
      const prompts = proposeFromTemplates(form);

      it('yields 20–40 distinct prompts in the language of the draft', () => {
        expect(prompts.length).toBeGreaterThanOrEqual(20);
        expect(prompts.length).toBeLessThanOrEqual(40);
        expect(new Set(prompts.map((p) => p.text.toLowerCase())).size).toBe(prompts.length);
        for (const p of prompts) {
          expect(p.text, p.text).toMatch(form.languageMarks);
          expect(p.text).not.toMatch(/\{|\}|\s{2}|\s[?!,.:]/);
          if (language !== 'ru') expect(p.text).not.toMatch(/[а-яё]/i);
        }
      });

      it('spreads them over at least 4 groups', () => {
        expect(new Set(prompts.map((p) => p.group)).size).toBeGreaterThanOrEqual(4);
      });

      it('names the brand (and its other names and site) only in the brand and comparison groups', () => {
        const names = [form.brand, ...form.alternativeBrands, form.domain]
          .filter(Boolean)
          .map((n) => n.toLowerCase());
        for (const p of prompts) {
          const named = names.some((n) => p.text.toLowerCase().includes(n));
          if (!BRAND_GROUPS.has(p.group)) expect(named, `${p.group}: ${p.text}`).toBe(false);
        }
        expect(prompts.some((p) => p.group === 'brand' && p.text.includes(form.brand))).toBe(true);
        expect(prompts.some((p) => p.group === 'comparison' && p.text.includes(form.brand))).toBe(true);
      });

      it('is deterministic', () => {
        expect(proposeFromTemplates(form)).toEqual(prompts);
      });
    });
  }

  it('keeps the activity readable inside a sentence and at its start', () => {
    const prompts = proposeFromTemplates(forms.ru).map((p) => p.text);
    expect(prompts).toContain('Какие компании в Москве лучшие в сфере «доставка цветов»?');
    expect(prompts).toContain('Доставка цветов в Москве: рейтинг лучших компаний и сервисов');
    expect(prompts).toContain('Какие компании в Москве лучшие в сфере «флористика»?');
    const de = proposeFromTemplates(forms.de).map((p) => p.text);
    expect(de).toContain('Welche Anbieter für Blumenlieferung sind in Deutschland die besten?');
  });

  it('leaves out templates whose site or alternative name is missing, and places with no known region', () => {
    const prompts = proposeFromTemplates({ ...forms.en, domain: '', alternativeBrands: [], region: 999999 });
    expect(prompts.length).toBeGreaterThanOrEqual(20);
    expect(prompts.every((p) => !/ in (the )?[A-Z]/.test(p.text))).toBe(true);
  });

  it('stays within 40 with many activities', () => {
    const prompts = proposeFromTemplates({
      ...forms.en,
      activities: 'a1 stuff, b2 stuff, c3 stuff, d4 stuff, e5 stuff',
    });
    expect(prompts.length).toBeLessThanOrEqual(40);
    expect(prompts.some((p) => p.text.includes('d4 stuff'))).toBe(false);
  });
});
