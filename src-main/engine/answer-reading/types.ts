/**
 * The contract between answer analysis (pure functions over text) and the rest of the engine.
 * Definitions: decisions.md §5.
 */
export type Tone = 'positive' | 'neutral' | 'negative';
export type Language = 'ru' | 'en' | 'de' | 'es';

export interface KnownCompetitor {
  /** Canonical name shown everywhere. */
  name: string;
  /** Other names merged into this competitor (aliases). */
  members: string[];
}

export interface AnalysisInput {
  /** The answer text (markdown as the AI system wrote it). Untrusted. */
  text: string;
  /** The provider's citation list, in its order. */
  citations: Array<{ url: string; title?: string }>;
  brand: string;
  /** `alternative_brand`, already split on commas. */
  alternativeBrands: string[];
  /** Project domain, may be empty. */
  domain: string;
  /** `domain_aliases`, already split. */
  domainAliases: string[];
  includeSubdomains: boolean;
  /** Competitors the project already knows (canonical names with their merged aliases). */
  knownCompetitors: KnownCompetitor[];
  /**
   * Names the analyst marked "not a competitor" (hidden competitors and their merged names): never
   * competitors and never counted in the brand's position, in this answer or any other.
   */
  excludedNames?: string[];
  /** The project's activities as typed in settings: a marketplace competes with marketplaces. */
  activities?: string;
  /** The brand's own products and programmes named in project settings: never competitors. */
  ownProducts?: string[];
  language: Language;
}

/** Where a finding is in the answer: UTF-16 offsets, `answer.slice(start, end) === text`. */
export interface EvidenceSpan {
  start: number;
  end: number;
  text: string;
}

export interface Evidence {
  /** Every brand occurrence. */
  brand: EvidenceSpan[];
  /** Every place a listed competitor is named (each listed competitor has at least one). */
  competitors: Array<EvidenceSpan & { name: string }>;
}

export interface AnalyzedUrl {
  url: string;
  /** Host without a leading `www.`. */
  domain: string;
  /** 1-based place in the combined list (citations first, then URLs in the text). */
  position: number;
  title?: string;
}

export interface AnalysisResult {
  mention: 0 | 1;
  /** 1-based rank of the brand among all brands named, by first appearance; null without mention. */
  mention_position: number | null;
  tone: Tone | null;
  /** Distinct brand forms as written, in order of first appearance. */
  occurrences: string[];
  /** Other brands named, canonical names, in order of first appearance (never the own brand). */
  competitors: string[];
  /** Every source (not cut at 15: the API cuts when it answers). */
  urls: AnalyzedUrl[];
  site_mentioned: boolean;
  site_position: number | null;
  comment: string | null;
  evidence: Evidence;
}
