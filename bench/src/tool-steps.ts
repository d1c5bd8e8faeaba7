// Tools: server time per tool step (calculator) and 100 concurrent plugin chats whose tool takes 1 s.
// In-process (the app built from source with a 1 s tool added to the manifest), so the bench client shares
// the server's event loop: the step times are upper bounds.
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createParser } from 'eventsource-parser';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadAppConfig } from '../../server/src/config/app-config';
import { openDatabase } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { calculator } from '../../server/src/tools/manifest/calculator';
import type { ManifestEntry } from '../../server/src/tools/manifest/manifest-entry';
import { benchEnv, BENCH_MODEL, registerUser } from './bench-server';
import { loadAverage } from './proc-readings';
import type { Figure, Section } from './report';
import { ms, percentile } from './stats';

const STEP_CHATS = 200;
const CONCURRENT = 100;

const oneSecondTool: ManifestEntry = {
  pluginKey: 'one_second',
  name: 'One second',
  description: 'Answers after 1 s.',
  icon: '/assets/tools/one_second.svg',
  authConfig: [],
  create: () => ({
    name: 'one_second',
    description: 'Waits one second.',
    parameters: { type: 'object', properties: {} },
    async run(_args, ctx) {
      await sleep(1_000, undefined, { signal: ctx.signal });
      return { output: 'waited' };
    },
  }),
};

interface ChatResult {
  ok: boolean;
  /** From the tool part's first appearance (the model's tool call complete) to the next step's first text. */
  stepMs: number;
}

async function pluginChat(
  url: string,
  headers: Record<string, string>,
  tool: string,
  text: string,
): Promise<ChatResult> {
  const response = await fetch(`${url}/api/ask/gptPlugins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      endpoint: 'gptPlugins',
      model: BENCH_MODEL,
      conversationId: null,
      text,
      tools: [tool],
    }),
  });
  if (response.status !== 200 || !response.body) return { ok: false, stepMs: Number.NaN };
  let toolSeen: number | undefined;
  let nextText: number | undefined;
  let final: { responseMessage?: { error?: boolean; unfinished?: boolean } } | undefined;
  const parser = createParser({
    onEvent: (message) => {
      const data = JSON.parse(message.data) as { type: string; index?: number };
      if (data.type === 'content' && toolSeen === undefined) toolSeen = performance.now();
      if (data.type === 'text' && toolSeen !== undefined && nextText === undefined)
        nextText = performance.now();
      if (data.type === 'final') final = data as typeof final;
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of response.body) parser.feed(decoder.decode(chunk, { stream: true }));
  const ok = final?.responseMessage?.error === false && final.responseMessage.unfinished === false;
  return { ok, stepMs: (nextText ?? Number.NaN) - (toolSeen ?? Number.NaN) };
}

const script = (fake: FakeOpenAI, tool: string, args: string, n: number) =>
  fake.script({
    replies: Array.from({ length: n }, (_, i) => [
      { toolCalls: [{ id: `call_${i}`, name: tool, arguments: args }] },
      { text: 'The answer is 42.', chunkSize: 20 },
    ]).flat(),
  });

export async function benchToolSteps(): Promise<Section> {
  const fake = await startFakeOpenAI();
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-bench-tools-'));
  const database = await openDatabase({});
  await migrateDatabase(database);
  const config = loadAppConfig({ ...benchEnv(fake), DATA_DIR: dataDir }, dataDir);
  const app = await buildApp({ config, database, toolManifest: [calculator, oneSecondTool] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const figures: Figure[] = [];
  const loadBefore = loadAverage();
  try {
    const user = await registerUser(url);
    for (const pluginKey of ['calculator', 'one_second']) {
      await app.inject({
        method: 'POST',
        url: '/api/user/plugins',
        headers: user.headers,
        payload: { pluginKey, action: 'install' },
      });
    }
    // One at a time (replies are taken in order): warm-up, then the measured chats.
    script(fake, 'calculator', '{"input":"6 * 7"}', STEP_CHATS + 20);
    const steps: number[] = [];
    const serverSteps: number[] = [];
    for (let i = 0; i < STEP_CHATS + 20; i += 1) {
      const logged = fake.requests.length;
      const result = await pluginChat(url, user.headers, 'calculator', 'What is 6 times 7?');
      if (!result.ok) throw new Error('a calculator chat failed');
      // At the fake: the tool-call answer's end → the next step's request arriving (same clock, loopback).
      const [call, next] = fake.requests.slice(logged).filter((r) => r.path.endsWith('/chat/completions'));
      if (i >= 20) {
        steps.push(result.stepMs);
        serverSteps.push((next?.receivedAt ?? Number.NaN) - (call?.answeredAt ?? Number.NaN));
      }
    }
    figures.push({
      name: `server time per tool step, calculator (model's tool call complete → next provider request, at the fake, ${STEP_CHATS} chats) p50`,
      value: `${ms(percentile(serverSteps, 50))} (p90 ${ms(percentile(serverSteps, 90))})`,
      target: '< 2 ms',
    });
    figures.push({
      name: `tool step as the client sees it (tool part shown → next step's first text, ${STEP_CHATS} chats) p50`,
      value: `${ms(percentile(steps, 50))} (p90 ${ms(percentile(steps, 90))})`,
      target: '—',
    });

    script(fake, 'one_second', '{}', CONCURRENT);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: CONCURRENT }, () => pluginChat(url, user.headers, 'one_second', 'Wait a second.')),
    );
    const failed = results.filter((result) => !result.ok).length;
    figures.push({
      name: `${CONCURRENT} concurrent plugin chats whose tool takes 1 s: completed without error`,
      value: `${CONCURRENT - failed}/${CONCURRENT} in ${ms(performance.now() - started)}`,
      target: `${CONCURRENT}/${CONCURRENT}`,
    });
  } finally {
    await app.close();
    await database.close();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const figure of figures) console.log(`  ${figure.name}: ${figure.value}`);
  return {
    title: 'Tools (PGlite, in-process, fake OpenAI on loopback)',
    figures,
    note:
      'The app is built from source in the bench process with the calculator and a tool that answers after 1 s; ' +
      'the fake scripts "call the tool, then answer". The server time is taken at the fake (same process, same ' +
      "clock): from the end of its answer carrying the tool call to the arrival of the next step's request, so it " +
      'holds the tool-call parsing, argument check, the calculation (in its worker), the tool part events and ' +
      'building and sending the next request. The client-observed step adds the fake answering and SSE ' +
      'delivery to a client on the same event loop. ' +
      `1-minute load average ${loadBefore} before the section (2 cores shared with other test runs).`,
  };
}
