// The classic agent (reference §14.2) for models without tool calls: the tools are described in the system
// prompt and the model uses them through the ReAct text format, one action a step; only its final answer
// reaches the user. Tool calls become the same tool parts as the functions agent's.
import { randomUUID } from 'node:crypto';
import type { ChatRequest, PromptMessage } from '../providers/types';
import { toolGuidance } from './agent-prompt';
import { DEFAULT_AGENT_LIMITS, type AgentOutcome, type AgentRunInput, type AgentTool } from './agent-types';
import { addUsage } from './functions-agent';
import { FINAL_ANSWER, FinalAnswerStream, OBSERVATION, parseReactStep, type ReactStep } from './react-format';
import { runToolCalls } from './run-tool-calls';

/** OpenAI takes at most four stop sequences. */
const MAX_STOPS = 4;
const STOP = `\n${OBSERVATION}`;

/** The tools the classic agent can drive (structured-only tools are the functions agent's). */
export function classicTools(tools: readonly AgentTool[]): AgentTool[] {
  return tools.filter(({ agents }) => agents === undefined || agents.includes('classic'));
}

function describeTool({ tool }: AgentTool): string {
  return `${tool.name}: ${tool.description.replace(/\s+/g, ' ').trim()}\n  Input (JSON): ${JSON.stringify(tool.parameters)}`;
}

export function classicInstructions(tools: readonly AgentTool[], now: Date): string {
  const names = tools.map(({ tool }) => tool.name).join(', ');
  return [
    'Answer the user as well as you can. You have these tools:',
    '',
    ...tools.map(describeTool),
    '',
    'To use a tool, write these three lines and stop:',
    'Thought: why this tool helps',
    `Action: the tool's name, one of [${names}]`,
    'Action Input: its input as one JSON object',
    `The tool's result then comes back as "${OBSERVATION} …". Use tools as many times as you need, one at a time.`,
    'When you can answer, write:',
    'Thought: I now know the final answer',
    `${FINAL_ANSWER} your answer to the user`,
    '',
    toolGuidance(now),
  ].join('\n');
}

/** The first request of a classic run: the format and the tools in the system prompt, no provider tools. */
export function classicAgentRequest(
  request: ChatRequest,
  tools: readonly AgentTool[],
  now: Date,
): ChatRequest {
  const instructions = classicInstructions(classicTools(tools), now);
  const stops = request.params.stop ?? [];
  const { tools: _tools, toolChoice: _choice, ...rest } = request;
  return {
    ...rest,
    system: request.system ? `${request.system}\n\n${instructions}` : instructions,
    params: { ...request.params, stop: stops.length < MAX_STOPS ? [...stops, STOP] : stops },
  };
}

/** The step's action input as the tool's JSON arguments: JSON as given, or the text for a one-field tool. */
export function argumentsFor(tool: AgentTool | undefined, input: string): string {
  try {
    const parsed: unknown = JSON.parse(input);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return input;
  } catch {
    // Not JSON: maybe the one value of a one-field tool.
  }
  const properties = tool?.tool.parameters.properties;
  const fields = properties && typeof properties === 'object' ? Object.keys(properties) : [];
  if (fields.length === 1 && fields[0] !== undefined) {
    const unquoted = /^"(.*)"$/s.exec(input)?.[1] ?? input;
    return JSON.stringify({ [fields[0]]: unquoted });
  }
  return input;
}

const userText = (text: string): PromptMessage => ({ role: 'user', parts: [{ type: 'text', text }] });
const assistantText = (text: string): PromptMessage => ({
  role: 'assistant',
  parts: [{ type: 'text', text }],
});

export async function runClassicAgent(input: AgentRunInput): Promise<AgentOutcome> {
  const limits = { ...DEFAULT_AGENT_LIMITS, ...input.limits };
  const { io, content, signal } = input;
  const tools = classicTools(input.tools);
  const skipCompletion = input.skipCompletion ?? true;
  const outcome: AgentOutcome = {
    usage: { inputTokens: 0, outputTokens: 0 },
    unreportedCalls: 0,
    aborted: false,
  };
  const base = input.request;
  const messages: PromptMessage[] = [...base.messages];
  const emit = (delta: string) => content.appendText(delta);

  /** One model call; streams its final answer when the user should see it. */
  async function step(request: ChatRequest, stream: boolean): Promise<ReactStep | undefined> {
    const filter = stream ? new FinalAnswerStream(emit) : undefined;
    const result = await io.callModel(request, filter ? (delta) => filter.push(delta) : undefined);
    if (!result) return undefined;
    addUsage(outcome, result);
    const parsed = parseReactStep(result.text);
    // A plain answer (no format) or one the filter did not see is shown whole.
    if (stream && parsed.type !== 'action' && !filter?.streamed) emit(parsed.answer);
    return parsed;
  }

  let answer: string | undefined;
  for (let index = 0; index < limits.maxSteps && answer === undefined; index += 1) {
    const parsed = await step({ ...base, messages: [...messages] }, skipCompletion);
    if (!parsed) return { ...outcome, aborted: true };
    if (parsed.type !== 'action') {
      answer = parsed.answer;
      break;
    }
    const tool = tools.find((candidate) => candidate.tool.name === parsed.tool);
    const call = {
      id: `call_${randomUUID()}`,
      name: parsed.tool,
      arguments: argumentsFor(tool, parsed.input),
    };
    const [result] = await runToolCalls([call], { ...input, tools, limits });
    if (signal.aborted) return { ...outcome, aborted: true };
    const output = result?.type === 'tool-result' ? result.output : '';
    messages.push(assistantText(parsed.text), userText(`${OBSERVATION} ${output}`));
  }

  if (answer === undefined) {
    // Out of steps: one more call for the answer, without further actions.
    messages.push(userText(`Do not use any more tools. Write your ${FINAL_ANSWER} now.`));
    const parsed = await step({ ...base, messages: [...messages] }, skipCompletion);
    if (!parsed) return { ...outcome, aborted: true };
    answer = parsed.type === 'action' ? '' : parsed.answer;
  }
  if (skipCompletion) return outcome;

  // The completion phase (reference §14.2): the conversation's model answers from what the agent found.
  messages.push(
    assistantText(`${FINAL_ANSWER} ${answer}`),
    userText('Reply to my last message conversationally, using what you found. Write only the reply.'),
  );
  const { stop: _stop, ...params } = base.params;
  const final = await io.callModel(
    { ...base, model: input.completionModel ?? base.model, params, messages },
    emit,
  );
  if (!final) return { ...outcome, aborted: true };
  addUsage(outcome, final);
  return outcome;
}
