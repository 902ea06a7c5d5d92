import { describe, expect, it } from 'vitest';
import {
  OWN_BRAND_COLOR,
  OTHER_COLOR,
  SERIES_COLORS,
  assignCompetitorColors,
  competitorColor,
  hashString,
  systemColor,
} from '../../../src-renderer/src/charts/palette';
import { competitorLines, neuralLines } from '../../../src-renderer/src/charts/from-api';

describe('chart palette', () => {
  it('gives a competitor the same colour whatever the order or set of series', () => {
    const a = ['Ромашка', 'Acme', 'Globex'].map((n) => competitorColor(n));
    const b = ['Globex', 'Initech', 'Acme', 'Ромашка'].map((n) => competitorColor(n));
    expect(b[3]).toBe(a[0]);
    expect(b[2]).toBe(a[1]);
    expect(b[0]).toBe(a[2]);
  });

  it('ignores case, spacing and quotes in a competitor name', () => {
    expect(competitorColor('ООО «Ромашка»')).toBe(competitorColor('ооо  ромашка'));
    expect(competitorColor('Acme ')).toBe(competitorColor('ACME'));
  });

  it('draws the own brand in the accent and "other" in grey', () => {
    expect(competitorColor('Anything', 'own')).toBe(OWN_BRAND_COLOR);
    expect(competitorColor('other', 'other')).toBe(OTHER_COLOR);
  });

  it('uses palette colours only, never the accent, for competitors', () => {
    for (const name of ['a', 'b', 'c', 'Yandex', 'Ozon', 'Wildberries', 'Sber']) {
      const color = competitorColor(name);
      expect(SERIES_COLORS).toContain(color);
      expect(color).not.toBe(OWN_BRAND_COLOR);
    }
  });

  it('keeps known AI systems in their colours and custom entries stable', () => {
    expect(systemColor('chatgpt')).toBe('#10a37f');
    expect(systemColor('ChatGPT')).toBe('#10a37f');
    expect(systemColor('claude')).toBe(systemColor('claude-sonnet'));
    expect(systemColor('my-local-model')).toBe(systemColor('my-local-model'));
    expect(systemColor('all')).not.toBe(systemColor('all', true));
  });

  it('gives the three offline demo networks three different colours', () => {
    const colours = ['demo', 'demo-search', 'demo-chat'].map((name) => systemColor(name));
    expect(new Set(colours).size).toBe(3);
    expect(systemColor('demo')).toBe('#a855f7');
  });

  it('hashes deterministically (FNV-1a)', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
  });
});

describe('API series → chart props', () => {
  it('orders networks with the overall series first, dashed, and colours them by system', () => {
    const lines = neuralLines(
      [
        {
          id: 2,
          label: { system_name: 'claude', display_name: 'Claude', order: 1 },
          data: [{ x: '01.02.2026', y: 10 }],
        },
        {
          id: 'all',
          label: { system_name: 'all', display_name: 'All', order: -1 },
          data: [{ x: '01.02.2026', y: 20 }],
        },
      ],
      { allLabel: 'All AI systems' },
    );
    expect(lines.map((l) => [l.label, l.dashed, l.color])).toEqual([
      ['All AI systems', true, systemColor('all')],
      ['Claude', false, systemColor('claude')],
    ]);
  });

  it('labels the own brand and the rest when asked', () => {
    const lines = competitorLines(
      [
        { id: 1, label: 'Brand', type: 'own', data: [] },
        { id: 'other', label: 'other', type: 'other', data: [] },
        { id: 7, label: 'Acme', type: 'competitor', data: [] },
      ],
      { own: 'Your brand', other: 'Others' },
    );
    expect(lines.map((l) => [l.label, l.color])).toEqual([
      ['Your brand', OWN_BRAND_COLOR],
      ['Others', OTHER_COLOR],
      ['Acme', competitorColor('Acme')],
    ]);
  });
});

describe('assignCompetitorColors', () => {
  it('gives the first 20 competitors of a project distinct colours, shared by their merged names', () => {
    const competitors = Array.from({ length: 20 }, (_, i) => ({ id: 100 + i, names: [`Brand ${i}`] }));
    competitors[3].names.push('Brand Three Alias');
    assignCompetitorColors(competitors);
    const colours = competitors.map((c) => competitorColor(c.names[0]));
    expect(new Set(colours).size).toBe(20);
    expect(competitorColor('brand three alias')).toBe(competitorColor('Brand 3'));
    // In creation order, whatever order the list came in.
    assignCompetitorColors([...competitors].reverse());
    expect(competitors.map((c) => competitorColor(c.names[0]))).toEqual(colours);
  });

  it('leaves unknown names their hashed colour and is replaced by the next project', () => {
    const hashed = competitorColor('Unlisted Inc');
    assignCompetitorColors([{ id: 1, names: ['Acme'] }]);
    expect(competitorColor('Unlisted Inc')).toBe(hashed);
    assignCompetitorColors([]);
    expect(competitorColor('Unlisted Inc')).toBe(hashed);
  });
});
