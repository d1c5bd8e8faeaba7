import type { FinishReason } from '../types';

// Candidates stopped by a filter: safety, recitation of training data, blocklists, personal data.
const FILTERED = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/**
 * Gemini's finishReason → the unified finish reason. Gemini ends a turn that calls functions with STOP,
 * so STOP after function calls is `tool-calls`.
 */
export function mapGoogleFinishReason(reason: string | undefined, calledTools: boolean): FinishReason {
  if (reason === 'STOP') return calledTools ? 'tool-calls' : 'stop';
  if (reason === 'MAX_TOKENS') return 'length';
  if (reason !== undefined && FILTERED.has(reason)) return 'content-filter';
  return 'other';
}
