/**
 * One colour per AI system and per competitor, the same in every chart and table (STYLE.md "The
 * UI"). Colours come from the name alone — never from the order a series arrives in — so a
 * competitor keeps its colour when filters change which series are shown.
 *
 * Pure module (no DOM): unit-tested in Node.
 */

/** The app's accent: the own brand is always drawn in it. */
export const OWN_BRAND_COLOR = '#4f46e5';
/** The `other` share-of-voice series and anything without a name. */
export const OTHER_COLOR = '#94a3b8';
/** The `all` series (overall visibility across networks). */
export const OVERALL_COLOR = '#0f172a';
/** Used in dark mode for the `all` series, where near-black would vanish. */
export const OVERALL_COLOR_DARK = '#e2e8f0';

/** Well-known AI systems keep the colour people associate with them. Keys are `system_name`s. */
const KNOWN_SYSTEMS: Record<string, string> = {
  chatgpt: '#10a37f',
  openai: '#10a37f',
  claude: '#d97757',
  anthropic: '#d97757',
  gemini: '#4285f4',
  google: '#4285f4',
  perplexity: '#20808d',
  deepseek: '#4d6bfe',
  grok: '#64748b',
  xai: '#64748b',
  mistral: '#fa520f',
  ollama: '#8b5cf6',
  yandexgpt: '#fc3f1d',
  alice: '#fc3f1d',
  gigachat: '#21a038',
  copilot: '#0ea5e9',
  llama: '#0866ff',
  qwen: '#615ced',
  demo: '#a855f7',
};

/**
 * 20 colours that stay distinct from each other and from the accent, readable on white and on
 * a dark slate background (mid lightness, no pale yellows). The first ten are the most different
 * hues: competitors take them in order (assignCompetitorColors).
 */
export const SERIES_COLORS = [
  '#e11d48',
  '#0891b2',
  '#ea580c',
  '#16a34a',
  '#9333ea',
  '#ca8a04',
  '#2563eb',
  '#65a30d',
  '#0d9488',
  '#c026d3',
  '#db2777',
  '#059669',
  '#7c3aed',
  '#dc2626',
  '#c2410c',
  '#0284c7',
  '#b45309',
  '#be123c',
  '#4d7c0f',
  '#6d28d9',
] as const;

/** FNV-1a: small, fast and stable across runs and machines (unlike object key order). */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Case, spacing and quotes do not change a name's colour ("ООО «Ромашка»" = "ооо ромашка"). */
export function normalizeName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKC')
    .replace(/["'«»“”„`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function fromPalette(key: string): string {
  return SERIES_COLORS[hashString(key) % SERIES_COLORS.length];
}

/** Colour of an AI system by its `system_name` (`all` is the overall series). */
export function systemColor(systemName: string | null | undefined, dark = false): string {
  if (!systemName) return OTHER_COLOR;
  const key = systemName.toLowerCase();
  if (key === 'all') return dark ? OVERALL_COLOR_DARK : OVERALL_COLOR;
  if (KNOWN_SYSTEMS[key]) return KNOWN_SYSTEMS[key];
  // Custom catalogue entries are named like `chatgpt-4o-mini` or `my-claude`: match by prefix.
  // The offline demo networks (demo, demo-search, demo-chat) are shown side by side, so only the
  // plain `demo` keeps the purple; its variants take their own colours from the palette.
  for (const [known, color] of Object.entries(KNOWN_SYSTEMS)) {
    if (known === 'demo') continue;
    if (key.startsWith(known) || key.includes(`-${known}`)) return color;
  }
  return fromPalette(`system:${key}`);
}

/** The series kinds the API tags with `type`. */
export type SeriesKind = 'own' | 'other' | 'competitor' | string;

/**
 * Colour of a competitor by its name (answers carry competitor names only, so the name is the
 * key every view shares). `own` is the brand; `other` the share-of-voice remainder.
 */
export function competitorColor(name: string | null | undefined, kind?: SeriesKind): string {
  if (kind === 'own') return OWN_BRAND_COLOR;
  if (kind === 'other') return OTHER_COLOR;
  if (!name) return OTHER_COLOR;
  const key = normalizeName(name);
  return projectCompetitorColors.get(key) ?? fromPalette(`competitor:${key}`);
}

/** Colours given to the open project's competitors (and their merged names), by name. */
const projectCompetitorColors = new Map<string, string>();

/**
 * Gives the open project's competitors palette colours in the order the engine created them, so
 * the first 20 never share a colour (a hash of the name would, often). Called once when a project's
 * analytics open, before any chart is built; names it does not know keep their hashed colour.
 */
export function assignCompetitorColors(competitors: Array<{ id: number; names: string[] }>): void {
  projectCompetitorColors.clear();
  [...competitors]
    .sort((a, b) => a.id - b.id)
    .forEach((competitor, index) => {
      const color = SERIES_COLORS[index % SERIES_COLORS.length];
      for (const name of competitor.names) projectCompetitorColors.set(normalizeName(name), color);
    });
}

/** `#rrggbb` → `rgba(r, g, b, alpha)`: fills under lines and radar areas. */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return hex;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** Tone colours: the same three everywhere (doughnut, table chips, answer rows). */
export const TONE_COLORS = {
  positive: '#16a34a',
  neutral: '#94a3b8',
  negative: '#dc2626',
} as const;
