import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeMcpHttp, type FakeMcpHttp } from '@parley/fakes/mcp-server';
import { fakeMcpStdioCommand } from '@parley/fakes/mcp-stdio-command';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import type { ToolCall } from '@parley/shared/schemas/message';
import { afterAll, beforeAll, beforeEach, expect, it, describe } from 'vitest';
import type { Database } from '../db/client';
import {
  askToEnd,
  chatEnv,
  chatUser,
  completionBodies,
  startChatServer,
  type ChatServer,
} from '../../test/chat-harness';
import { createTestPglite } from '../../test/test-database';
import { tempDir } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';

let fake: FakeOpenAI;
let http: FakeMcpHttp;
let database: Database;
let server: ChatServer;
let user: TestUser;

function mcpYaml(): string {
  const { command, args } = fakeMcpStdioCommand();
  return [
    'version: 1.0.8',
    'mcpServers:',
    '  local:',
    `    command: ${JSON.stringify(command)}`,
    `    args: ${JSON.stringify(args)}`,
    // Starting Node with tsx's loader takes seconds on a loaded machine; the start is not what is tested.
    '    initTimeout: 60000',
    '  remote:',
    '    type: streamable-http',
    `    url: ${http.url}/mcp`,
    '  gone:',
    '    type: streamable-http',
    '    url: http://127.0.0.1:9/mcp',
    '',
  ].join('\n');
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  http = await startFakeMcpHttp();
  database = await createTestPglite();
  const dir = tempDir();
  writeFileSync(join(dir, 'librechat.yaml'), mcpYaml());
  server = await startChatServer(database, chatEnv(fake, { CONFIG_PATH: join(dir, 'librechat.yaml') }));
}, 60_000);
afterAll(async () => {
  await server.close();
  await database.close();
  await http.close();
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  user = await chatUser(server);
});

const install = async (pluginKey: string) => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/user/plugins',
    headers: user.headers,
    payload: { pluginKey, action: 'install' },
  });
  expect(response.statusCode, response.body).toBe(200);
};

const askPlugins = (text: string, tools: string[]) =>
  askToEnd(
    server,
    user,
    { endpoint: 'gptPlugins', model: 'gpt-4o-mini', text, tools },
    {
      path: '/api/ask/gptPlugins',
    },
  );

const toolCallsOf = (content: unknown[] | undefined): ToolCall[] =>
  ((content ?? []) as Array<{ type: string; tool_call?: ToolCall }>).flatMap((part) =>
    part.type === 'tool_call' && part.tool_call ? [part.tool_call] : [],
  );

describe('MCP tools in plugins chats', () => {
  it('lists the tools of the servers that answer among the plugins; a server that is down is left out', async () => {
    const response = await server.app.inject({ url: '/api/plugins', headers: user.headers });
    expect(response.statusCode).toBe(200);
    const plugins = response.json<Array<{ pluginKey: string; name: string; authenticated?: boolean }>>();
    const keys = plugins.map((plugin) => plugin.pluginKey);
    expect(keys).toEqual(
      expect.arrayContaining(['add_mcp_local', 'forecast_mcp_local', 'forecast_mcp_remote']),
    );
    expect(keys.filter((key) => key.endsWith('_mcp_gone'))).toEqual([]);
    expect(plugins.find((plugin) => plugin.pluginKey === 'forecast_mcp_remote')).toMatchObject({
      name: 'forecast (remote)',
      icon: '/assets/tools/mcp.svg',
      authConfig: [],
      authenticated: true,
    });
  }, 60_000);

  it('answers with an HTTP tool while a stdio server crashes mid-call: a failed part, and the reply ends', async () => {
    await install('forecast_mcp_remote');
    await install('crash_mcp_local');
    fake.script({
      replies: [
        {
          toolCalls: [
            { id: 'w', name: 'forecast_mcp_remote', arguments: '{"city":"Paris"}' },
            { id: 'x', name: 'crash_mcp_local', arguments: '{}' },
          ],
        },
        { text: 'Sunny in Paris tomorrow.' },
      ],
    });
    const reader = await askPlugins('Weather in Paris?', ['forecast_mcp_remote', 'crash_mcp_local']);
    const final = reader.final().responseMessage;
    expect(final).toMatchObject({ text: 'Sunny in Paris tomorrow.', error: false });
    const calls = toolCallsOf(final.content);
    expect(calls.map((call) => [call.id, call.progress])).toEqual([
      ['w', 1],
      ['x', 2],
    ]);
    expect(calls[0]?.output).toBe('Paris: sunny, 21 °C, light wind from the west.');
    expect(calls[1]?.output).toBe(
      'Error processing tool crash_mcp_local: The MCP server "local" stopped during the call (its connection closed).',
    );
    const second = completionBodies(fake)[1];
    expect(JSON.stringify(second?.messages)).toContain('stopped during the call');
  }, 60_000);

  it('the classic agent uses a tool through the ReAct text format and answers with its final answer only', async () => {
    await install('forecast_mcp_remote');
    fake.script({
      replies: [
        {
          text: 'Thought: I need the forecast.\nAction: forecast_mcp_remote\nAction Input: {"city": "Oslo"}',
          chunkSize: 7,
        },
        {
          text: 'Thought: I now know the final answer\nFinal Answer: Expect snow in Oslo (-3 °C).',
          chunkSize: 7,
        },
      ],
    });
    const reader = await askToEnd(
      server,
      user,
      {
        endpoint: 'gptPlugins',
        model: 'gpt-4o-mini',
        text: 'Weather in Oslo?',
        tools: ['forecast_mcp_remote'],
        agentOptions: { agent: 'classic' },
      },
      { path: '/api/ask/gptPlugins' },
    );
    const final = reader.final().responseMessage;
    expect(final).toMatchObject({ text: 'Expect snow in Oslo (-3 °C).', error: false });
    expect(toolCallsOf(final.content)).toEqual([
      expect.objectContaining({
        name: 'forecast_mcp_remote',
        arguments: '{"city": "Oslo"}',
        output: 'Oslo: snow showers, -3 °C.',
        progress: 1,
      }),
    ]);
    const streamed = reader.events.flatMap((e) => (e.data.type === 'text' ? [e.data.text] : [])).join('');
    expect(streamed).toBe('Expect snow in Oslo (-3 °C).');
    const [first, second] = completionBodies(fake);
    expect(first?.tools).toBeUndefined();
    expect(first?.stop).toEqual(['\nObservation:']);
    expect(JSON.stringify(first?.messages)).toContain('Action Input: its input as one JSON object');
    expect(JSON.stringify(second?.messages)).toContain('Observation: Oslo: snow showers, -3 °C.');
  }, 60_000);

  it('ends the stdio child when the server closes', async () => {
    await install('pid_mcp_local');
    // The crash of the test before may still be waiting its reconnect.
    let pid = Number.NaN;
    for (let attempt = 0; attempt < 40 && Number.isNaN(pid); attempt++) {
      fake.reset();
      fake.script({
        replies: [{ toolCalls: [{ id: 'p', name: 'pid_mcp_local', arguments: '{}' }] }, { text: 'ok' }],
      });
      const reader = await askPlugins('pid?', ['pid_mcp_local']);
      const [call] = toolCallsOf(reader.final().responseMessage.content);
      pid = call?.progress === 1 ? Number(call.output) : Number.NaN;
      if (Number.isNaN(pid)) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(Number.isInteger(pid)).toBe(true);
    expect(() => process.kill(pid, 0)).not.toThrow();
    await server.close();
    await expect
      .poll(
        () => {
          try {
            return process.kill(pid, 0);
          } catch {
            return false;
          }
        },
        { message: 'the stdio child has ended' },
      )
      .toBe(false);
    server = { ...server, close: () => Promise.resolve() };
  }, 90_000);
});
