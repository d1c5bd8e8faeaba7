// Reads one ChatHub reply: deltas from the whole-text `update`s (citations linked), then from the final
// item the rest of the text, the source list, image embeds, suggestions and how the reply ended.
import { ProviderError } from '../types';
import type { FinishReason, ProviderEvent } from '../types';
import { renderCitations, sourceList, sourceUrls } from './bing-citations';
import { isReplyMessage, readHubRecord } from './bing-hub-records';
import type { HubItem, HubMessage } from './bing-hub-records';
import { imageEmbed } from './bing-image-embed';
import type { TurnResult } from './bing-session';
import { bingResultError } from './map-bing-error';

export const REFUSED_TEXT = '**Bing refused to answer.**';

export interface BingOutcome {
  reason: FinishReason;
  rawReason: string;
  result: TurnResult;
}

export interface ReadStep {
  events: ProviderEvent[];
  /** Set once the final item arrived. */
  outcome?: BingOutcome;
}

function isRetraction(message: HubMessage): boolean {
  return message.contentOrigin === 'Apology';
}

export class BingReplyReader {
  private emitted = '';

  /** The text sent so far, links and appendices included. */
  get text(): string {
    return this.emitted;
  }

  read(value: unknown): ReadStep {
    const record = readHubRecord(value);
    switch (record.type) {
      case 'update':
        return { events: this.update(record.messages) };
      case 'item':
        return this.complete(record.item);
      case 'invocation-end':
        throw new ProviderError('upstream', `Bing ended the reply without a message${detail(record.error)}.`);
      case 'close':
        throw new ProviderError('upstream', `Bing closed the conversation${detail(record.error)}.`);
      case 'other':
        return { events: [] };
    }
  }

  private update(messages: HubMessage[]): ProviderEvent[] {
    const message = messages[0];
    if (!message || !isReplyMessage(message) || isRetraction(message) || !message.text) return [];
    return this.advance(renderCitations(message.text, sourceUrls(message.sourceAttributions ?? []), false));
  }

  private complete(item: HubItem): ReadStep {
    const result = item.result;
    if (result && result.value !== 'Success') throw bingResultError(result.value, result.message);
    const messages = item.messages ?? [];
    const reply = messages.findLast(isReplyMessage);
    const refused = (reply && isRetraction(reply)) || messages.some((m) => m.offense === 'OffenseTrigger');
    const events = refused ? this.refusal(reply) : this.finalText(reply);
    events.push(...this.appendImages(messages));
    const ended = refused
      ? { reason: 'content-filter' as const, rawReason: reply?.contentOrigin ?? 'OffenseTrigger' }
      : {
          reason: reply?.text ? ('stop' as const) : ('other' as const),
          rawReason: result?.value ?? 'Success',
        };
    return { events, outcome: { ...ended, result: turnResult(item, reply) } };
  }

  /** A retracted reply keeps what was already shown; with nothing shown, Bing's apology is. */
  private refusal(reply: HubMessage | undefined): ProviderEvent[] {
    if (this.emitted !== '') return [];
    return this.append(reply?.text || reply?.spokenText || REFUSED_TEXT);
  }

  private finalText(reply: HubMessage | undefined): ProviderEvent[] {
    if (!reply?.text) return this.emitted === '' ? this.append(reply?.spokenText || REFUSED_TEXT) : [];
    const sources = reply.sourceAttributions ?? [];
    // A final text that rewrites what was streamed cannot be taken back; the streamed text stays.
    const events = this.advance(renderCitations(reply.text, sourceUrls(sources), true));
    return [...events, ...this.append(sourceList(sources))];
  }

  private appendImages(messages: HubMessage[]): ProviderEvent[] {
    const images = messages.filter((m) => m.author === 'bot' && m.contentType === 'IMAGE' && m.text);
    return images.flatMap((m) => this.append(`\n\n${imageEmbed(m.text ?? '', m.messageId ?? '')}`));
  }

  /** Emits the part of `rendered` beyond what was sent, when it extends it. */
  private advance(rendered: string): ProviderEvent[] {
    if (rendered.length <= this.emitted.length || !rendered.startsWith(this.emitted)) return [];
    return this.append(rendered.slice(this.emitted.length));
  }

  private append(text: string): ProviderEvent[] {
    if (text === '') return [];
    this.emitted += text;
    return [{ type: 'text-delta', delta: text }];
  }
}

function detail(error: string | undefined): string {
  return error ? `: ${error}` : '';
}

function turnResult(item: HubItem, reply: HubMessage | undefined): TurnResult {
  return {
    ...(reply?.messageId ? { messageId: reply.messageId } : {}),
    suggestedResponses: (reply?.suggestedResponses ?? []).map((s) => s.text),
    ...(item.conversationExpiryTime ? { conversationExpiryTime: item.conversationExpiryTime } : {}),
  };
}
