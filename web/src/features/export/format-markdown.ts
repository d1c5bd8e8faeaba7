import {
  conversationOptions,
  messagesToExport,
  messageText,
  optionLines,
  type ExportSettings,
  type ExportSource,
} from './export-options';

/** The Markdown export: a header list, options when asked for, then each message under its bold sender. */
export function formatMarkdown(
  source: ExportSource,
  settings: Pick<ExportSettings, 'includeOptions'>,
): string {
  const { conversation } = source;
  const parts = [
    '# Conversation\n',
    `- conversationId: ${conversation.conversationId}\n`,
    `- endpoint: ${conversation.endpoint}\n`,
    `- title: ${conversation.title}\n`,
    `- exportAt: ${source.exportAt}\n`,
  ];
  if (settings.includeOptions) {
    parts.push('\n## Options\n');
    for (const [key, value] of optionLines(conversationOptions(conversation)))
      parts.push(`- ${key}: ${value}\n`);
  }
  parts.push('\n## History\n');
  for (const message of messagesToExport(source, false)) {
    parts.push(`**${message.sender}**\n${messageText(message)}\n\n`);
  }
  return parts.join('');
}
