/** Resolves once every chart on the page says it has drawn (bounded: a chart never blocks the print). */
export async function chartsDrawn(limitMs = 10_000): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const charts = [...document.querySelectorAll('[data-chart-ready]')];
    if (charts.every((c) => c.getAttribute('data-chart-ready') === 'true')) return;
    await new Promise((r) => requestAnimationFrame(() => r(null)));
  }
}

/** The page's language attribute, so Chromium hyphenates and picks fonts for the report's language. */
export function setDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}
