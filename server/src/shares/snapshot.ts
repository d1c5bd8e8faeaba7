import { randomUUID } from 'node:crypto';
import { NO_PARENT } from '@parley/shared/constants';
import type { ContentPart, Message, MessageFile, ToolCall } from '@parley/shared/schemas/message';
import type { SharedMessage } from '@parley/shared/schemas/share';
import { shareFilePath } from './share-file-links';

/** What every user message of a share is signed as (API.md: authors appear as "User" and the model's label). */
export const SHARED_USER_SENDER = 'User';
const REDACTED = '[redacted]';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** The owner's own file links (signed, any query) inside text: `/api/files/content/<id>?exp=…&sig=…`. */
const OWN_FILE_LINKS = new RegExp(`/api/files/content/(${UUID})(?:\\?[A-Za-z0-9_=&%.-]*)?`, 'g');
/** Argument names whose values are credentials: dropped from a share's tool calls. */
const SECRET_NAME = /(key|token|secret|password|passwd|credential|auth|cookie|session|bearer|signature)/i;
const SECRET_VALUE = /(api[_-]?key|access[_-]?token|secret|password|bearer\s|authorization)/i;

/** The file ids a path refers to: attachments, generated images, and file links inside text and tool output. */
export function fileIdsOf(path: readonly Message[]): string[] {
  const ids = new Set<string>();
  for (const message of path) {
    for (const file of message.files ?? []) ids.add(file.file_id.toLowerCase());
    for (const part of message.content ?? []) {
      if (part.type === 'image_file') ids.add(part.image_file.file_id.toLowerCase());
    }
    const text = `${message.text}\n${message.content ? JSON.stringify(message.content) : ''}`;
    for (const match of text.matchAll(OWN_FILE_LINKS)) ids.add((match[1] ?? '').toLowerCase());
  }
  ids.delete('');
  return [...ids];
}

/** Tool arguments as a share keeps them: JSON with every credential-named value redacted, else all or nothing. */
export function redactArguments(args: string): string {
  try {
    return JSON.stringify(redactValue(JSON.parse(args)));
  } catch {
    return SECRET_VALUE.test(args) ? REDACTED : args;
  }
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [
        name,
        SECRET_NAME.test(name) ? REDACTED : redactValue(inner),
      ]),
    );
  }
  return value;
}

export interface SnapshotInput {
  shareId: string;
  /** Root first, as `pathToRoot` answers it. */
  path: readonly Message[];
  /** The owner's file id → the id of its copy in the share; null when files are not copied. */
  copies: ReadonlyMap<string, string> | null;
}

/**
 * The path as a share shows it: fresh message ids, no owner ids, no token counts, thread ids or icons (an
 * icon may be the owner's file), users as "User", tool calls without credentials, and every file reference
 * pointing into the share — or to nothing, when the file was not copied.
 */
export function snapshotMessages({ shareId, path, copies }: SnapshotInput): SharedMessage[] {
  const ids = new Map<string, string>();
  const idOf = (messageId: string) => {
    let id = ids.get(messageId);
    if (!id) {
      id = randomUUID();
      ids.set(messageId, id);
    }
    return id;
  };
  const linkOf = (fileId: string): string | undefined => {
    const copy = copies?.get(fileId.toLowerCase());
    return copy ? shareFilePath(shareId, copy) : undefined;
  };
  const relinkText = (text: string) =>
    text.includes('/api/files/content/')
      ? text.replace(OWN_FILE_LINKS, (_link, fileId: string) => linkOf(fileId) ?? '')
      : text;

  return path.map((message, index): SharedMessage => {
    const parent = index === 0 ? NO_PARENT : idOf(path[index - 1]?.messageId ?? '');
    const files = message.files?.map((file) => sharedFile(file, linkOf, copies));
    const content = message.content?.map((part) => sharedPart(part, linkOf, copies, relinkText));
    return {
      messageId: idOf(message.messageId),
      conversationId: shareId,
      parentMessageId: parent,
      sender: message.isCreatedByUser ? SHARED_USER_SENDER : message.sender,
      text: relinkText(message.text),
      ...(content ? { content } : {}),
      isCreatedByUser: message.isCreatedByUser,
      model: message.model ?? null,
      endpoint: message.endpoint ?? null,
      error: message.error,
      unfinished: message.unfinished,
      finish_reason: message.finish_reason ?? null,
      isEdited: message.isEdited,
      tokenCount: null,
      ...(files ? { files } : {}),
      ...(message.sources
        ? {
            sources: message.sources.map((source) => ({
              file_id: copies?.get(source.file_id.toLowerCase()) ?? randomUUID(),
              filename: source.filename,
              ...(source.page !== undefined ? { page: source.page } : {}),
              snippet: source.snippet,
            })),
          }
        : {}),
      thread_id: null,
      iconURL: null,
      createdAt: message.createdAt,
      updatedAt: message.updatedAt,
    };
  });
}

function sharedFile(
  file: MessageFile,
  linkOf: (fileId: string) => string | undefined,
  copies: ReadonlyMap<string, string> | null,
): MessageFile {
  const copy = copies?.get(file.file_id.toLowerCase());
  const link = linkOf(file.file_id);
  return {
    file_id: copy ?? randomUUID(),
    ...(file.filename !== undefined ? { filename: file.filename } : {}),
    ...(link ? { filepath: link } : {}),
    ...(file.type !== undefined ? { type: file.type } : {}),
    ...(file.width !== undefined ? { width: file.width } : {}),
    ...(file.height !== undefined ? { height: file.height } : {}),
  };
}

function sharedPart(
  part: ContentPart,
  linkOf: (fileId: string) => string | undefined,
  copies: ReadonlyMap<string, string> | null,
  relinkText: (text: string) => string,
): ContentPart {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: relinkText(part.text) };
    case 'error':
      return part;
    case 'image_file': {
      const { file_id: fileId, filepath: _owner, ...size } = part.image_file;
      const link = linkOf(fileId);
      return {
        type: 'image_file',
        image_file: {
          file_id: copies?.get(fileId.toLowerCase()) ?? randomUUID(),
          ...(link ? { filepath: link } : {}),
          ...size,
        },
      };
    }
    case 'tool_call':
      return { type: 'tool_call', tool_call: sharedToolCall(part.tool_call, relinkText) };
  }
}

function sharedToolCall(call: ToolCall, relinkText: (text: string) => string): ToolCall {
  const outputs = call.outputs
    ? (JSON.parse(relinkText(JSON.stringify(call.outputs))) as ToolCall['outputs'])
    : undefined;
  return {
    ...call,
    ...(call.arguments !== undefined ? { arguments: redactArguments(call.arguments) } : {}),
    ...(call.output != null ? { output: relinkText(call.output) } : {}),
    ...(outputs ? { outputs } : {}),
  };
}
