import {
  assistantToolSchema,
  type Assistant,
  type AssistantDocument,
  type AssistantTool,
} from '@parley/shared/schemas/assistant';
import { ACTION_DELIMITER, actionMetadataSchema, type Action } from '@parley/shared/schemas/action';
import type { Run } from '@parley/shared/schemas/assistant-run';
import { runUsageSchema } from '@parley/shared/schemas/assistant-run';
import type { AssistantActionRow, AssistantRow, AssistantRunRow } from '../db/schema';

const seconds = (date: Date | null): number | null => (date ? Math.floor(date.getTime() / 1000) : null);

/** Stored tools, read back through the schema (a row that does not parse loses only that tool). */
export function toolsOf(row: AssistantRow): AssistantTool[] {
  return row.tools.flatMap((tool) => {
    const parsed = assistantToolSchema.safeParse(tool);
    return parsed.success ? [parsed.data] : [];
  });
}

const stringEntries = (metadata: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(metadata).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

export function presentAssistant(row: AssistantRow, linkOf: (fileId: string) => string): Assistant {
  const metadata = stringEntries(row.metadata);
  delete metadata.avatar;
  delete metadata.avatar_source;
  return {
    id: row.id,
    object: 'assistant',
    created_at: seconds(row.createdAt) ?? 0,
    name: row.name,
    description: row.description,
    instructions: row.instructions,
    model: row.model,
    tools: toolsOf(row),
    file_ids: row.fileIds.filter((id) => typeof id === 'string'),
    metadata: {
      ...metadata,
      author: row.userId,
      ...(row.avatarFileId ? { avatar: linkOf(row.avatarFileId), avatar_source: 'local' } : {}),
    },
  };
}

export function presentAction(row: AssistantActionRow): Action {
  const parsed = actionMetadataSchema.safeParse(row.metadata);
  const metadata = parsed.success
    ? parsed.data
    : { domain: row.domain, raw_spec: '', auth: { type: 'none' as const } };
  return { action_id: row.actionId, assistant_id: row.assistantId, type: 'action_prototype', metadata };
}

export function presentDocument(
  row: AssistantRow,
  actions: readonly AssistantActionRow[],
  linkOf: (fileId: string) => string,
): AssistantDocument {
  return {
    assistant_id: row.id,
    ...(row.avatarFileId ? { avatar: { filepath: linkOf(row.avatarFileId), source: 'local' } } : {}),
    actions: actions
      .filter((action) => action.assistantId === row.id)
      .map((action) => `${action.domain}${ACTION_DELIMITER}${action.actionId}`),
  };
}

export function presentRun(row: AssistantRunRow): Run {
  const usage = runUsageSchema.safeParse(row.usage);
  const lastError = row.lastError as { code?: unknown; message?: unknown } | null;
  return {
    id: row.id,
    object: 'thread.run',
    thread_id: row.threadId,
    assistant_id: row.assistantId,
    model: row.model,
    status: row.status,
    created_at: seconds(row.createdAt) ?? 0,
    started_at: seconds(row.startedAt),
    completed_at: seconds(row.completedAt),
    cancelled_at: seconds(row.cancelledAt),
    failed_at: seconds(row.failedAt),
    expires_at: seconds(row.expiresAt),
    last_error:
      lastError && typeof lastError.code === 'string' && typeof lastError.message === 'string'
        ? { code: lastError.code, message: lastError.message }
        : null,
    usage: usage.success ? usage.data : null,
  };
}
