import { PROVIDERS, type ProviderName } from '../../../src-shared/enums';

/**
 * Built-in presets for the AI systems people track (decisions.md §3). Models are defaults a user
 * can change in the app settings; keys are never shipped. The `demo` networks run the pipeline offline.
 */
export interface NeuralPreset {
  system_name: string;
  display_name: string;
  provider: ProviderName;
  model: string;
  base_url?: string;
  web_search_supported: boolean;
  model_url?: string;
}

export { PROVIDERS, type ProviderName };

export const NEURAL_PRESETS: NeuralPreset[] = [
  {
    system_name: 'chatgpt',
    display_name: 'ChatGPT',
    provider: 'openai',
    model: 'gpt-4o',
    web_search_supported: true,
    model_url: 'https://chatgpt.com',
  },
  {
    system_name: 'claude',
    display_name: 'Claude',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    web_search_supported: true,
    model_url: 'https://claude.ai',
  },
  {
    system_name: 'gemini',
    display_name: 'Gemini',
    provider: 'google',
    model: 'gemini-2.5-flash',
    web_search_supported: true,
    model_url: 'https://gemini.google.com',
  },
  {
    system_name: 'perplexity',
    display_name: 'Perplexity',
    provider: 'perplexity',
    model: 'sonar',
    web_search_supported: true,
    model_url: 'https://www.perplexity.ai',
  },
  {
    system_name: 'deepseek',
    display_name: 'DeepSeek',
    provider: 'deepseek',
    model: 'deepseek-chat',
    web_search_supported: false,
    model_url: 'https://chat.deepseek.com',
  },
  {
    system_name: 'grok',
    display_name: 'Grok',
    provider: 'xai',
    model: 'grok-4',
    web_search_supported: false,
    model_url: 'https://grok.com',
  },
  {
    system_name: 'mistral',
    display_name: 'Mistral Le Chat',
    provider: 'mistral',
    model: 'mistral-large-latest',
    web_search_supported: false,
    model_url: 'https://chat.mistral.ai',
  },
  {
    system_name: 'yandexgpt',
    display_name: 'YandexGPT',
    provider: 'openai-compatible',
    model: 'yandexgpt/latest',
    web_search_supported: false,
    model_url: 'https://alice.yandex.ru',
  },
  {
    system_name: 'ollama',
    display_name: 'Local model (Ollama)',
    provider: 'ollama',
    model: 'llama3.1',
    base_url: 'http://127.0.0.1:11434',
    web_search_supported: false,
  },
  {
    system_name: 'demo',
    display_name: 'Demo (offline, synthetic)',
    provider: 'demo',
    model: 'demo',
    web_search_supported: true,
  },
  // Two more offline networks, so sample data fills the views that compare networks (radar,
  // the `all` series). Each writes in its own style (providers/demo.ts); none poses as a real one.
  {
    system_name: 'demo-search',
    display_name: 'Demo Search (offline, synthetic)',
    provider: 'demo',
    model: 'demo',
    web_search_supported: true,
  },
  {
    system_name: 'demo-chat',
    display_name: 'Demo Chat (offline, synthetic)',
    provider: 'demo',
    model: 'demo',
    web_search_supported: false,
  },
];
