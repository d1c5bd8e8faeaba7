import type { ContentPart } from '@parley/shared/schemas/message';

/**
 * A conversation read from an import file, before it gets ids of its own: messages still carry the file's
 * ids, which only link them to each other (`sourceParentId` null = a root).
 */
export interface ImportedMessage {
  sourceId: string;
  sourceParentId: string | null;
  sender: string;
  text: string;
  content?: ContentPart[];
  isCreatedByUser: boolean;
  model: string | null;
  endpoint: string | null;
  error: boolean;
  unfinished: boolean;
  finishReason: string | null;
  isEdited: boolean;
  tokenCount: number | null;
  iconURL: string | null;
  createdAt: Date | null;
  updatedAt: Date | null;
}

export interface ImportedConversation {
  /** Whose ids the file uses: ChatGPT's, or the LibreChat shape's (LibreChat and Parley files). */
  family: 'chatgpt' | 'conversation';
  /** The conversation's id in the file, when it has one. */
  sourceId: string | null;
  title: string;
  endpoint: string;
  endpointType: string | null;
  model: string | null;
  /** Endpoint options (without `model`), already checked key by key. */
  options: Record<string, unknown>;
  createdAt: Date | null;
  updatedAt: Date | null;
  messages: ImportedMessage[];
}

/** Why one conversation of a file could not be imported; the others still are. */
export class ImportError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ImportError';
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const stringOr = <T>(value: unknown, fallback: T): string | T =>
  typeof value === 'string' ? value : fallback;

/** An ISO string, or epoch seconds (ChatGPT); anything unreadable is null. */
export function dateOf(value: unknown, epochUnit: 'seconds' | 'ms' = 'ms'): Date | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    const date = new Date(epochUnit === 'seconds' ? value * 1000 : value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

const TITLE_MAX_LENGTH = 256;

/** The file's title, trimmed to what a conversation may hold, or null when there is none. */
export function titleOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const title = value.trim().slice(0, TITLE_MAX_LENGTH);
  return title === '' ? null : title;
}
