import { writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseArgs, dataDirFrom, databaseUrlFrom } from './args';
import { openEngineBesideHost } from './open-engine';
import { engineApi } from '../mcp/api';
import { createMcpServer } from '../mcp/mcp-server';
import { reportPdfFile } from '../engine/reports/report-print.job';
import { printedPdf } from '../engine/reports/report-pdf-store';
import { ensurePrivateDir, PRIVATE_FILE } from '../engine/private-files';

/**
 * `npm run -s mcp -- --data-dir DIR`: AnswerScope as an MCP server over stdio, for an assistant
 * on this computer (Claude Desktop, Cursor…). It acts as the local owner, like the desktop's IPC
 * bridge, and opens the data folder beside the desktop app or `serve` without running jobs:
 * runs and reports it queues are done by that host (docs/mcp.md).
 *
 * stdout is the protocol channel: everything else goes to stderr.
 */
async function main() {
  console.log = console.error;
  console.info = console.error;
  const args = parseArgs(process.argv.slice(2));
  const dataDir = dataDirFrom(args);
  // The installed desktop app runs this file with its own executable as Node: it passes its
  // Electron build of better-sqlite3 (mcp/client-config.ts).
  const nativeBinding = typeof args['native-binding'] === 'string' ? args['native-binding'] : undefined;
  const engine = await openEngineBesideHost(dataDir, { nativeBinding, databaseUrl: databaseUrlFrom(args) });
  const api = engineApi(engine, { asUser: engine.localOwnerId });
  const server = createMcpServer(api, {
    jobsNote:
      'It runs while the AnswerScope desktop app or `npm run serve` is open over the same data folder.',
    // The PDF is in the database: written out to the data folder for the assistant to open.
    pdfPath: async (reportId) => {
      const pdf = await printedPdf(engine.ctx.db, reportId);
      if (!pdf) return null;
      const file = reportPdfFile(dataDir, reportId);
      ensurePrivateDir(dirname(file));
      writeFileSync(file, pdf, { mode: PRIVATE_FILE });
      return file;
    },
  });
  const transport = new StdioServerTransport();

  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => undefined);
    await engine.close();
    process.exit(0);
  };
  // The client ends the session by closing our stdin (or with a signal).
  transport.onclose = () => void stop();
  process.stdin.on('end', () => void stop());
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  await server.connect(transport);
  console.error(`AnswerScope MCP server on stdio, data folder ${dataDir}`);
}

main().catch((error) => {
  console.error(`AnswerScope MCP server could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
