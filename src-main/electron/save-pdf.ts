import { APP_SHELL_SAVE_PDF_PATH } from '../../src-shared/ipc';
import { jsonResponse, toWireResponse, type Bridge } from './bridge-core';

/**
 * `POST /app-shell/save-pdf {project_id, report_id}`: "Save PDF…" on the desktop. The main
 * process asks the API (local or remote, like any request) for the report's PDF, lets the user
 * choose where to save it, and writes it there; the renderer never handles the bytes.
 *
 * Answers `{data: {saved: true, path}}`, `{data: {saved: false, path: null}}` when the user
 * cancels, 409 `{message, status: 'in_progress'}` while the PDF is being built (ask again in
 * 15–30 s), 502 `{message, print_error}` when the print failed (asking again prints anew), and
 * the API's own error otherwise (400 report not done, 404 unknown report).
 */
export interface SavePdfHost {
  /** The OS save dialog; null when the user cancels. */
  choosePath(defaultName: string): Promise<string | null>;
  writeFile(path: string, bytes: Uint8Array): Promise<void>;
}

const positiveInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;

export function mountSavePdfRoute(bridge: Bridge, host: SavePdfHost, getRemoteBase: () => string | null) {
  bridge.route(APP_SHELL_SAVE_PDF_PATH, async (request) => {
    if (request.method !== 'POST') return jsonResponse(405, { message: 'Use POST.' });
    let input: { project_id?: unknown; report_id?: unknown };
    try {
      input = JSON.parse(request.body ?? '');
    } catch {
      return jsonResponse(400, { message: 'The body must be JSON.' });
    }
    const errors: Record<string, string[]> = {};
    if (!positiveInt(input?.project_id)) errors.project_id = ['The project id must be a positive integer.'];
    if (!positiveInt(input?.report_id)) errors.report_id = ['The report id must be a positive integer.'];
    if (Object.keys(errors).length) {
      return jsonResponse(422, { message: Object.values(errors)[0][0], errors });
    }

    const download = await bridge.send({
      method: 'GET',
      path: `/api/projects/${input.project_id}/reports/${input.report_id}/download`,
      headers: { accept: 'application/json' },
    });
    if (download.status !== 200) return toWireResponse(download);
    const body = (await download.json().catch(() => null)) as {
      status?: string;
      file?: string;
      message?: string;
      print_error?: string;
    } | null;
    // The print failed: say why (the renderer shows it with Retry, which asks again and prints anew).
    if (body?.print_error) {
      return jsonResponse(502, { message: body.print_error, print_error: body.print_error });
    }
    if (body?.status !== 'success' || typeof body.file !== 'string') {
      return jsonResponse(409, {
        message: body?.message ?? 'The PDF is still being built; try again in a moment.',
        status: 'in_progress',
      });
    }

    const path = filePath(body.file, getRemoteBase());
    if (!path) return jsonResponse(502, { message: 'The server gave a PDF address outside its API.' });
    const pdf = await bridge.send({ method: 'GET', path, headers: { accept: 'application/pdf' } });
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    if (pdf.status !== 200 || new TextDecoder().decode(bytes.subarray(0, 5)) !== '%PDF-') {
      return jsonResponse(502, { message: `The PDF could not be downloaded (HTTP ${pdf.status}).` });
    }

    const chosen = await host.choosePath(`AnswerScope report ${input.report_id}.pdf`);
    if (!chosen) return jsonResponse(200, { data: { saved: false, path: null } });
    await host.writeFile(chosen, bytes);
    return jsonResponse(200, { data: { saved: true, path: chosen } });
  });
}

/** The API path (with query) of a `file` link, relative to the server that gave it. */
export function filePath(file: string, remoteBase: string | null): string | null {
  let url: URL;
  try {
    url = new URL(file, 'app://answerscope');
  } catch {
    return null;
  }
  let pathname = url.pathname;
  const prefix = remoteBase ? new URL(remoteBase).pathname.replace(/\/+$/, '') : '';
  if (prefix && pathname.startsWith(`${prefix}/`)) pathname = pathname.slice(prefix.length);
  return pathname.startsWith('/api/') ? `${pathname}${url.search}` : null;
}
