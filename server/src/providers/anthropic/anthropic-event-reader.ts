// Turns Messages API stream events into ProviderEvents: text deltas, tool_use blocks assembled from their
// input_json_delta pieces, and one finish with the stop reason and usage.
import type {
  RawContentBlockDeltaEvent,
  RawContentBlockStartEvent,
  RawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages';
import { ProviderError } from '../types';
import type { ProviderEvent, Usage } from '../types';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason';

interface ToolDraft {
  /** Position among this reply's tool calls (not the content block index). */
  index: number;
  id: string;
  name: string;
  arguments: string;
}

/** Input tokens include those written to and read from the prompt cache. */
function inputTokensOf(usage: {
  input_tokens: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}): number | undefined {
  // message_delta may leave input_tokens out, though the type says number | null.
  if (typeof usage.input_tokens !== 'number') return undefined;
  return usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
}

export class AnthropicEventReader {
  private readonly tools = new Map<number, ToolDraft>();
  private rawReason: string | null = null;
  private usage: Usage = {};
  private stopped = false;

  read(event: RawMessageStreamEvent): ProviderEvent[] {
    switch (event.type) {
      case 'message_start':
        this.usage = {
          inputTokens: inputTokensOf(event.message.usage),
          outputTokens: event.message.usage.output_tokens,
        };
        return [];
      case 'content_block_start':
        return this.startBlock(event);
      case 'content_block_delta':
        return this.readDelta(event);
      case 'content_block_stop':
        return this.stopBlock(event.index);
      case 'message_delta':
        this.rawReason = event.delta.stop_reason ?? this.rawReason;
        this.usage = {
          inputTokens: inputTokensOf(event.usage) ?? this.usage.inputTokens,
          outputTokens: event.usage.output_tokens,
        };
        return [];
      case 'message_stop':
        this.stopped = true;
        return [];
    }
  }

  private startBlock(event: RawContentBlockStartEvent): ProviderEvent[] {
    const block = event.content_block;
    if (block.type === 'text') return block.text === '' ? [] : [{ type: 'text-delta', delta: block.text }];
    if (block.type !== 'tool_use') return [];
    const draft: ToolDraft = { index: this.tools.size, id: block.id, name: block.name, arguments: '' };
    this.tools.set(event.index, draft);
    return [
      { type: 'tool-call-delta', index: draft.index, id: draft.id, name: draft.name, argumentsDelta: '' },
    ];
  }

  private readDelta(event: RawContentBlockDeltaEvent): ProviderEvent[] {
    const delta = event.delta;
    if (delta.type === 'text_delta')
      return delta.text === '' ? [] : [{ type: 'text-delta', delta: delta.text }];
    const draft = this.tools.get(event.index);
    if (delta.type !== 'input_json_delta' || !draft || delta.partial_json === '') return [];
    draft.arguments += delta.partial_json;
    return [{ type: 'tool-call-delta', index: draft.index, argumentsDelta: delta.partial_json }];
  }

  private stopBlock(index: number): ProviderEvent[] {
    const draft = this.tools.get(index);
    if (!draft) return [];
    return [{ type: 'tool-call', id: draft.id, name: draft.name, arguments: draft.arguments || '{}' }];
  }

  /** The one finish. A stream that closed before message_stop lost its end, so it is an upstream failure. */
  end(): ProviderEvent {
    if (!this.stopped) {
      throw new ProviderError('upstream', 'The Anthropic stream ended before the message was complete.');
    }
    const rawReason = this.rawReason ?? undefined;
    return {
      type: 'finish',
      reason: mapAnthropicStopReason(rawReason),
      ...(rawReason === undefined ? {} : { rawReason }),
      usage: this.usage,
    };
  }
}
