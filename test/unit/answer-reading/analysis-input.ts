import type { AnalysisInput, Language } from '../../../src-main/engine/answer-reading/types';

/** An answer to analyse for a brand with no site, no known competitors and no exclusions. */
export function analysisInput(
  text: string,
  brand: string,
  language: Language,
  activities = '',
): AnalysisInput {
  return {
    text,
    citations: [],
    brand,
    alternativeBrands: [],
    domain: '',
    domainAliases: [],
    includeSubdomains: false,
    knownCompetitors: [],
    activities,
    language,
  };
}
