/**
 * The shipped price table: list prices in US dollars per million tokens for the catalogue's
 * default models and common alternatives, read from each provider's public API pricing page
 * (OpenAI, Anthropic, Google Gemini API, Perplexity, DeepSeek, xAI, Mistral) as they stood on
 * `PRICES_AS_OF`: standard tier, no batch or cache discounts (DeepSeek: cache-miss input; Gemini
 * 2.5 Pro: prompts up to 200k tokens). Prices change: `PRICES_AS_OF` is shown beside every figure,
 * and a user whose contract, tier or model differs edits the figures in App settings → Spend so
 * far (prices.service.ts keeps their rows apart and over this table). To update the shipped
 * table, edit the rows below and the date together. Request fees some providers add (Perplexity's
 * per-request search fee, web-search tool calls) are not token prices and are left out;
 * docs/api/collection.md says so. YandexGPT (priced in roubles per 1,000 tokens) and
 * user-defined models have no row: their cost shows as "no price" until the user adds one.
 */
export const PRICES_AS_OF = '2025-10-15';

export interface PriceRow {
  provider: string;
  model: string;
  /** USD per 1,000,000 input tokens. */
  input_usd_per_mtok: number;
  /** USD per 1,000,000 output tokens. */
  output_usd_per_mtok: number;
}

export const SHIPPED_PRICES: PriceRow[] = [
  { provider: 'openai', model: 'gpt-4o', input_usd_per_mtok: 2.5, output_usd_per_mtok: 10 },
  { provider: 'openai', model: 'gpt-4o-mini', input_usd_per_mtok: 0.15, output_usd_per_mtok: 0.6 },
  { provider: 'openai', model: 'gpt-4.1', input_usd_per_mtok: 2, output_usd_per_mtok: 8 },
  { provider: 'openai', model: 'gpt-4.1-mini', input_usd_per_mtok: 0.4, output_usd_per_mtok: 1.6 },
  { provider: 'openai', model: 'gpt-5', input_usd_per_mtok: 1.25, output_usd_per_mtok: 10 },
  { provider: 'openai', model: 'gpt-5-mini', input_usd_per_mtok: 0.25, output_usd_per_mtok: 2 },
  { provider: 'anthropic', model: 'claude-sonnet-4-5', input_usd_per_mtok: 3, output_usd_per_mtok: 15 },
  { provider: 'anthropic', model: 'claude-haiku-4-5', input_usd_per_mtok: 1, output_usd_per_mtok: 5 },
  { provider: 'anthropic', model: 'claude-opus-4-1', input_usd_per_mtok: 15, output_usd_per_mtok: 75 },
  { provider: 'google', model: 'gemini-2.5-flash', input_usd_per_mtok: 0.3, output_usd_per_mtok: 2.5 },
  { provider: 'google', model: 'gemini-2.5-pro', input_usd_per_mtok: 1.25, output_usd_per_mtok: 10 },
  { provider: 'perplexity', model: 'sonar', input_usd_per_mtok: 1, output_usd_per_mtok: 1 },
  { provider: 'perplexity', model: 'sonar-pro', input_usd_per_mtok: 3, output_usd_per_mtok: 15 },
  { provider: 'deepseek', model: 'deepseek-chat', input_usd_per_mtok: 0.28, output_usd_per_mtok: 0.42 },
  { provider: 'xai', model: 'grok-4', input_usd_per_mtok: 3, output_usd_per_mtok: 15 },
  { provider: 'mistral', model: 'mistral-large-latest', input_usd_per_mtok: 2, output_usd_per_mtok: 6 },
  { provider: 'mistral', model: 'mistral-small-latest', input_usd_per_mtok: 0.1, output_usd_per_mtok: 0.3 },
];

/** Providers that run on this machine or offline: never a bill. */
export const FREE_PROVIDERS = new Set(['demo', 'ollama']);
