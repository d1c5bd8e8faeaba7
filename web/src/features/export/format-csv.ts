import { messagesToExport, messageText, type ExportSettings, type ExportSource } from './export-options';

const COLUMNS = [
  'sender',
  'text',
  'isCreatedByUser',
  'error',
  'unfinished',
  'messageId',
  'parentMessageId',
  'createdAt',
] as const;

/** RFC 4180 field: quoted when it holds a comma, quote or line break; quotes doubled. Cells that a
 * spreadsheet would run as a formula are prefixed with an apostrophe. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV export: one row per message (every branch when asked for), with a header row. */
export function formatCsv(source: ExportSource, settings: Pick<ExportSettings, 'branches'>): string {
  const rows = messagesToExport(source, settings.branches).map((message) =>
    [
      message.sender,
      messageText(message),
      String(message.isCreatedByUser),
      String(message.error),
      String(message.unfinished),
      message.messageId,
      message.parentMessageId,
      message.createdAt,
    ]
      .map(csvField)
      .join(','),
  );
  return `${[COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
