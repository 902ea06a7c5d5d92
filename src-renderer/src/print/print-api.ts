import type { Report } from '../../../src-shared/api/reports';
import { api, currentTransport } from '../api/client';

/**
 * Where the print view gets its data. Inside the desktop app ("Open" on a report) the window
 * has the preload bridge, so the installed IPC transport answers as the local owner and the
 * address carries no token. Opened standalone (the engine's headless printer, or a browser tab
 * opened from the web build) it reads the API with plain fetch and the token from its own
 * address; the printer's token is made for one print and revoked after it.
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

/** The installed transport, when this window has one that needs no token (the desktop app). */
function insideApp(): boolean {
  try {
    return currentTransport().kind === 'ipc';
  } catch {
    return false; // no transport installed
  }
}

/** The project settings carry name, brand, site and the language the report is written in. */
export async function loadPrintData(projectId: number, reportId: number, token: string) {
  if (insideApp() || !token) {
    const params = { project: projectId };
    const [settings, report] = await Promise.all([
      api.request('GET /api/projects/{project}/settings', { params }),
      api.request('GET /api/projects/{project}/reports/{report}', {
        params: { ...params, report: reportId },
      }),
    ]);
    const { id, name, brand, domain, language } = settings.data;
    return { project: { id, name, brand, domain, language }, report: report.data };
  }
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
