import { endpointOptionsSchema, type EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import type { Conversation } from '@parley/shared/schemas/conversation';
import type { Message } from '@parley/shared/schemas/message';

/** SPEC §2 Export dialog types, in the order the dialog lists them. */
export const EXPORT_TYPES = ['screenshot', 'text', 'markdown', 'json', 'csv'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

export const EXPORT_EXTENSIONS: Record<ExportType, string> = {
  screenshot: 'png',
  text: 'txt',
  markdown: 'md',
  json: 'json',
  csv: 'csv',
};

export const EXPORT_MIME_TYPES: Record<ExportType, string> = {
  screenshot: 'image/png',
  text: 'text/plain;charset=utf-8',
  markdown: 'text/markdown;charset=utf-8',
  json: 'application/json;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
};

export interface ExportSettings {
  type: ExportType;
  filename: string;
  includeOptions: boolean;
  branches: boolean;
  recursive: boolean;
}

/** What each type can do (SPEC §2): CSV and screenshot cannot include endpoint options; only JSON and
 * CSV export branches; only JSON nests (recursive) or lists (sequential) its messages. */
export function allowedOptions(type: ExportType): {
  includeOptions: boolean;
  branches: boolean;
  recursive: boolean;
} {
  return {
    includeOptions: type !== 'csv' && type !== 'screenshot',
    branches: type === 'json' || type === 'csv',
    recursive: type === 'json',
  };
}

/** The settings as they apply: an option the type does not allow is off. */
export function effectiveSettings(settings: ExportSettings): ExportSettings {
  const allowed = allowedOptions(settings.type);
  return {
    ...settings,
    includeOptions: allowed.includeOptions && settings.includeOptions,
    branches: allowed.branches && settings.branches,
    recursive: allowed.recursive && settings.recursive,
  };
}

/** SPEC §2: the file name is sanitised: no path separators, control or reserved characters, bounded. */
export function sanitizeFilename(name: string, fallback = 'conversation'): string {
  const cleaned = name
    .replace(/[\p{Cc}<>:"/\\|?*]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 200)
    .trim();
  return cleaned === '' ? fallback : cleaned;
}

export function exportFileName(settings: Pick<ExportSettings, 'type' | 'filename'>): string {
  return `${sanitizeFilename(settings.filename)}.${EXPORT_EXTENSIONS[settings.type]}`;
}

/** What an export says about its conversation. */
export interface ExportSource {
  conversation: Conversation;
  /** Every saved message (all branches). */
  all: readonly Message[];
  /** The thread on screen, root first. */
  visible: readonly Message[];
  exportAt: string;
}

/** The messages to write: every branch, or the visible thread. */
export function messagesToExport(source: ExportSource, branches: boolean): readonly Message[] {
  return branches ? source.all : source.visible;
}

/** The conversation's endpoint options without empty values (what "include endpoint options" adds). */
export function conversationOptions(conversation: Conversation): EndpointOptions {
  const parsed = endpointOptionsSchema.partial().safeParse(conversation);
  const options: Record<string, unknown> = {};
  if (parsed.success) {
    for (const [key, value] of Object.entries(parsed.data)) {
      if (value !== null && value !== undefined && value !== '') options[key] = value;
    }
  }
  return options as EndpointOptions;
}

/** A message's text: its `text`, or its text parts when the text is empty (assistant content). */
export function messageText(message: Message): string {
  if (message.text !== '' || !message.content) return message.text;
  return message.content
    .map((part) => (part.type === 'text' ? part.text : part.type === 'error' ? part.error : ''))
    .filter((text) => text !== '')
    .join('\n');
}

/** Option values printed one per line in text and Markdown exports. */
export function optionLines(options: EndpointOptions): [string, string][] {
  return Object.entries(options).map(([key, value]) => [
    key,
    typeof value === 'string' ? value : JSON.stringify(value),
  ]);
}
