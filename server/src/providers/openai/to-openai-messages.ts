// PromptMessages → Chat Completions `messages`.
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
  ChatCompletionToolMessageParam,
} from 'openai/resources/chat/completions';
import type { GenerationParams, PromptMessage, PromptPart } from '../types';

type ImageDetail = GenerationParams['imageDetail'];
type PartOf<K extends PromptPart['type']> = Extract<PromptPart, { type: K }>;

function partsOf<K extends PromptPart['type']>(message: PromptMessage, type: K): PartOf<K>[] {
  return message.parts.filter((part): part is PartOf<K> => part.type === type);
}

function toolMessages(message: PromptMessage): ChatCompletionToolMessageParam[] {
  return partsOf(message, 'tool-result').map((part) => ({
    role: 'tool',
    tool_call_id: part.toolCallId,
    content: part.output,
  }));
}

function joinedText(message: PromptMessage): string {
  return partsOf(message, 'text')
    .map((part) => part.text)
    .join('\n');
}

/** Text-only turns stay plain strings (every OpenAI-compatible server takes those); images need parts. */
function userContent(
  message: PromptMessage,
  imageDetail: ImageDetail,
): string | ChatCompletionContentPart[] | null {
  const visible = message.parts.filter((part) => part.type === 'text' || part.type === 'image');
  if (visible.length === 0) return null;
  if (visible.every((part) => part.type === 'text')) return joinedText(message);
  return visible.map((part): ChatCompletionContentPart => {
    if (part.type === 'text') return { type: 'text', text: part.text };
    const detail = part.detail ?? imageDetail;
    return { type: 'image_url', image_url: { url: part.url, ...(detail ? { detail } : {}) } };
  });
}

function assistantMessage(message: PromptMessage): ChatCompletionAssistantMessageParam | null {
  const text = joinedText(message);
  const calls = partsOf(message, 'tool-call');
  if (text === '' && calls.length === 0) return null;
  return {
    role: 'assistant',
    content: text === '' ? null : text,
    ...(calls.length === 0
      ? {}
      : {
          tool_calls: calls.map((call) => ({
            id: call.id,
            type: 'function' as const,
            function: { name: call.name, arguments: call.arguments },
          })),
        }),
  };
}

function toMessages(message: PromptMessage, imageDetail: ImageDetail): ChatCompletionMessageParam[] {
  const tools = toolMessages(message);
  if (message.role === 'assistant') {
    const assistant = assistantMessage(message);
    return assistant ? [assistant, ...tools] : tools;
  }
  if (message.role === 'tool') return tools;
  const content = userContent(message, imageDetail);
  // Results answer the assistant's calls, so they come before the user's new words.
  return content === null ? tools : [...tools, { role: 'user', content }];
}

/** The system prompt as a `system` message, then each turn; tool results become `tool` messages. */
export function toOpenAIMessages(
  system: string | undefined,
  messages: readonly PromptMessage[],
  imageDetail?: ImageDetail,
): ChatCompletionMessageParam[] {
  const head: ChatCompletionMessageParam[] =
    system === undefined || system === '' ? [] : [{ role: 'system', content: system }];
  return [...head, ...messages.flatMap((message) => toMessages(message, imageDetail))];
}
