import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../providers/types';
import type { Tool } from '../tools/tool';
import type { AgentTool, ModelStep } from './agent-types';
import { argumentsFor, classicAgentRequest, runClassicAgent } from './classic-agent';
import { ContentParts } from './content-parts';
import { FinalAnswerStream, parseReactStep } from './react-format';

const tool = (name: string, run: Tool['run'], agents?: AgentTool['agents']): AgentTool => ({
  tool: {
    name,
    description: `The ${name} tool.`,
    parameters: { type: 'object', properties: { input: { type: 'string' } }, required: ['input'] },
    run,
  },
  label: name,
  auth: {},
  agents,
});

const calc = tool('calculator', (args) => Promise.resolve({ output: args.input === '12*34' ? '408' : '?' }));
const painter = tool('painter', () => Promise.resolve({ output: 'img' }), ['functions']);

/** Scripted model text per call, streamed in small pieces; records each request. */
function scripted(texts: string[], tools: AgentTool[], skipCompletion?: boolean) {
  const requests: ChatRequest[] = [];
  const streamed: string[] = [];
  const content = new ContentParts({ onPart: () => undefined, onText: (_i, delta) => streamed.push(delta) });
  const base: ChatRequest = {
    model: 'm',
    messages: [{ role: 'user', parts: [{ type: 'text', text: 'What is 12*34?' }] }],
    params: {},
    credentials: {},
  };
  const run = runClassicAgent({
    userId: 'u',
    request: classicAgentRequest(base, tools, new Date('2026-01-02T00:00:00Z')),
    tools,
    content,
    signal: new AbortController().signal,
    ...(skipCompletion === undefined ? {} : { skipCompletion, completionModel: 'big' }),
    io: {
      callModel: (request, onText) => {
        requests.push(structuredClone(request));
        const text = texts.shift() ?? 'Final Answer: done';
        for (let at = 0; at < text.length; at += 4) onText?.(text.slice(at, at + 4));
        const step: ModelStep = {
          text,
          toolCalls: [],
          reason: 'stop',
          usage: { inputTokens: 5, outputTokens: 1 },
        };
        return Promise.resolve(step);
      },
    },
  });
  return { run, requests, streamed, content };
}

describe('the ReAct format', () => {
  it('reads an action, a final answer or plain text', () => {
    expect(
      parseReactStep('Thought: add\nAction: calculator\nAction Input: {"input":"1+1"}\nObservation: 2'),
    ).toEqual({
      type: 'action',
      tool: 'calculator',
      input: '{"input":"1+1"}',
      text: 'Thought: add\nAction: calculator\nAction Input: {"input":"1+1"}',
    });
    expect(parseReactStep('Action: `calculator`\nAction Input:\n```json\n{"input": "2"}\n```')).toMatchObject(
      {
        tool: 'calculator',
        input: '{"input": "2"}',
      },
    );
    expect(parseReactStep('Thought: I now know the final answer\nFinal Answer: It is 408.')).toEqual({
      type: 'final',
      answer: 'It is 408.',
    });
    expect(parseReactStep('Hello there.')).toEqual({ type: 'plain', answer: 'Hello there.' });
  });

  it('streams only what follows "Final Answer:", even split across pieces', () => {
    const out: string[] = [];
    const stream = new FinalAnswerStream((delta) => out.push(delta));
    for (const piece of ['Thought: done\nFinal An', 'swer:  It', ' is 408.']) stream.push(piece);
    expect(out.join('')).toBe('It is 408.');
    const none: string[] = [];
    const action = new FinalAnswerStream((delta) => none.push(delta));
    action.push('Action: x\nAction Input: {}\nFinal Answer: no');
    expect(none).toEqual([]);
  });

  it('takes plain text as the input of a one-field tool', () => {
    expect(argumentsFor(calc, '12*34')).toBe('{"input":"12*34"}');
    expect(argumentsFor(calc, '"12*34"')).toBe('{"input":"12*34"}');
    expect(argumentsFor(calc, '{"input":"1"}')).toBe('{"input":"1"}');
  });
});

describe('the classic agent', () => {
  it('describes the tools in the prompt, runs an action, and streams only the final answer', async () => {
    const { run, requests, streamed, content } = scripted(
      [
        'Thought: I should calculate.\nAction: calculator\nAction Input: 12*34',
        'Thought: I now know the final answer\nFinal Answer: 12 × 34 is 408.',
      ],
      [calc, painter],
    );
    const outcome = await run;
    expect(outcome).toMatchObject({
      reason: 'stop',
      usage: { inputTokens: 10, outputTokens: 2 },
      aborted: false,
    });
    const first = requests[0];
    expect(first?.tools).toBeUndefined();
    expect(first?.params.stop).toEqual(['\nObservation:']);
    expect(first?.system).toContain('calculator: The calculator tool.');
    expect(first?.system).not.toContain('painter');
    expect(first?.system).toMatch(/do not\s+follow them/);
    expect(requests[1]?.messages.slice(-2)).toEqual([
      {
        role: 'assistant',
        parts: [
          { type: 'text', text: 'Thought: I should calculate.\nAction: calculator\nAction Input: 12*34' },
        ],
      },
      { role: 'user', parts: [{ type: 'text', text: 'Observation: 408' }] },
    ]);
    expect(streamed.join('')).toBe('12 × 34 is 408.');
    expect(content.parts).toEqual([
      {
        type: 'tool_call',
        tool_call: expect.objectContaining({
          name: 'calculator',
          arguments: '{"input":"12*34"}',
          output: '408',
          progress: 1,
        }),
      },
      { type: 'text', text: '12 × 34 is 408.' },
    ]);
  });

  it('answers a model that ignores the format with its text; an unknown tool is a failed part it sees', async () => {
    const { run, requests, content } = scripted(
      ['Action: painter\nAction Input: {"input":"cat"}', 'No tools needed: hello.'],
      [calc, painter],
    );
    await run;
    expect(content.parts[0]).toMatchObject({
      type: 'tool_call',
      tool_call: {
        name: 'painter',
        progress: 2,
        output: 'Error processing tool painter: There is no function named "painter".',
      },
    });
    expect(JSON.stringify(requests[1]?.messages.at(-1))).toContain('There is no function named');
    expect(content.text()).toBe('No tools needed: hello.');
  });

  it('with skipCompletion off, keeps the agent internal and streams the completion of the conversation model', async () => {
    const { run, requests, content } = scripted(
      ['Final Answer: 408', 'Twelve times thirty-four is 408!'],
      [calc],
      false,
    );
    await run;
    expect(requests[1]?.model).toBe('big');
    expect(requests[1]?.params.stop).toBeUndefined();
    expect(content.text()).toBe('Twelve times thirty-four is 408!');
  });
});
