// A custom endpoint with YAML `forcePrompt: true` (completion-only models, text-generation servers): the turn goes
// to the legacy Completions API (`POST /completions`) as one prompt string instead of chat messages.
import type { Completion, CompletionCreateParamsStreaming } from 'openai/resources/completions';
import { applyBodyOverrides } from '../shared/apply-body-overrides';
import { clampStopSequences } from '../shared/clamp-stop-sequences';
import { ProviderError, type ChatRequest, type ProviderEvent, type Usage } from '../types';
import { mapFinishReason } from './map-finish-reason';

/** Marks each part of the prompt; a model that starts a part of its own is stopped there. */
const MARK = '||>';
const DEFAULT_INSTRUCTIONS =
  'A conversation between a user and a helpful assistant. Answer the last message.';
/** The Completions API's own default is 16 tokens: a reply needs room unless the conversation sets it. */
export const PROMPT_DEFAULT_MAX_TOKENS = 1024;
/** At most 4 stop sequences are accepted; the part mark is always one of them. */
const MAX_STOPS = 4;

const NOT_A_CHUNK = 'The provider sent data that is not a text completion chunk.';

function textOf(parts: ChatRequest['messages'][number]['parts']): string {
  return parts
    .flatMap((part) => {
      if (part.type === 'text') return [part.text];
      if (part.type === 'tool-result') return [part.output];
      return [];
    })
    .join('\n');
}

/**
 * The conversation as one prompt: the instructions, then each turn under `||>User:` or `||>Assistant:`, ending
 * with an open `||>Assistant:` for the model to complete (LibreChat's completion prompt layout).
 */
export function buildPrompt(req: Pick<ChatRequest, 'system' | 'messages'>): string {
  const lines = [`${MARK}Instructions:\n${req.system?.trim() || DEFAULT_INSTRUCTIONS}\n`];
  for (const message of req.messages) {
    const text = textOf(message.parts).trim();
    if (text === '') continue;
    lines.push(`${MARK}${message.role === 'assistant' ? 'Assistant' : 'User'}:\n${text}`);
  }
  lines.push(`${MARK}Assistant:\n`);
  return lines.join('\n');
}

function stopOf(stop: string[] | undefined): string[] {
  const own = (clampStopSequences(stop) ?? []).filter((s) => s !== MARK);
  return [MARK, ...own.slice(-(MAX_STOPS - 1))];
}

export function buildPromptBody(req: ChatRequest): CompletionCreateParamsStreaming {
  const { params } = req;
  const body: CompletionCreateParamsStreaming = {
    model: req.model,
    prompt: buildPrompt(req),
    stream: true,
    stream_options: { include_usage: true },
    max_tokens: params.maxOutputTokens ?? PROMPT_DEFAULT_MAX_TOKENS,
    stop: stopOf(params.stop),
    ...(params.temperature === undefined ? {} : { temperature: params.temperature }),
    ...(params.topP === undefined ? {} : { top_p: params.topP }),
    ...(params.presencePenalty === undefined ? {} : { presence_penalty: params.presencePenalty }),
    ...(params.frequencyPenalty === undefined ? {} : { frequency_penalty: params.frequencyPenalty }),
    ...(params.user ? { user: params.user } : {}),
  };
  return { ...applyBodyOverrides(body, req.extraBody, req.dropParams), stream: true };
}

/** Turns text completion chunks into ProviderEvents, like ChunkReader does for chat chunks. */
export class PromptChunkReader {
  private rawReason: string | undefined;
  private usage: Usage | undefined;

  read(chunk: Completion): ProviderEvent[] {
    if (chunk.usage) {
      this.usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
    }
    if (!Array.isArray(chunk.choices)) throw new ProviderError('upstream', NOT_A_CHUNK);
    const choice = chunk.choices[0];
    if (!choice) return [];
    if (choice.finish_reason) this.rawReason = choice.finish_reason;
    return typeof choice.text === 'string' && choice.text !== ''
      ? [{ type: 'text-delta', delta: choice.text }]
      : [];
  }

  end(): ProviderEvent[] {
    return [
      {
        type: 'finish',
        reason: mapFinishReason(this.rawReason),
        ...(this.rawReason === undefined ? {} : { rawReason: this.rawReason }),
        ...(this.usage === undefined ? {} : { usage: this.usage }),
      },
    ];
  }
}
