// The functions agent (ARCHITECTURE.md §3, §6): the model calls tools through the provider's tool calls,
// several per step, run in parallel, until it answers; after `maxSteps` steps it is asked for an answer
// without tools.
import type { ChatRequest, PromptMessage, ToolDefinition } from '../providers/types';
import { DEFAULT_AGENT_LIMITS, type AgentOutcome, type AgentRunInput, type ModelStep } from './agent-types';
import { withToolGuidance } from './agent-prompt';
import { runToolCalls } from './run-tool-calls';

const definitionOf = ({ tool }: AgentRunInput['tools'][number]): ToolDefinition => ({
  name: tool.name,
  description: tool.description,
  parameters: tool.parameters,
});

/** Adds one model call's finish and usage to the run's outcome. */
export function addUsage(outcome: AgentOutcome, step: ModelStep): void {
  outcome.reason = step.reason;
  outcome.rawReason = step.rawReason;
  if (step.usage?.inputTokens === undefined && step.usage?.outputTokens === undefined) {
    outcome.unreportedCalls += 1;
    return;
  }
  outcome.usage.inputTokens += step.usage.inputTokens ?? 0;
  outcome.usage.outputTokens += step.usage.outputTokens ?? 0;
}

function assistantTurn(step: ModelStep): PromptMessage {
  return {
    role: 'assistant',
    parts: [
      ...(step.text === '' ? [] : [{ type: 'text' as const, text: step.text }]),
      ...step.toolCalls.map((call) => ({ type: 'tool-call' as const, ...call })),
    ],
  };
}

/**
 * The first request of a run: the prompt with the tool guidance in its system prompt and the tools offered.
 * The engine may send it early; `runFunctionsAgent` then gets exactly this as `request`.
 */
export function agentRequest(request: ChatRequest, tools: AgentRunInput['tools'], now: Date): ChatRequest {
  return {
    ...request,
    system: withToolGuidance(request.system, now),
    tools: tools.map(definitionOf),
    toolChoice: 'auto',
  };
}

/** Runs the loop from `agentRequest(...)`'s request; every model call goes through `io.callModel`. */
export async function runFunctionsAgent(input: AgentRunInput): Promise<AgentOutcome> {
  const limits = { ...DEFAULT_AGENT_LIMITS, ...input.limits };
  const { io, content, signal } = input;
  const skipCompletion = input.skipCompletion ?? true;
  const outcome: AgentOutcome = {
    usage: { inputTokens: 0, outputTokens: 0 },
    unreportedCalls: 0,
    aborted: false,
  };
  const messages: PromptMessage[] = [...input.request.messages];
  const base: ChatRequest = input.request;
  const tools = base.tools ?? input.tools.map(definitionOf);
  const streamText = skipCompletion ? (delta: string) => content.appendText(delta) : undefined;

  for (let step = 0; step < limits.maxSteps; step += 1) {
    const result = await io.callModel(
      { ...base, messages: [...messages], tools, toolChoice: 'auto' },
      streamText,
    );
    if (!result) return { ...outcome, aborted: true };
    addUsage(outcome, result);
    if (result.toolCalls.length === 0) {
      if (skipCompletion) return outcome;
      break;
    }
    messages.push(assistantTurn(result));
    const toolResults = await runToolCalls(result.toolCalls, { ...input, limits });
    messages.push({ role: 'tool', parts: toolResults });
    if (signal.aborted) return { ...outcome, aborted: true };
  }

  // Out of steps (or the completion phase): one answer without tools, streamed.
  const model = skipCompletion ? base.model : (input.completionModel ?? base.model);
  const final = await io.callModel({ ...base, model, messages, tools, toolChoice: 'none' }, (delta) =>
    content.appendText(delta),
  );
  if (!final) return { ...outcome, aborted: true };
  addUsage(outcome, final);
  return outcome;
}
