// Turns Gemini stream chunks into ProviderEvents: text deltas, whole function calls, and one finish with
// the finish reason and usage.
//
// Safety, decided here: a prompt blocked outright (`promptFeedback.blockReason`, no candidates) produced
// nothing, so it fails with a `moderation` ProviderError the user sees as an error. A candidate stopped by
// a filter (finishReason SAFETY, RECITATION, BLOCKLIST …) ends normally with finish `content-filter`,
// keeping whatever text came before, as an OpenAI `content_filter` finish does.
import type { GenerateContentResponse, Part } from '@google/genai';
import { ProviderError } from '../types';
import type { ProviderEvent, Usage } from '../types';
import { mapGoogleFinishReason } from './google-finish-reason';

export class GoogleChunkReader {
  private rawReason: string | undefined;
  private usage: Usage = {};
  private toolCalls = 0;

  read(chunk: GenerateContentResponse): ProviderEvent[] {
    const blocked = chunk.promptFeedback?.blockReason;
    if (blocked !== undefined) {
      const detail = chunk.promptFeedback?.blockReasonMessage ?? blocked;
      throw new ProviderError('moderation', `Google blocked the prompt (${detail}).`, { retryable: false });
    }
    this.readUsage(chunk);
    const candidate = chunk.candidates?.[0];
    if (candidate?.finishReason !== undefined) this.rawReason = candidate.finishReason;
    return (candidate?.content?.parts ?? []).flatMap((part) => this.readPart(part));
  }

  private readUsage(chunk: GenerateContentResponse): void {
    const metadata = chunk.usageMetadata;
    if (!metadata) return;
    const output =
      metadata.candidatesTokenCount === undefined
        ? undefined
        : metadata.candidatesTokenCount + (metadata.thoughtsTokenCount ?? 0);
    this.usage = {
      inputTokens: metadata.promptTokenCount ?? this.usage.inputTokens,
      outputTokens: output ?? this.usage.outputTokens,
    };
  }

  private readPart(part: Part): ProviderEvent[] {
    // Thought summaries are not part of the reply.
    if (part.thought) return [];
    if (typeof part.text === 'string')
      return part.text === '' ? [] : [{ type: 'text-delta', delta: part.text }];
    const call = part.functionCall;
    if (!call?.name) return [];
    const index = this.toolCalls++;
    const id = call.id ?? `call_${index}`;
    const args = JSON.stringify(call.args ?? {});
    return [
      { type: 'tool-call-delta', index, id, name: call.name, argumentsDelta: args },
      { type: 'tool-call', id, name: call.name, arguments: args },
    ];
  }

  /** The one finish. A stream that closed without a finishReason lost its end: an upstream failure. */
  end(): ProviderEvent {
    if (this.rawReason === undefined) {
      throw new ProviderError('upstream', 'The Gemini stream ended before the reply was complete.');
    }
    return {
      type: 'finish',
      reason: mapGoogleFinishReason(this.rawReason, this.toolCalls > 0),
      rawReason: this.rawReason,
      usage: this.usage,
    };
  }
}
