// ChatRequest → the body of one streamed `POST /v1/messages`.
import type { MessageCreateParamsStreaming, Tool, ToolChoice } from '@anthropic-ai/sdk/resources/messages';
import { applyBodyOverrides } from '../shared/apply-body-overrides';
import { clampStopSequences } from '../shared/clamp-stop-sequences';
import type { ChatRequest, ToolDefinition } from '../types';
import { anthropicMaxTokens } from './anthropic-model-limits';
import { toAnthropicMessages } from './to-anthropic-messages';

/**
 * Sampling fields the API accepts but SDK 1.12 no longer types (they are deprecated for the newest
 * models, which reject temperature together with top_p; an operator can drop either with dropParams).
 */
interface SamplingFields {
  temperature?: number;
  top_p?: number;
  top_k?: number;
}

export type AnthropicBody = MessageCreateParamsStreaming & SamplingFields;

function toolOf(tool: ToolDefinition): Tool {
  return {
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    input_schema: { ...tool.parameters, type: 'object' },
  };
}

function toolChoiceOf(choice: ChatRequest['toolChoice']): ToolChoice | undefined {
  if (choice === undefined) return undefined;
  if (typeof choice === 'object') return { type: 'tool', name: choice.name };
  if (choice === 'required') return { type: 'any' };
  return { type: choice };
}

function samplingOf(params: ChatRequest['params']): SamplingFields {
  return {
    ...(params.temperature === undefined ? {} : { temperature: params.temperature }),
    ...(params.topP === undefined ? {} : { top_p: params.topP }),
    ...(params.topK === undefined ? {} : { top_k: params.topK }),
  };
}

function toolsOf(req: ChatRequest): Pick<MessageCreateParamsStreaming, 'tools' | 'tool_choice'> {
  if (!req.tools?.length) return {};
  const choice = toolChoiceOf(req.toolChoice);
  return { tools: req.tools.map(toolOf), ...(choice ? { tool_choice: choice } : {}) };
}

export function buildAnthropicBody(req: ChatRequest): AnthropicBody {
  const { params } = req;
  const stop = clampStopSequences(params.stop);
  const system = req.system?.trim() ? req.system : undefined;
  const body: AnthropicBody = {
    model: req.model,
    messages: toAnthropicMessages(req.messages),
    max_tokens: anthropicMaxTokens(req.model, params.maxOutputTokens),
    stream: true,
    ...(system === undefined ? {} : { system }),
    ...samplingOf(params),
    ...(stop ? { stop_sequences: stop } : {}),
    ...(params.user ? { metadata: { user_id: params.user } } : {}),
    ...toolsOf(req),
  };
  return applyBodyOverrides(body, req.extraBody, req.dropParams);
}
