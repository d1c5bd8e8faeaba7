// `POST /api/assistants/chat` (API.md "Assistants and actions"): the assistant's run on the chat engine's
// stream, with its tools and instructions; the thread (one per conversation) and the run's record (SPEC §3
// statuses) are kept here.
import { assistantSender } from '@parley/shared/messages/reply-sender';
import type { AssistantsChatRequest } from '@parley/shared/schemas/assistant-run';
import type { ChatRequestBody } from '@parley/shared/schemas/chat-request';
import type { AgentTool } from '../agents/agent-types';
import type { ChatEngine, StartedGeneration } from '../chat/chat-engine';
import type { AssistantRunHooks, AssistantRunOutcome, AssistantTurn } from '../chat/ports';
import type { Db } from '../db/client';
import type { AssistantRow } from '../db/schema';
import { badRequest } from '../lib/errors';
import { codeInterpreterTool, type CodeInterpreterPort } from './code-interpreter-tool';
import { newId } from './ids';
import { toolsOf } from './present';
import { ensureThread, findThreadOfConversation, insertRun, updateRun } from './repo';
import { retrievalTool, type KnowledgeSearchPort } from './retrieval-tool';
import type { AssistantsService } from './service';
import { IMAGE_VISION_TOOL } from '@parley/shared/schemas/assistant';
import { isActionFunction } from './tool-defs';

export const MISSING_THREAD = 'Missing thread_id for existing conversation';

export interface AssistantsChatDeps {
  db: Db;
  engine: ChatEngine;
  assistants: AssistantsService;
  knowledge: KnowledgeSearchPort;
  /** Plugin and MCP tools by function name, with the caller's credentials. */
  pluginTools(userId: string, names: readonly string[]): Promise<AgentTool[]>;
  /** The assistant's action functions (none when actions are not available). */
  actionTools(userId: string, assistant: AssistantRow): Promise<AgentTool[]>;
  /** Python for `code_interpreter` (absent: the tool is not offered). */
  codeInterpreter?: CodeInterpreterPort;
  now?: () => Date;
}

export interface AssistantsChatInput {
  userId: string;
  ip: string;
  body: AssistantsChatRequest;
}

function systemOf(assistant: AssistantRow, body: AssistantsChatRequest): string | undefined {
  const instructions = body.instructions?.trim() || assistant.instructions?.trim();
  const extra = body.promptPrefix?.trim();
  const lines = [
    ...(instructions ? [instructions] : []),
    ...(extra ? [`Additional instructions:\n${extra}`] : []),
  ];
  return lines.length > 0 ? lines.join('\n\n') : undefined;
}

async function toolsFor(
  deps: AssistantsChatDeps,
  userId: string,
  assistant: AssistantRow,
  body: AssistantsChatRequest,
  threadId: string,
) {
  const tools = toolsOf(assistant);
  const names = tools.flatMap((tool) =>
    tool.type === 'function' &&
    tool.function.name !== IMAGE_VISION_TOOL &&
    !isActionFunction(tool.function.name)
      ? [tool.function.name]
      : [],
  );
  const agentTools: AgentTool[] = [...(await deps.pluginTools(userId, names))];
  if (tools.some((tool) => tool.type === 'retrieval')) {
    const fileIds = [...assistant.fileIds, ...(body.files ?? []).map((file) => file.file_id)];
    agentTools.push({ tool: retrievalTool(deps.knowledge, fileIds), label: 'Retrieval', auth: {} });
  }
  // Offered only where code can run in isolation (the builder says why not).
  const interpreter = tools.some((tool) => tool.type === 'code_interpreter')
    ? await deps.codeInterpreter?.status()
    : undefined;
  if (deps.codeInterpreter && interpreter?.available) {
    const fileIds = [...new Set([...assistant.fileIds, ...(body.files ?? []).map((file) => file.file_id)])];
    const names = fileIds.length > 0 ? [...(await deps.knowledge.filenames(userId, fileIds)).values()] : [];
    agentTools.push({
      // One interpreter per thread: variables and files carry from turn to turn.
      tool: codeInterpreterTool(deps.codeInterpreter, fileIds, names, interpreter.packages, threadId),
      label: 'Code Interpreter',
      auth: {},
    });
  }
  agentTools.push(...(await deps.actionTools(userId, assistant)));
  return agentTools;
}

/** The run record's `last_error` of a run stopped at its time limit (its reply says so too). */
function expiredError(timeoutMs: number): { code: string; message: string } {
  const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 100) / 10} s` : `${timeoutMs} ms`;
  return {
    code: 'run_expired',
    message: `The run took too long and was stopped (time limit ${limit}).`,
  };
}

/** Whether the message's images reach the model: the assistant's `image_vision`, if the server offers it. */
function visionOf(deps: AssistantsChatDeps, assistant: AssistantRow): AssistantTurn['vision'] {
  if (!deps.assistants.settings.capabilities.has('image_vision')) return 'unavailable';
  const has = toolsOf(assistant).some(
    (tool) => tool.type === 'function' && tool.function.name === IMAGE_VISION_TOOL,
  );
  return has ? 'on' : 'off';
}

type RunProgress = Parameters<AssistantRunHooks['progress']>[0];

/**
 * The run record's changes in order (a status never lands after a later one): `cancelling` once stopped,
 * `in_progress` (first time: `started_at`) and `requires_action` while it works, nothing after its end.
 */
function runWriter(deps: AssistantsChatDeps, userId: string, runId: string, now: () => Date) {
  let chain: Promise<unknown> = Promise.resolve();
  let status: RunProgress | 'queued' | 'cancelling' | 'ended' = 'queued';
  const write = (values: Parameters<typeof updateRun>[3]) => {
    chain = chain.then(() => updateRun(deps.db, userId, runId, values)).catch(() => undefined);
  };
  return {
    progress(next: RunProgress) {
      if (status === next || status === 'cancelling' || status === 'ended') return;
      write({ status: next, ...(status === 'queued' ? { startedAt: now() } : {}) });
      status = next;
    },
    cancelling() {
      if (status === 'ended') return;
      status = 'cancelling';
      write({ status: 'cancelling' });
    },
    async end(values: Parameters<typeof updateRun>[3]) {
      status = 'ended';
      await chain;
      await updateRun(deps.db, userId, runId, values);
    },
  };
}

function runHooks(
  deps: AssistantsChatDeps,
  userId: string,
  assistant: AssistantRow,
  run: { threadId: string; model: string },
): AssistantTurn['begin'] {
  const now = deps.now ?? (() => new Date());
  const { timeoutMs } = deps.assistants.settings;
  return async ({ conversationId, messageId, stopped }): Promise<AssistantRunHooks> => {
    const thread = await ensureThread(deps.db, userId, conversationId, run.threadId);
    const created = now();
    // Queued until its model answers (`started_at` is then set).
    const row = await insertRun(deps.db, {
      id: newId('run'),
      userId,
      threadId: thread.id,
      assistantId: assistant.id,
      model: run.model,
      messageId,
      status: 'queued',
      expiresAt: new Date(created.getTime() + timeoutMs),
    });
    const timeout = AbortSignal.timeout(timeoutMs);
    const record = runWriter(deps, userId, row.id, now);
    const cancelling = () => record.cancelling();
    stopped.addEventListener('abort', cancelling, { once: true });
    return {
      threadId: thread.id,
      timeout,
      progress: (status) => record.progress(status),
      async end(outcome: AssistantRunOutcome) {
        stopped.removeEventListener('abort', cancelling);
        const at = now();
        const prompt = outcome.usage?.inputTokens ?? 0;
        const completion = outcome.usage?.outputTokens ?? 0;
        await record.end({
          status: outcome.status,
          ...(outcome.status === 'completed' ? { completedAt: at } : {}),
          ...(outcome.status === 'cancelled' ? { cancelledAt: at } : {}),
          ...(outcome.status === 'failed' ? { failedAt: at, lastError: outcome.error ?? null } : {}),
          ...(outcome.status === 'expired' ? { lastError: expiredError(timeoutMs) } : {}),
          usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
        });
      },
    };
  };
}

/** Checks the request (404 for an assistant that is not the caller's, 400 without a thread) and starts. */
export async function startAssistantChat(
  deps: AssistantsChatDeps,
  input: AssistantsChatInput,
): Promise<StartedGeneration> {
  const { userId, body } = input;
  const assistant = await deps.assistants.getRow(userId, body.assistant_id);
  const existing = body.conversationId && body.conversationId !== 'new' ? body.conversationId : undefined;
  let threadId = newId('thread');
  if (existing) {
    if (!body.thread_id) throw badRequest(MISSING_THREAD, { thread_id: 'is required' });
    const thread = await findThreadOfConversation(deps.db, userId, existing);
    if (thread) {
      if (thread.id !== body.thread_id) {
        throw badRequest('thread_id does not belong to this conversation', { thread_id: 'does not match' });
      }
      threadId = thread.id;
    }
  }
  const chatBody: ChatRequestBody = {
    text: body.text,
    endpoint: 'assistants',
    model: body.model,
    conversationId: body.conversationId ?? null,
    parentMessageId: body.parentMessageId ?? null,
    messageId: body.messageId ?? null,
    responseMessageId: body.responseMessageId ?? null,
    assistant_id: assistant.id,
    thread_id: threadId,
    ...(body.instructions ? { instructions: body.instructions } : {}),
    ...(body.promptPrefix ? { promptPrefix: body.promptPrefix } : {}),
    ...(body.files ? { files: body.files } : {}),
    ...(body.key ? { key: body.key } : {}),
  };
  const assistantTurn: AssistantTurn = {
    sender: assistantSender(assistant.name),
    tools: await toolsFor(deps, userId, assistant, body, threadId),
    system: systemOf(assistant, body),
    vision: visionOf(deps, assistant),
    begin: runHooks(deps, userId, assistant, { threadId, model: body.model }),
  };
  return deps.engine.start({
    userId,
    ip: input.ip,
    routeEndpoint: 'assistants',
    body: chatBody,
    assistant: assistantTurn,
  });
}
