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
  language?: string;
}

async function getJson<T>(path: string, token: string): Promise<T> {
  const response = await fetch(path, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body?.message ?? `HTTP ${response.status}`);
  return body as T;
}

export async function loadPrintData(projectId: number, reportId: number, token: string) {
  const [project, report] = await Promise.all([
    getJson<{ data: PrintProject }>(`/api/projects/${projectId}`, token),
    getJson<{ data: Report }>(`/api/projects/${projectId}/reports/${reportId}`, token),
  ]);
  return { project: project.data, report: report.data };
}
