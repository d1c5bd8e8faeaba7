// ChatRequest → the Chat Completions streaming body, with YAML addParams merged and dropParams removed.
import type {
  ChatCompletionCreateParamsStreaming,
  ChatCompletionTool,
  ChatCompletionToolChoiceOption,
} from 'openai/resources/chat/completions';
import { applyBodyOverrides } from '../shared/apply-body-overrides';
import { clampStopSequences } from '../shared/clamp-stop-sequences';
import type { ChatRequest, GenerationParams } from '../types';
import { toOpenAIMessages } from './to-openai-messages';

type SamplingFields = Pick<
  ChatCompletionCreateParamsStreaming,
  'temperature' | 'top_p' | 'presence_penalty' | 'frequency_penalty' | 'max_tokens' | 'stop' | 'user'
>;

/** Only the parameters that are set, so the server's own defaults apply to the rest. */
function samplingFields(params: GenerationParams): SamplingFields {
  const fields: SamplingFields = {};
  if (params.temperature !== undefined) fields.temperature = params.temperature;
  if (params.topP !== undefined) fields.top_p = params.topP;
  if (params.presencePenalty !== undefined) fields.presence_penalty = params.presencePenalty;
  if (params.frequencyPenalty !== undefined) fields.frequency_penalty = params.frequencyPenalty;
  if (params.maxOutputTokens !== undefined) fields.max_tokens = params.maxOutputTokens;
  const stop = clampStopSequences(params.stop);
  if (stop !== undefined) fields.stop = stop;
  if (params.user !== undefined && params.user !== '') fields.user = params.user;
  return fields;
}

function toolChoiceOf(choice: ChatRequest['toolChoice']): ChatCompletionToolChoiceOption | undefined {
  if (choice === undefined || typeof choice === 'string') return choice;
  return { type: 'function', function: { name: choice.name } };
}

function toolFields(req: ChatRequest): Pick<ChatCompletionCreateParamsStreaming, 'tools' | 'tool_choice'> {
  if (!req.tools || req.tools.length === 0) return {};
  const tools = req.tools.map((tool): ChatCompletionTool => ({
    type: 'function',
    function: {
      name: tool.name,
      parameters: tool.parameters,
      ...(tool.description === undefined ? {} : { description: tool.description }),
    },
  }));
  const toolChoice = toolChoiceOf(req.toolChoice);
  return toolChoice === undefined ? { tools } : { tools, tool_choice: toolChoice };
}

export function buildChatBody(req: ChatRequest): ChatCompletionCreateParamsStreaming {
  const body: ChatCompletionCreateParamsStreaming = {
    model: req.model,
    messages: toOpenAIMessages(req.system, req.messages, req.params.imageDetail),
    stream: true,
    stream_options: { include_usage: true },
    ...samplingFields(req.params),
    ...toolFields(req),
  };
  // The adapter always reads a stream, whatever addParams says.
  return { ...applyBodyOverrides(body, req.extraBody, req.dropParams), stream: true };
}
