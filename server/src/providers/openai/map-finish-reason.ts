import type { FinishReason } from '../types';

/** Chat Completions `finish_reason` → our unified reason; anything unknown (or absent) is 'other'. */
export function mapFinishReason(raw: string | null | undefined): FinishReason {
  switch (raw) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls';
    case 'content_filter':
      return 'content-filter';
    default:
      return 'other';
  }
}
