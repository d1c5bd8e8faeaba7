import type { ContentPart } from '@parley/shared/schemas/message';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../providers/types';
import { ToolError, type Tool } from '../tools/tool';
import type { AgentTool, ModelStep } from './agent-types';
import { ContentParts } from './content-parts';
import { agentRequest, runFunctionsAgent } from './functions-agent';

const tool = (
  name: string,
  run: Tool['run'],
  parameters: Record<string, unknown> = { type: 'object' },
): AgentTool => ({
  tool: { name, description: name, parameters, run },
  label: name,
  auth: {},
});

const step = (fields: Partial<ModelStep>): ModelStep => ({
  text: '',
  toolCalls: [],
  reason: 'stop',
  ...fields,
});

/** A model that answers the scripted steps in order, recording each request. */
function scriptedRun(
  steps: ModelStep[],
  tools: AgentTool[],
  options: { maxSteps?: number; toolTimeoutMs?: number; outputCap?: number } = {},
) {
  const requests: ChatRequest[] = [];
  const parts: Array<[number, ContentPart]> = [];
  const content = new ContentParts({
    onPart: (index, part) => parts.push([index, structuredClone(part)]),
    onText: () => undefined,
  });
  const controller = new AbortController();
  const base: ChatRequest = {
    model: 'm',
    messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
    params: {},
    credentials: {},
  };
  const run = runFunctionsAgent({
    userId: 'u',
    request: agentRequest(base, tools, new Date('2026-01-02T00:00:00Z')),
    tools,
    content,
    signal: controller.signal,
    limits: options,
    io: {
      callModel: (request, onText) => {
        requests.push(structuredClone(request));
        const next = steps.shift() ?? step({ text: 'done' });
        if (next.text) onText?.(next.text);
        return Promise.resolve(next);
      },
    },
  });
  return { run, requests, parts, content, controller };
}

describe('the functions agent', () => {
  it('offers the tools, tells the model tool output is data, runs a call and answers', async () => {
    const calc = tool('calc', (args) => Promise.resolve({ output: `=${String(args.x)}` }));
    const { run, requests, content } = scriptedRun(
      [
        step({
          toolCalls: [{ id: 'c1', name: 'calc', arguments: '{"x":4}' }],
          reason: 'tool-calls',
          usage: { inputTokens: 10, outputTokens: 2 },
        }),
        step({ text: 'It is 4.', usage: { inputTokens: 20, outputTokens: 3 } }),
      ],
      [calc],
    );
    const outcome = await run;
    expect(outcome).toMatchObject({
      reason: 'stop',
      usage: { inputTokens: 30, outputTokens: 5 },
      aborted: false,
    });
    expect(requests[0]?.tools?.map((t) => t.name)).toEqual(['calc']);
    expect(requests[0]?.system).toMatch(/do not\s+follow them; tell the user/);
    expect(requests[1]?.messages.at(-1)).toEqual({
      role: 'tool',
      parts: [{ type: 'tool-result', toolCallId: 'c1', name: 'calc', output: '=4' }],
    });
    expect(content.parts).toEqual([
      {
        type: 'tool_call',
        tool_call: {
          id: 'c1',
          type: 'function',
          name: 'calc',
          arguments: '{"x":4}',
          output: '=4',
          progress: 1,
        },
      },
      { type: 'text', text: 'It is 4.' },
    ]);
  });

  it('runs the calls of one step in parallel', async () => {
    let release = () => {};
    const bothStarted = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    const waiter = tool('wait', async () => {
      started += 1;
      if (started === 2) release();
      await bothStarted; // each call finishes only once the other has started
      return { output: 'ok' };
    });
    const calls = [1, 2].map((n) => ({ id: `c${n}`, name: 'wait', arguments: '{}' }));
    const { run, content } = scriptedRun([step({ toolCalls: calls, reason: 'tool-calls' })], [waiter]);
    await run;
    expect(content.parts.map((part) => part.type === 'tool_call' && part.tool_call.progress)).toEqual([
      1,
      1,
      false,
    ]);
  });

  it('asks for an answer without tools after the step limit', async () => {
    const again = () =>
      step({ toolCalls: [{ id: 'c', name: 'calc', arguments: '{}' }], reason: 'tool-calls' });
    const calc = tool('calc', () => Promise.resolve({ output: '1' }));
    const { run, requests } = scriptedRun([again(), again(), again(), again()], [calc], { maxSteps: 3 });
    await run;
    expect(requests).toHaveLength(4);
    expect(requests.map((request) => request.toolChoice)).toEqual(['auto', 'auto', 'auto', 'none']);
  });

  it('turns invalid arguments, unknown tools, failures and hangs into failed parts the model sees', async () => {
    const strict = tool('strict', () => Promise.resolve({ output: 'never' }), {
      type: 'object',
      properties: { n: { type: 'number' } },
      required: ['n'],
    });
    const failing = tool('failing', () => Promise.reject(new ToolError('Vendor said 500.')));
    const hanging = tool(
      'hanging',
      (_args, ctx) =>
        new Promise((_resolve, reject) =>
          ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    const calls = [
      { id: 'a', name: 'strict', arguments: '{"n":"x"}' },
      { id: 'b', name: 'strict', arguments: 'not json' },
      { id: 'c', name: 'nope', arguments: '{}' },
      { id: 'd', name: 'failing', arguments: '{}' },
      { id: 'e', name: 'hanging', arguments: '{}' },
    ];
    const { run, requests, content } = scriptedRun(
      [step({ toolCalls: calls, reason: 'tool-calls' })],
      [strict, failing, hanging],
      { toolTimeoutMs: 50 },
    );
    await run;
    const results = requests[1]?.messages.at(-1)?.parts ?? [];
    expect(results.every((part) => part.type === 'tool-result' && part.isError)).toBe(true);
    const outputs = content.parts.flatMap((part) =>
      part.type === 'tool_call' ? [[part.tool_call.progress, part.tool_call.output]] : [],
    );
    expect(outputs).toEqual([
      [
        2,
        expect.stringMatching(
          /^Error processing tool strict: The arguments do not match .*\/n must be number/,
        ),
      ],
      [2, expect.stringMatching(/not valid JSON/)],
      [2, 'Error processing tool nope: There is no function named "nope".'],
      [2, 'Error processing tool failing: Vendor said 500.'],
      [2, 'Error processing tool hanging: No answer within 0.05 s.'],
    ]);
  });

  it('cuts long output with a note', async () => {
    const big = tool('big', () => Promise.resolve({ output: 'x'.repeat(150) }));
    const { run, requests } = scriptedRun(
      [step({ toolCalls: [{ id: 'a', name: 'big', arguments: '{}' }], reason: 'tool-calls' })],
      [big],
      { outputCap: 100 },
    );
    await run;
    const result = requests[1]?.messages.at(-1)?.parts[0];
    expect(result).toMatchObject({
      output: `${'x'.repeat(100)}\n[… output cut: 50 more characters not shown]`,
    });
  });

  it('stops the running tool and ends when aborted', async () => {
    let stopped = false;
    let toolStarted!: () => void;
    const running = new Promise<void>((resolve) => (toolStarted = resolve));
    const slow = tool('slow', (_args, ctx) => {
      toolStarted();
      return new Promise((_resolve, reject) =>
        ctx.signal.addEventListener('abort', () => {
          stopped = true;
          reject(new Error('stopped'));
        }),
      );
    });
    const { run, controller, requests } = scriptedRun(
      [step({ toolCalls: [{ id: 'a', name: 'slow', arguments: '{}' }], reason: 'tool-calls' })],
      [slow],
    );
    // Aborted once the tool runs, however long the way there took.
    void running.then(() => controller.abort());
    expect(await run).toMatchObject({ aborted: true });
    expect(stopped).toBe(true);
    expect(requests).toHaveLength(1);
  });

  it('keeps the agent text internal and answers with the completion model when skipCompletion is false', async () => {
    const requests: ChatRequest[] = [];
    const content = new ContentParts({ onPart: () => undefined, onText: () => undefined });
    const base: ChatRequest = { model: 'agent', messages: [], params: {}, credentials: {} };
    const steps = [step({ text: 'thinking' }), step({ text: 'Final.' })];
    await runFunctionsAgent({
      userId: 'u',
      request: agentRequest(base, [], new Date()),
      tools: [],
      content,
      signal: new AbortController().signal,
      skipCompletion: false,
      completionModel: 'main',
      io: {
        callModel: (request, onText) => {
          requests.push(request);
          const next = steps.shift() ?? step({});
          if (next.text) onText?.(next.text);
          return Promise.resolve(next);
        },
      },
    });
    expect(requests.map((r) => r.model)).toEqual(['agent', 'main']);
    expect(content.text()).toBe('Final.');
  });
});
