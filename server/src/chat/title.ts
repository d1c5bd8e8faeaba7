// A conversation's title, generated after its first exchange with the endpoint's own model (reference
// §12.11). Best effort: it never blocks or fails the reply.
import type { ChatRequest, ToolDefinition } from '../providers/types';
import type { UsageRecord } from './ports';
import type { RunContext } from './run-context';
import { titleFromMessage } from '../conversations/message-title';

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

export { MESSAGE_TITLE_MAX_CHARS, titleFromMessage } from '../conversations/message-title';

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

/** The function a `titleMethod: functions` request makes the model call (LibreChat's structured title). */
export const TITLE_FUNCTION: ToolDefinition = {
  name: 'submit_title',
  description:
    'Submits the title of the conversation: 5 words or fewer, in its language, in title case, without ' +
    'punctuation or quotation marks.',
  parameters: {
    type: 'object',
    properties: { title: { type: 'string', description: 'The title, and nothing else' } },
    required: ['title'],
    additionalProperties: false,
  },
};
const FUNCTION_INSTRUCTIONS = `Give this conversation a title by calling ${TITLE_FUNCTION.name}. ${TITLE_INSTRUCTIONS}`;
/** Room for the call's JSON arguments around a five-word title. */
const FUNCTION_TITLE_TOKENS = 64;

type TitleMethod = 'completion' | 'functions';

function titleRequest(ctx: RunContext, prompt: string, method: TitleMethod): ChatRequest {
  const { resolved } = ctx;
  const functions = method === 'functions';
  return {
    model: resolved.titleModel ?? ctx.reply.model,
    system: functions ? FUNCTION_INSTRUCTIONS : TITLE_INSTRUCTIONS,
    messages: [
      {
        role: 'user',
        parts: [{ type: 'text', text: prompt }],
      },
    ],
    params: { temperature: 0.2, maxOutputTokens: functions ? FUNCTION_TITLE_TOKENS : 16, user: ctx.userId },
    credentials: resolved.credentials,
    ...(functions ? { tools: [TITLE_FUNCTION], toolChoice: { name: TITLE_FUNCTION.name } } : {}),
    ...(resolved.extraBody ? { extraBody: resolved.extraBody } : {}),
    ...(resolved.dropParams ? { dropParams: resolved.dropParams } : {}),
    ...(resolved.forcePrompt ? { forcePrompt: true } : {}),
  };
}

/** The `title` argument of the title function's call, or '' (no call, arguments that are not its JSON). */
function titleFromCall(args: string | undefined): string {
  if (args === undefined) return '';
  try {
    const parsed: unknown = JSON.parse(args);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'title' in parsed &&
      typeof parsed.title === 'string'
    ) {
      return parsed.title;
    }
  } catch {
    // Not JSON: no title.
  }
  return '';
}

/**
 * `functions` when the endpoint asks for it (YAML `titleMethod: functions` or `structured`) and can make one:
 * its provider calls functions and it is not a `forcePrompt` endpoint (a prompt string carries no functions).
 */
function titleMethodOf(ctx: RunContext): TitleMethod {
  const { resolved } = ctx;
  return resolved.titleMethod === 'functions' && ctx.provider.capabilities.tools && !resolved.forcePrompt
    ? 'functions'
    : 'completion';
}

/** A title call's answer: the cleaned title ('' when it held none) and the call's usage, not billed yet. */
interface TitleAnswer {
  title: string;
  usage: UsageRecord;
}

/** Asks once; throws what the call throws. */
async function askForTitle(ctx: RunContext, prompt: string, method: TitleMethod): Promise<TitleAnswer> {
  const request = titleRequest(ctx, prompt, method);
  let raw = '';
  let call: string | undefined;
  let usage: { inputTokens?: number; outputTokens?: number } | undefined;
  for await (const event of ctx.provider.stream(request, AbortSignal.timeout(TITLE_TIMEOUT_MS))) {
    if (event.type === 'text-delta') raw += event.delta;
    else if (event.type === 'tool-call' && event.name === TITLE_FUNCTION.name) call ??= event.arguments;
    else if (event.type === 'finish') usage = event.usage;
  }
  return {
    title: cleanTitle(method === 'functions' ? titleFromCall(call) : raw),
    usage: {
      conversationId: ctx.reply.conversationId,
      messageId: ctx.reply.messageId,
      endpoint: ctx.reply.endpoint,
      model: request.model,
      promptTokens: usage?.inputTokens ?? ctx.countTokens(`${request.system ?? ''}\n${prompt}`),
      completionTokens: usage?.outputTokens ?? ctx.countTokens(call ?? raw),
      kind: 'title',
    },
  };
}

/**
 * Bills the call; with a title, saves it in the same statement. The title, '' when the answer held none.
 * Throws what the statement throws.
 */
async function keepAnswer(ctx: RunContext, answer: TitleAnswer): Promise<string> {
  const { balance } = ctx.deps;
  if (answer.title === '') await balance.recordUsage(ctx.userId, answer.usage);
  else await balance.recordTitle(ctx.userId, answer.usage, answer.title);
  return answer.title;
}

/**
 * Asks the provider for a title, bills it and saves it on the conversation; logs any failure and then
 * titles the conversation from its first message instead. With `titleMethod: functions` the title is asked for
 * by a forced function call first, and by one completion when that brings none (reference §12.11).
 */
export async function generateTitle(ctx: RunContext, replyText: string): Promise<void> {
  const { deps } = ctx;
  const conversationId = ctx.reply.conversationId;
  const prompt = transcript(ctx.requestMessage.text, replyText);
  if (titleMethodOf(ctx) === 'functions') {
    try {
      const title = await keepAnswer(ctx, await askForTitle(ctx, prompt, 'functions'));
      if (title !== '') return;
      deps.logger.warn(
        { conversationId },
        'the title function was not called; asking for a title by completion',
      );
    } catch (error) {
      deps.logger.warn(
        { err: error, conversationId },
        'could not get a title by function call; asking by completion',
      );
    }
  }
  try {
    const title = await keepAnswer(ctx, await askForTitle(ctx, prompt, 'completion'));
    if (title === '') await titleFromFirstMessage(ctx);
  } catch (error) {
    deps.logger.warn({ err: error, conversationId }, 'could not generate a title');
    await titleFromFirstMessage(ctx);
  }
}
