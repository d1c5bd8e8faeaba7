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
      tool: codeInterpreterTool(deps.codeInterpreter, fileIds, names, interpreter.packages),
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

function runHooks(
  deps: AssistantsChatDeps,
  userId: string,
  assistant: AssistantRow,
  threadId: string,
): AssistantTurn['begin'] {
  const now = deps.now ?? (() => new Date());
  const { timeoutMs } = deps.assistants.settings;
  return async ({ conversationId, messageId, stopped }): Promise<AssistantRunHooks> => {
    const thread = await ensureThread(deps.db, userId, conversationId, threadId);
    const started = now();
    const run = await insertRun(deps.db, {
      id: newId('run'),
      userId,
      threadId: thread.id,
      assistantId: assistant.id,
      model: assistant.model,
      messageId,
      status: 'in_progress',
      startedAt: started,
      expiresAt: new Date(started.getTime() + timeoutMs),
    });
    const timeout = AbortSignal.timeout(timeoutMs);
    const cancelling = () => {
      void updateRun(deps.db, userId, run.id, { status: 'cancelling' }).catch(() => undefined);
    };
    stopped.addEventListener('abort', cancelling, { once: true });
    return {
      threadId: thread.id,
      timeout,
      async end(outcome: AssistantRunOutcome) {
        stopped.removeEventListener('abort', cancelling);
        const at = now();
        const prompt = outcome.usage?.inputTokens ?? 0;
        const completion = outcome.usage?.outputTokens ?? 0;
        await updateRun(deps.db, userId, run.id, {
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
    tools: await toolsFor(deps, userId, assistant, body),
    system: systemOf(assistant, body),
    begin: runHooks(deps, userId, assistant, threadId),
  };
  return deps.engine.start({
    userId,
    ip: input.ip,
    routeEndpoint: 'assistants',
    body: chatBody,
    assistant: assistantTurn,
  });
}
