import type {
  DraftGroup,
  EnumOption,
  ProviderName,
  ProjectLanguage,
  ScheduleSource,
  ScheduleType,
  Theme,
  UiLanguage,
} from '../enums';

/**
 * Types of the core routes (see routes.ts): neural networks, account, projects, settings,
 * prompts, groups, filters, drafts, app settings. Field names are the spec's, exactly.
 */

// ---- Resources ---------------------------------------------------------------------------------

export interface Neural {
  id: number;
  system_name: string;
  display_name: string;
  model_url: string;
}

export type { ProviderName };

/** A catalogue entry as the extension endpoints show it (decisions.md §3); the key is write-only. */
export interface AppNeural {
  id: number;
  system_name: string;
  display_name: string;
  provider: ProviderName;
  model: string;
  base_url: string | null;
  api_key_set: boolean;
  web_search_supported: boolean;
  model_url: string | null;
  is_builtin: boolean;
}

export interface AppNeuralBody {
  system_name: string;
  display_name: string;
  provider: ProviderName;
  model: string;
  base_url?: string | null;
  api_key?: string | null;
  web_search_supported?: boolean;
  model_url?: string | null;
  /** Confirms a plain-http base_url outside the local network (docs/api.md "Input limits"). */
  allow_insecure_http?: boolean;
}

export interface Account {
  id: number;
  name: string;
  limits_balance: number;
  /** May change the install: catalogue and keys, app settings, limits (issue 16). */
  is_admin: boolean;
}

/** A user as administrators see them (extension, issue 16: `/api/app/users`). */
export interface AppUser extends Account {
  email: string | null;
  /** A disabled user's tokens stop working; their data stays. */
  disabled: boolean;
  created_at: string;
}

export interface ParseStatus {
  status: 'idle' | 'queued' | 'in_progress' | 'completed';
  in_progress: boolean;
  progress: number;
  phase: string | null;
  started_at: string | null;
  last_completed_at: string | null;
}

export interface Project {
  id: number;
  user_id: number;
  name: string;
  brand: string;
  domain: string;
  activities: string;
  is_paused: boolean;
  created_at: string;
}

/** A schedule as settings show it: once_per_week a day, twice_per_week two, weekdays/monthdays "1,3", every_n_days "N". */
export interface ScheduleView {
  source: ScheduleSource;
  type: ScheduleType;
  detail: number | [number, number] | string | null;
}

/** A schedule in the PATCH body; once_per_week without `detail` gets the least busy weekday. */
export interface ScheduleBody {
  source?: ScheduleSource;
  type: ScheduleType;
  detail?: number | number[] | string | null;
}

export interface ProjectSettingsNeural {
  id: number;
  system_name: string;
  display_name: string;
  web_search_supported: boolean;
  web_search_enabled: boolean;
}

export interface ProjectSettings {
  id: number;
  name: string;
  brand: string;
  domain: string;
  activities: string;
  alternative_brand: string;
  domain_aliases: string | null;
  sources_include_subdomains: boolean;
  collect_online: boolean;
  collect_google_ai_mode: boolean;
  count_empty_answers: boolean;
  language: ProjectLanguage;
  region: number;
  /** Extension: the brand's own products and programmes, never competitors. */
  own_products: string[];
  /** Extension (issue 13): how a significant change after a run is told. */
  alerts: AlertPreferences;
  neurals: ProjectSettingsNeural[];
  schedules: Record<ScheduleSource, ScheduleView>;
  analytics: { token_configured: boolean; counter_id: string; counter_name: string };
}

/** PATCH settings: partial; null resets a field. `language` is read-only (a different value is a 422). */
export interface ProjectSettingsPatch {
  name?: string;
  brand?: string;
  alternative_brand?: string | string[] | null;
  domain?: string | null;
  domain_aliases?: string | string[] | null;
  sources_include_subdomains?: boolean | null;
  activities?: string | string[] | null;
  region?: number | null;
  /** Extension: a list, or one name per line; null clears it. */
  own_products?: string[] | string | null;
  /** Extension: partial; null goes back to the defaults (event and desktop on, e-mail off). */
  alerts?: Partial<AlertPreferences> | null;
  neurals?: Array<number | string> | null;
  neurals_web_search?: Array<number | string> | null;
  collect_online?: boolean | null;
  collect_google_ai_mode?: boolean | null;
  count_empty_answers?: boolean | null;
  analytics_token?: string | null;
  analytics_id?: string | number | null;
  schedule?: ScheduleBody | null;
  recommendationsSchedule?: ScheduleBody | null;
  frequencySchedule?: ScheduleBody | null;
  urlIndexationSchedule?: ScheduleBody | null;
}

export interface PromptGroupRef {
  id: number;
  value: string;
}

export interface Prompt {
  id: number;
  value: string;
  groups: PromptGroupRef[];
  created_at: string;
}

export interface PromptGroup {
  id: number;
  name: string;
  is_favourite: boolean;
  prompts_count: number;
}

export type PromptInput = string | { value: string; group_ids?: number[]; group_name?: string };

export interface AddPromptsResponse {
  message: string;
  data: {
    /** Prompts created or given new groups by this request. */
    prompts: Prompt[];
    /** All groups of the project after the change. */
    groups: PromptGroup[];
    created_count: number;
    attached_count: number;
    skipped_count: number;
  };
}

export interface DeletedResponse {
  message: string;
  deleted: number;
  ids: number[];
}

export interface ProjectFilters {
  neurals: Array<{ id: number; system_name: string; display_name: string }>;
  groups: PromptGroup[];
  update_dates: string[];
  first_update_date: string | null;
  last_update_date: string | null;
  prompts_count: number;
  enums: Record<
    'mention' | 'tone' | 'visibility' | 'competitor_type' | 'metrics' | 'metrics_action',
    Array<{ value: string; label: string }>
  >;
}

export interface DraftPrompt {
  id: string;
  text: string;
  source: 'generated' | 'custom';
  group: DraftGroup;
}

export interface DraftBody {
  brand: string;
  activities: string | string[];
  domain?: string;
  neurals: Array<number | string>;
  alternative_brand?: string | string[];
  region?: number;
  language?: ProjectLanguage;
}

export type DraftView =
  | { draft_id: string; status: 'processing'; progress: number }
  | { draft_id: string; status: 'ready'; prompts: DraftPrompt[] }
  | { draft_id: string; status: 'error'; message: string };

export interface DraftCreated {
  draft_id: string;
  status: 'created';
  project_id: number;
  project_url: string;
}

export interface SmtpSettings {
  host: string | null;
  port: number;
  secure: boolean;
  user: string | null;
  from: string | null;
  password_set: boolean;
}

export interface AppSettings {
  analysis_neural_id: number | null;
  schedule_hour: number;
  time_zone: string;
  language: UiLanguage;
  theme: Theme;
  /** Fetch each cited site's icon once from the site (else letter badges only); default true. */
  fetch_favicons: boolean;
  smtp: SmtpSettings;
}

export interface AppSettingsPatch {
  analysis_neural_id?: number | null;
  schedule_hour?: number | null;
  time_zone?: string | null;
  language?: UiLanguage | null;
  theme?: Theme | null;
  fetch_favicons?: boolean | null;
  smtp?: {
    host?: string | null;
    port?: number | null;
    secure?: boolean | null;
    user?: string | null;
    from?: string | null;
    /** Write-only; null clears it. */
    password?: string | null;
  } | null;
}

export type { EnumOption };

// ---- Routes ------------------------------------------------------------------------------------

type P = { project: number };

export interface CoreRoutes {
  'GET /api/neurals': { response: { data: Neural[] } };
  'GET /api/app/neurals': { response: { data: AppNeural[] } };
  'POST /api/app/neurals': { body: AppNeuralBody; response: { data: AppNeural } };
  'PATCH /api/app/neurals/{id}': {
    params: { id: number };
    body: Partial<AppNeuralBody>;
    response: { data: AppNeural };
  };
  'DELETE /api/app/neurals/{id}': { params: { id: number }; response: { message: string } };
  'GET /api/app/account': { response: { data: Account } };
  'PATCH /api/app/account': { body: { limits_balance: number }; response: { data: Account } };
  /** Extension for administrators (issue 16, docs/api.md "Users and rights"). */
  'GET /api/app/users': { response: { data: AppUser[] } };
  'POST /api/app/users': {
    body: { name: string; is_admin?: boolean; limits_balance?: number };
    response: { data: AppUser };
  };
  'PATCH /api/app/users/{id}': {
    params: { id: number };
    body: { limits_balance?: number; disabled?: boolean };
    response: { data: AppUser };
  };

  'GET /api/projects': { response: { data: Project[] } };
  'GET /api/projects/{project}': { params: P; response: { data: Project & { parse: ParseStatus } } };

  'GET /api/projects/{project}/settings': { params: P; response: { data: ProjectSettings } };
  'PATCH /api/projects/{project}/settings': {
    params: P;
    body: ProjectSettingsPatch;
    response: { data: ProjectSettings };
  };

  'GET /api/projects/{project}/prompts': { params: P; response: { data: Prompt[] } };
  'POST /api/projects/{project}/prompts': {
    params: P;
    body: { prompts: PromptInput[]; group_ids?: number[] };
    response: AddPromptsResponse;
  };
  'DELETE /api/projects/{project}/prompts/{prompt}': {
    params: P & { prompt: number };
    response: DeletedResponse;
  };

  'GET /api/projects/{project}/groups': { params: P; response: { data: PromptGroup[] } };
  'POST /api/projects/{project}/groups': {
    params: P;
    body: { name: string; is_favourite?: boolean };
    response: { data: PromptGroup };
  };
  'PATCH /api/projects/{project}/groups/{group}': {
    params: P & { group: number };
    body: { name?: string; is_favourite?: boolean };
    response: { data: PromptGroup };
  };
  'DELETE /api/projects/{project}/groups/{group}': {
    params: P & { group: number };
    response: DeletedResponse;
  };

  'GET /api/projects/{project}/filters': { params: P; response: ProjectFilters };

  'POST /api/project-drafts': { body: DraftBody; response: { draft_id: string; status: 'processing' } };
  'GET /api/project-drafts/{draft}': { params: { draft: string }; response: DraftView };
  'PATCH /api/project-drafts/{draft}/prompts': {
    params: { draft: string };
    body: { prompts: string[] };
    response: DraftView;
  };
  'POST /api/project-drafts/{draft}/project': { params: { draft: string }; response: DraftCreated };

  'GET /api/app/settings': { response: { data: AppSettings } };
  'PATCH /api/app/settings': { body: AppSettingsPatch; response: { data: AppSettings } };

  // Added by the UI engineer for the screens that use them (api-spec.md "POST parse";
  // the sample project of the first-run screen).
  'POST /api/projects/{project}/parse': {
    params: P;
    body?: { with_recommendations?: boolean; with_frequency?: boolean };
    response: {
      message: string;
      data: Pick<Project, 'id' | 'name' | 'brand' | 'domain' | 'is_paused'> & { parse: ParseStatus };
    };
  };
  'POST /api/app/sample-project': {
    body?: { language?: ProjectLanguage };
    response: { data: { project_id: number } };
  };
  /** Extension (issue 13): what a run queued now would charge, ask, spend and take. */
  'GET /api/projects/{project}/parse/estimate': { params: P; response: { data: RunEstimate } };
  'GET /api/app/prices': { response: { data: PriceTable } };
  'PATCH /api/app/prices': { body: { prices: PriceRow[] | null }; response: { data: PriceTable } };
  'GET /api/app/spend': { response: { data: Spend } };
  /** Extension: a site's icon from the engine's cache, or a letter badge (docs/api.md "Site icons"). */
  'GET /api/app/favicons/{domain}': {
    params: { domain: string };
    query: { format: 'json' };
    response: { data: FaviconData };
  };
}

export interface FaviconData {
  domain: string;
  /** `site`: the site's own icon, fetched once and cached; `badge`: a drawn letter. */
  source: 'site' | 'badge';
  /** A fetch is under way: asking again in a few seconds may give the site's icon. */
  pending: boolean;
  /** The image as a `data:` URL (the CSP allows `img-src data:`, never a remote address). */
  data_url: string;
}

/** Extension (issue 13): GET /api/projects/{project}/parse/estimate. */
export interface RunEstimate {
  limits: number;
  requests: Array<{ neural_id: number; count: number }>;
  tokens: { input: number; output: number };
  cost_usd: {
    total: number;
    /** `usd` null: no price for that model. */
    by_neural: Array<{ neural_id: number; usd: number | null }>;
    prices_as_of: string;
  };
  duration_s: number;
  monthly: { runs: number; limits: number; cost_usd: number };
}

export interface PriceRow {
  provider: string;
  model: string;
  input_usd_per_mtok: number;
  output_usd_per_mtok: number;
}

export interface PriceTable {
  as_of: string;
  prices: Array<PriceRow & { source: 'table' | 'custom' }>;
}

export interface Spend {
  networks: Array<{
    neural_id: number;
    display_name: string;
    answers_reported: number;
    answers_unreported: number;
    tokens: { input: number; output: number };
    usd: number | null;
  }>;
  total_usd: number;
  prices_as_of: string;
}

/** Extension (issue 13): the channels of the alerts after a run. */
export interface AlertPreferences {
  /** An event in the project's event list. */
  event: boolean;
  /** An OS notification on the desktop. */
  desktop: boolean;
  /** An e-mail to `emails`, when SMTP is set in the app settings. */
  email: boolean;
  emails: string[];
}
