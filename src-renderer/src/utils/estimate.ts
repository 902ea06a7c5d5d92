import type { RunEstimate } from '../../../src-shared/api/core';
import { formatDay } from './dates';

type T = (key: string, values?: Record<string, unknown>) => string;

/** Dollars as people read small sums: at least two decimals, up to four for cents' fractions. */
export function formatUsd(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    // "$", not "US$": the figure is always dollars, the prefix only adds noise.
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: value > 0 && value < 1 ? 4 : 2,
  }).format(value);
}

/** Minutes (or seconds under one) of a run's rough duration. */
export function formatDuration(seconds: number, t: T): string {
  if (seconds < 5) return t('run.fewSeconds');
  return seconds < 60 ? t('run.seconds', { n: seconds }) : t('run.minutes', { n: Math.ceil(seconds / 60) });
}

/** The lines of the Run confirmation: limits, requests, tokens, dollars, time. */
export function describeEstimate(e: RunEstimate, t: T, locale: string): string {
  const num = (n: number) => new Intl.NumberFormat(locale).format(n);
  const requests = e.requests.reduce((s, r) => s + r.count, 0);
  const unpriced = e.cost_usd.by_neural.some((n) => n.usd === null);
  return [
    t('run.estimateLimits', { limits: num(e.limits), requests: num(requests) }),
    t('run.estimateTokens', { input: num(e.tokens.input), output: num(e.tokens.output) }),
    t(unpriced ? 'run.estimateCostPartial' : 'run.estimateCost', {
      usd: formatUsd(e.cost_usd.total, locale),
      date: formatDay(e.cost_usd.prices_as_of, locale),
    }),
    t('run.estimateDuration', { time: formatDuration(e.duration_s, t) }),
  ].join(' ');
}
