import {
  conversationOptions,
  messagesToExport,
  messageText,
  optionLines,
  type ExportSettings,
  type ExportSource,
} from './export-options';

const RULE = '########################';

/** The plain-text export: a header, the options when asked for, then each message as `>> sender:`. */
export function formatText(source: ExportSource, settings: Pick<ExportSettings, 'includeOptions'>): string {
  const { conversation } = source;
  const parts = [
    `Conversation\n${RULE}\n`,
    `conversationId: ${conversation.conversationId}\n`,
    `endpoint: ${conversation.endpoint}\n`,
    `title: ${conversation.title}\n`,
    `exportAt: ${source.exportAt}\n`,
  ];
  if (settings.includeOptions) {
    parts.push(`\nOptions\n${RULE}\n`);
    for (const [key, value] of optionLines(conversationOptions(conversation)))
      parts.push(`${key}: ${value}\n`);
  }
  parts.push(`\nHistory\n${RULE}\n`);
  for (const message of messagesToExport(source, false)) {
    parts.push(`>> ${message.sender}:\n${messageText(message)}\n\n`);
  }
  return parts.join('');
}
