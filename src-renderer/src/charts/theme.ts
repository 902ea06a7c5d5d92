import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue';

/** Colours a chart needs from the page, so charts follow the light or dark theme. */
export interface ChartTheme {
  dark: boolean;
  text: string;
  muted: string;
  grid: string;
  font: string;
}

function luminance(color: string): number {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (!m) return 0;
  const [r, g, b] = [m[1], m[2], m[3]].map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/**
 * Reads the theme from the element's computed text colour (light text = dark theme) and the
 * PrimeVue variables when present: no coupling to how the app switches its theme.
 */
export function readChartTheme(el: Element): ChartTheme {
  const style = getComputedStyle(el);
  const text = style.color || '#334155';
  const dark = luminance(text) > 0.6;
  const muted = style.getPropertyValue('--p-text-muted-color').trim() || (dark ? '#94a3b8' : '#64748b');
  return {
    dark,
    text,
    muted,
    grid: dark ? 'rgba(148, 163, 184, 0.18)' : 'rgba(100, 116, 139, 0.16)',
    font: style.fontFamily || 'system-ui, sans-serif',
  };
}

/**
 * A counter that ticks when the page theme may have changed (a class or attribute on <html>
 * or <body>, or the OS colour scheme); charts rebuild on it.
 */
export function useThemeTick(): Ref<number> {
  const tick = ref(0);
  let observer: MutationObserver | null = null;
  let media: MediaQueryList | null = null;
  const bump = () => tick.value++;
  onMounted(() => {
    observer = new MutationObserver(bump);
    const opts = { attributes: true, attributeFilter: ['class', 'data-theme', 'style'] };
    observer.observe(document.documentElement, opts);
    observer.observe(document.body, opts);
    media = window.matchMedia?.('(prefers-color-scheme: dark)') ?? null;
    media?.addEventListener('change', bump);
  });
  onBeforeUnmount(() => {
    observer?.disconnect();
    media?.removeEventListener('change', bump);
  });
  return tick;
}

/** The locale for chart dates and numbers: the page's `lang`, else the browser's. */
export function pageLocale(): string {
  return document.documentElement.lang || navigator.language || 'en';
}

// DOM element types for .vue files (ESLint's no-undef does not know DOM globals there).
export type BoxElement = HTMLDivElement;
export type CanvasElement = HTMLCanvasElement;
