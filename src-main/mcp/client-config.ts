import { join } from 'node:path';
import type { McpClientConfig } from '../../src-shared/ipc';

export interface McpLaunchInput {
  /** The desktop app runs from an installer (else from a checkout, `npm start`). */
  packaged: boolean;
  /** The app's executable (`process.execPath`). */
  execPath: string;
  /** `app.getAppPath()`: the checkout, or the packaged app's resources/app.asar. */
  appRoot: string;
  dataDir: string;
  /** The Electron build of better-sqlite3 (main.ts resolves it). */
  nativeBinding: string | null;
}

/**
 * How an assistant starts the stdio MCP server over the desktop app's data (the snippet the app
 * settings show). From a checkout: `npm run -s mcp` in it, under Node, as the README says
 * (`-s`: npm's banner would land on the protocol channel). Installed: the app's own executable
 * run as Node (ELECTRON_RUN_AS_NODE) on the bundled `out/main/mcp.js`, with the Electron build
 * of better-sqlite3, since an installed app has no npm, tsx or Node build of the addon.
 */
export function mcpClientConfig(input: McpLaunchInput): McpClientConfig {
  const dataArgs = ['--data-dir', input.dataDir];
  const launch = input.packaged
    ? {
        command: input.execPath,
        args: [
          join(input.appRoot, 'out', 'main', 'mcp.js'),
          ...dataArgs,
          ...(input.nativeBinding ? ['--native-binding', input.nativeBinding] : []),
        ],
        env: { ELECTRON_RUN_AS_NODE: '1' } as Record<string, string>,
      }
    : { command: 'npm', args: ['--prefix', input.appRoot, 'run', '-s', 'mcp', '--', ...dataArgs], env: null };
  const server = { command: launch.command, args: launch.args, ...(launch.env ? { env: launch.env } : {}) };
  return {
    data_dir: input.dataDir,
    ...launch,
    snippet: JSON.stringify({ mcpServers: { answerscope: server } }, null, 2),
  };
}
