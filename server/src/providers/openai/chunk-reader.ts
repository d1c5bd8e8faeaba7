// Turns Chat Completions stream chunks into ProviderEvents, assembling tool calls from their deltas.
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { ProviderError, type ProviderEvent, type Usage } from '../types';
import { mapFinishReason } from './map-finish-reason';

const NOT_A_CHUNK = 'The provider sent data that is not a chat completion chunk.';

interface ToolCallDraft {
  id: string;
  name: string;
  arguments: string;
}

type ToolCallDelta = NonNullable<ChatCompletionChunk.Choice.Delta['tool_calls']>[number];

export class ChunkReader {
  private readonly drafts = new Map<number, ToolCallDraft>();
  private rawReason: string | undefined;
  private usage: Usage | undefined;

  /** Events carried by one chunk: text and tool-call deltas. Finish reason and usage are kept for `end`. */
  read(chunk: ChatCompletionChunk): ProviderEvent[] {
    if (chunk.usage) {
      this.usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
    }
    const events: ProviderEvent[] = [];
    // JSON of another shape (a proxy's own error object) is a broken answer, not a connection failure.
    if (!Array.isArray(chunk.choices)) throw new ProviderError('upstream', NOT_A_CHUNK);
    // One completion per request (n = 1), so only the first choice counts.
    const choice = chunk.choices[0];
    if (!choice) return events;
    const content = choice.delta.content;
    if (typeof content === 'string' && content !== '') events.push({ type: 'text-delta', delta: content });
    for (const call of choice.delta.tool_calls ?? []) events.push(this.readToolCall(call));
    if (choice.finish_reason) this.rawReason = choice.finish_reason;
    return events;
  }

  private readToolCall(call: ToolCallDelta): ProviderEvent {
    const draft = this.drafts.get(call.index) ?? { id: '', name: '', arguments: '' };
    const argumentsDelta = call.function?.arguments ?? '';
    if (call.id) draft.id = call.id;
    // OpenAI sends the name once; some compatible servers repeat it on every delta.
    if (call.function?.name && draft.name === '') draft.name = call.function.name;
    draft.arguments += argumentsDelta;
    this.drafts.set(call.index, draft);
    return {
      type: 'tool-call-delta',
      index: call.index,
      ...(call.id ? { id: call.id } : {}),
      ...(call.function?.name ? { name: call.function.name } : {}),
      argumentsDelta,
    };
  }

  /** The assembled tool calls in index order, then the one `finish`. */
  end(): ProviderEvent[] {
    const calls = [...this.drafts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, draft]): ProviderEvent => ({
        type: 'tool-call',
        ...draft,
        id: draft.id || `call_${index}`,
      }));
    const finish: ProviderEvent = {
      type: 'finish',
      reason: mapFinishReason(this.rawReason),
      ...(this.rawReason === undefined ? {} : { rawReason: this.rawReason }),
      ...(this.usage === undefined ? {} : { usage: this.usage }),
    };
    return [...calls, finish];
  }
}
