import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mcpClientConfig } from '../../../src-main/mcp/client-config';
import { createBridge } from '../../../src-main/electron/bridge-core';
import { mountMcpConfigRoute } from '../../../src-main/electron/mcp-config';
import { APP_SHELL_MCP_PATH } from '../../../src-shared/ipc';

const repo = resolve(import.meta.dirname, '../../..');

describe('the MCP snippet of the desktop settings', () => {
  it('from a checkout: npm run -s mcp in it, and that command really serves MCP over the data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'answerscope-mcp-snippet-'));
    try {
      const config = mcpClientConfig({
        packaged: false,
        execPath: '/opt/electron/electron',
        appRoot: repo,
        dataDir,
        nativeBinding: '/x/better_sqlite3.node',
      });
      expect(JSON.parse(config.snippet)).toEqual({
        mcpServers: { answerscope: { command: 'npm', args: config.args } },
      });
      expect(config.args).toEqual(['--prefix', repo, 'run', '-s', 'mcp', '--', '--data-dir', dataDir]);

      // What Claude Desktop would do with it: npm's banner must not reach the protocol channel.
      const client = new Client({ name: 'snippet-test', version: '1' });
      const errors: Error[] = [];
      client.onerror = (e) => errors.push(e);
      await client.connect(
        new StdioClientTransport({ command: config.command, args: config.args, stderr: 'pipe' }),
      );
      try {
        const { tools } = await client.listTools();
        expect(tools).toHaveLength(8);
        const projects = await client.callTool({ name: 'list_projects', arguments: {} });
        expect(projects.structuredContent).toEqual({ projects: [] });
        expect(errors).toEqual([]);
      } finally {
        await client.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('installed: the app executable as Node on the bundled server, with its build of SQLite', () => {
    const config = mcpClientConfig({
      packaged: true,
      execPath: '/Applications/AnswerScope.app/Contents/MacOS/AnswerScope',
      appRoot: '/Applications/AnswerScope.app/Contents/Resources/app.asar',
      dataDir: '/Users/a/Library/Application Support/AnswerScope/data',
      nativeBinding: '/Applications/AnswerScope.app/Contents/Resources/native/better_sqlite3.node',
    });
    expect(JSON.parse(config.snippet).mcpServers.answerscope).toEqual({
      command: '/Applications/AnswerScope.app/Contents/MacOS/AnswerScope',
      args: [
        join('/Applications/AnswerScope.app/Contents/Resources/app.asar', 'out', 'main', 'mcp.js'),
        '--data-dir',
        '/Users/a/Library/Application Support/AnswerScope/data',
        '--native-binding',
        '/Applications/AnswerScope.app/Contents/Resources/native/better_sqlite3.node',
      ],
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
  });

  it('reaches the renderer through the bridge as GET /app-shell/mcp, answered by main', async () => {
    const config = mcpClientConfig({
      packaged: false,
      execPath: 'x',
      appRoot: '/app',
      dataDir: '/d',
      nativeBinding: null,
    });
    const bridge = createBridge({
      engine: {
        handle: async () => new Response('engine must not be asked', { status: 500 }),
        localOwnerId: 1,
      },
      // Even with a remote server chosen, the snippet is this computer's.
      getRemote: () => ({ baseUrl: 'https://team.example', token: 't' }),
      fetch: async () => new Response('remote must not be asked', { status: 500 }),
    });
    mountMcpConfigRoute(bridge, config);
    const got = await bridge.handleWire({ method: 'GET', path: APP_SHELL_MCP_PATH });
    expect(got.status).toBe(200);
    expect(JSON.parse(got.body)).toEqual({ data: config });
    expect((await bridge.handleWire({ method: 'PUT', path: APP_SHELL_MCP_PATH, body: '{}' })).status).toBe(
      405,
    );
  });
});
