import { buildTree, type TreeNode } from '@parley/shared/messages/tree';
import type { ExportedConversation, ExportedMessage } from '@parley/shared/schemas/export';
import type { Message } from '@parley/shared/schemas/message';
import {
  conversationOptions,
  messagesToExport,
  type ExportSettings,
  type ExportSource,
} from './export-options';

function plain(message: Message): ExportedMessage {
  const { searchResult: _searchResult, ...rest } = message;
  return rest;
}

function nested(node: TreeNode<Message>): ExportedMessage {
  const { children, ...message } = node;
  return { ...plain(message), children: children.map(nested) };
}

/**
 * The JSON export (`ExportedConversation`, importable again): messages flat and linked by parent id
 * (sequential) or as a tree of roots with `children` (recursive); options only when asked for.
 */
export function formatJson(
  source: ExportSource,
  settings: Pick<ExportSettings, 'includeOptions' | 'branches' | 'recursive'>,
): string {
  const { conversation } = source;
  const messages = messagesToExport(source, settings.branches);
  const exported: ExportedConversation = {
    conversationId: conversation.conversationId,
    title: conversation.title,
    endpoint: conversation.endpoint,
    endpointType: conversation.endpointType ?? null,
    createdAt: conversation.createdAt,
    updatedAt: conversation.updatedAt,
    exportAt: source.exportAt,
    branches: settings.branches,
    recursive: settings.recursive,
    ...(settings.includeOptions ? { options: conversationOptions(conversation) } : {}),
    messages: settings.recursive ? buildTree(messages).map(nested) : messages.map(plain),
  };
  return `${JSON.stringify(exported, null, 2)}\n`;
}
