import type { Report } from '../../../src-shared/api/reports';

/**
 * The print view reads the API with plain fetch and the token from its own address: it is
 * opened by a headless browser (or Electron's hidden print window) without the app shell and
 * its transport. The token is made for one print and revoked after it.
 */
export interface PrintProject {
  id: number;
  name: string;
  brand: string;
  domain: string;
  /** The project's language (GET …/settings): the report speaks it. */
  language: string;
}

async function getJson<T>(path: string, token: string): Promise<T> {
  const response = await fetch(path, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body?.message ?? `HTTP ${response.status}`);
  return body as T;
}

/** The project settings carry name, brand, site and the language the report is written in. */
export async function loadPrintData(projectId: number, reportId: number, token: string) {
  const [settings, report] = await Promise.all([
    getJson<{ data: PrintProject }>(`/api/projects/${projectId}/settings`, token),
    getJson<{ data: Report }>(`/api/projects/${projectId}/reports/${reportId}`, token),
  ]);
  const { id, name, brand, domain, language } = settings.data;
  return { project: { id, name, brand, domain, language }, report: report.data };
}

/** Reports are written in Russian for Russian projects and in English otherwise (as the engine does). */
export const reportLanguage = (projectLanguage: string): 'ru' | 'en' =>
  projectLanguage === 'ru' ? 'ru' : 'en';
