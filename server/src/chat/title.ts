// A conversation's title, generated after its first exchange with the endpoint's own model (reference
// §12.11). Best effort: it never blocks or fails the reply.
import type { ChatRequest } from '../providers/types';
import type { RunContext } from './run-context';

const TITLE_INSTRUCTIONS =
  'Write a concise title of 5 words or fewer for this conversation, in the language of the conversation, ' +
  'using title case, with no punctuation and no quotation marks. Never mention the language or the word ' +
  '"title". Answer with the title only.';
const EXCERPT_CHARS = 255;
const TITLE_TIMEOUT_MS = 30_000;
const TITLE_MAX_CHARS = 80;

const excerpt = (text: string) =>
  text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}... [text truncated for brevity]` : text;

/**
 * A Markdown emphasis, strike or code span: the same delimiter run on both sides of text that starts and ends
 * with a non-space, not inside a word ("12*34+1", "snake_case" and "2*3*4" are text, not emphasis).
 */
const MARKDOWN_SPAN = /(^|[^\p{L}\p{N}\\])(\*{1,3}|_{1,3}|~~|`)(?=\S)(.*?\S)\2(?![\p{L}\p{N}])/gu;

/** Removes Markdown markup around text (heading marks, emphasis, code spans), never the text itself. */
function stripMarkdown(line: string): string {
  let text = line.replace(/^\s*#{1,6}\s+/u, '');
  // Spans may nest ("**_word_**"): peel them a few layers deep.
  for (let depth = 0; depth < 3; depth += 1) {
    const next = text.replace(MARKDOWN_SPAN, '$1$3');
    if (next === text) break;
    text = next;
  }
  return text;
}

/** The model's answer as a title: first line, no label, Markdown, quotes or trailing punctuation. */
export function cleanTitle(raw: string): string {
  const firstLine = raw.trim().split(/\r?\n/)[0] ?? '';
  const title = stripMarkdown(firstLine)
    .replace(/^title\s*:\s*/i, '')
    .replace(/["“”«»]/g, '')
    .replace(/^[\s'‘’]+|[\s'‘’.!?,;:]+$/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return title.slice(0, TITLE_MAX_CHARS).trim();
}

/** Longest title taken from the first message; longer text is cut at a word boundary and ends with "…". */
export const MESSAGE_TITLE_MAX_CHARS = 60;

/**
 * A title from the conversation's first message, for when no generated title comes (the first reply was
 * stopped or failed, title generation is off or failed): its first non-empty line, spaces collapsed, cut to
 * {@link MESSAGE_TITLE_MAX_CHARS} at a word boundary when there is one late enough.
 */
export function titleFromMessage(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .map((piece) => piece.replace(/\s+/gu, ' ').trim())
      .find((piece) => piece !== '') ?? '';
  const chars = Array.from(line);
  if (chars.length <= MESSAGE_TITLE_MAX_CHARS) return line;
  const cut = chars.slice(0, MESSAGE_TITLE_MAX_CHARS - 1).join('');
  const space = cut.lastIndexOf(' ');
  const head = space >= MESSAGE_TITLE_MAX_CHARS / 2 ? cut.slice(0, space) : cut;
  return `${head.replace(/[\s.,;:!?-]+$/u, '')}…`;
}

/** Titles the conversation from its first message (kept only while it is still "New Chat"); logs failures. */
export async function titleFromFirstMessage(ctx: RunContext): Promise<void> {
  const title = titleFromMessage(ctx.requestMessage.text);
  if (title === '') return;
  try {
    // `final` reports the run's copy of the conversation: it gets the title too.
    ctx.conversation = await ctx.deps.conversations.setGeneratedTitle(
      ctx.userId,
      ctx.reply.conversationId,
      title,
    );
  } catch (error) {
    ctx.deps.logger.warn({ err: error, conversationId: ctx.reply.conversationId }, 'could not set a title');
  }
}

const transcript = (userText: string, replyText: string) =>
  `User: ${excerpt(userText)}\nResponse: ${excerpt(replyText)}\nTitle:`;

function titleRequest(ctx: RunContext, prompt: string): ChatRequest {
  const { resolved } = ctx;
  return {
    model: resolved.titleModel ?? ctx.reply.model,
    system: TITLE_INSTRUCTIONS,
    messages: [
      {
        role: 'user',
        parts: [{ type: 'text', text: prompt }],
      },
    ],
    params: { temperature: 0.2, maxOutputTokens: 16, user: ctx.userId },
    credentials: resolved.credentials,
    ...(resolved.extraBody ? { extraBody: resolved.extraBody } : {}),
    ...(resolved.dropParams ? { dropParams: resolved.dropParams } : {}),
  };
}

/**
 * Asks the provider for a title, saves it on the conversation and bills it; logs any failure and then
 * titles the conversation from its first message instead.
 */
export async function generateTitle(ctx: RunContext, replyText: string): Promise<void> {
  const { deps } = ctx;
  const prompt = transcript(ctx.requestMessage.text, replyText);
  const request = titleRequest(ctx, prompt);
  try {
    let raw = '';
    let usage: { inputTokens?: number; outputTokens?: number } | undefined;
    for await (const event of ctx.provider.stream(request, AbortSignal.timeout(TITLE_TIMEOUT_MS))) {
      if (event.type === 'text-delta') raw += event.delta;
      else if (event.type === 'finish') usage = event.usage;
    }
    const title = cleanTitle(raw);
    if (title !== '') await deps.conversations.setGeneratedTitle(ctx.userId, ctx.reply.conversationId, title);
    else await titleFromFirstMessage(ctx);
    await deps.balance.recordUsage(ctx.userId, {
      conversationId: ctx.reply.conversationId,
      messageId: ctx.reply.messageId,
      endpoint: ctx.reply.endpoint,
      model: request.model,
      promptTokens: usage?.inputTokens ?? ctx.countTokens(`${TITLE_INSTRUCTIONS}\n${prompt}`),
      completionTokens: usage?.outputTokens ?? ctx.countTokens(raw),
      kind: 'title',
    });
  } catch (error) {
    deps.logger.warn({ err: error, conversationId: ctx.reply.conversationId }, 'could not generate a title');
    await titleFromFirstMessage(ctx);
  }
}
