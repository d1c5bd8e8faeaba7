// The code interpreter in an assistant run, with the real sandbox (bubblewrap): the assistant's knowledge file is in
// /mnt/data, what the code prints comes back as logs, a text file it writes is the user's download and an image
// it writes an `image_file` part; an exception is a traceback the model reads. Two sandbox runs in all (each
// loads a fresh interpreter, slow on a busy machine).
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import type { ContentPart, ToolCall } from '@parley/shared/schemas/message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUser, EventReader, type ChatServer } from '../../test/chat-harness';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../db/client';
import {
  addKnowledgeFile,
  assistantChat,
  createAssistant,
  startAssistantsServer,
} from './test-assistant-chat';

const CODE = [
  'import struct, zlib',
  "rows = open('/mnt/data/pets.csv').read().splitlines()",
  "print('rows:', len(rows))",
  "open('summary.txt', 'w').write('total %d' % (len(rows) - 1))",
  'def chunk(kind, data):',
  '    body = kind + data',
  "    return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xffffffff)",
  "ihdr = struct.pack('>IIBBBBB', 2, 1, 8, 2, 0, 0, 0)",
  "pixels = zlib.compress(b'\\x00\\xff\\x00\\x00\\x00\\x00\\xff')",
  "png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', pixels) + chunk(b'IEND', b'')",
  "open('/mnt/data/dot.png', 'wb').write(png)",
  '6 * 7',
].join('\n');

let fake: FakeOpenAI;
let database: Database;
let server: ChatServer;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  database = await createTestDatabase('pglite');
  server = await startAssistantsServer(database, fake);
}, 120_000);
afterAll(async () => {
  await server.close();
  await database.close();
  await fake.close();
});

describe('code interpreter in an assistant run', () => {
  it(
    'runs Python on the knowledge file; logs, a downloadable file and an image come back',
    { timeout: 300_000 },
    async () => {
      const user = await chatUser(server);
      const stranger = await chatUser(server);
      const assistant = await createAssistant(server, user, {
        name: 'Analyst',
        tools: [{ type: 'code_interpreter' }],
      });
      await addKnowledgeFile(server, user, assistant.id, {
        filename: 'pets.csv',
        type: 'text/csv',
        data: 'name,kind\nrex,dog\ntom,cat\n',
      });

      fake.script({
        replies: [
          {
            toolCalls: [{ id: 'ci_1', name: 'code_interpreter', arguments: JSON.stringify({ code: CODE }) }],
          },
          { toolCalls: [{ id: 'ci_2', name: 'code_interpreter', arguments: '{"code":"1 / 0"}' }] },
          { text: 'There are 2 pets; see summary.txt.' },
        ],
      });
      const response = await assistantChat(server, user, {
        text: 'Count the pets',
        assistant_id: assistant.id,
      });
      expect(response.status).toBe(200);
      const reader = new EventReader(response);
      await reader.done;
      expect(reader.types().at(-1)).toBe('final');
      expect(reader.text()).toBe('There are 2 pets; see summary.txt.');

      // The tool offered: one function `code_interpreter({code})` naming the files in /mnt/data.
      type Offered = { tools?: Array<{ function: { name: string; description: string } }> };
      const completions = fake.requests
        .map((request) => request.body as Offered)
        .filter((body) => body.tools);
      const first = completions[0] ?? { tools: [] };
      expect(first.tools?.map((tool) => tool.function.name)).toEqual(['code_interpreter']);
      expect(first.tools?.[0]?.function.description).toContain('pets.csv');

      const saved = reader.final().responseMessage.content ?? [];
      const calls = saved.flatMap((part: ContentPart): ToolCall[] =>
        part.type === 'tool_call' ? [part.tool_call] : [],
      );
      expect(calls).toHaveLength(2);
      const [ran, raised] = calls;
      expect(ran).toMatchObject({
        id: 'ci_1',
        type: 'code_interpreter',
        name: 'code_interpreter',
        input: CODE,
        progress: 1,
        output: null,
      });
      expect(ran?.outputs?.[0]).toEqual({ type: 'logs', logs: 'rows: 3\n42' });
      expect(ran?.outputs?.[1]).toMatchObject({
        type: 'file',
        file: { filename: 'summary.txt', type: 'text/plain', bytes: 7 },
      });
      const file = ran?.outputs?.[1]?.file as { file_id: string; filepath: string };
      expect(file.filepath).toMatch(new RegExp(`^/api/files/content/${file.file_id}\\?exp=\\d+&sig=`));

      // The image is an image_file part right after its call (shown inline), not a download entry.
      const callIndex = saved.findIndex((part) => part.type === 'tool_call' && part.tool_call.id === 'ci_1');
      expect(saved[callIndex + 1]).toMatchObject({ type: 'image_file', image_file: { width: 2, height: 1 } });
      // The streamed parts are the saved ones.
      const streamed = reader.events.flatMap((e) => (e.data.type === 'content' ? [e.data.part] : []));
      expect(streamed).toContainEqual(saved[callIndex + 1]);

      // An exception is output the model reads (a finished part with the traceback), not a failure.
      expect(raised).toMatchObject({ id: 'ci_2', type: 'code_interpreter', progress: 1 });
      expect(JSON.stringify(raised?.outputs)).toContain('ZeroDivisionError');
      const toolResults = JSON.stringify(fake.requests.map((request) => request.body));
      expect(toolResults).toContain('rows: 3');
      expect(toolResults).toContain('summary.txt (given to the user as a download)');
      expect(toolResults).toContain('ZeroDivisionError');

      // The written file is the user's (context assistants_output), downloadable by them only.
      const list = await server.app.inject({ url: '/api/files', headers: user.headers });
      const outputs = list
        .json<Array<{ file_id: string; filename: string; context: string }>>()
        .filter((entry) => entry.context === 'assistants_output')
        .map((entry) => entry.filename)
        .sort();
      expect(outputs).toEqual(['dot.png', 'summary.txt']);
      const download = await server.app.inject({
        url: `/api/files/download/${user.user.id}/${file.file_id}`,
        headers: user.headers,
      });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('total 2');
      expect(download.headers['content-disposition']).toContain('summary.txt');
      const linked = await server.app.inject({ url: file.filepath });
      expect(linked.statusCode).toBe(200);
      for (const owner of [user.user.id, stranger.user.id]) {
        const refused = await server.app.inject({
          url: `/api/files/download/${owner}/${file.file_id}`,
          headers: stranger.headers,
        });
        expect(refused.statusCode).toBe(404);
      }
    },
  );
});
