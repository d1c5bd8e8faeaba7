import type { FinishReason } from '../types';

/**
 * Anthropic's stop_reason → the unified finish reason. `refusal` is the model declining for safety;
 * `pause_turn` (a server tool paused a long turn) and anything unknown are `other`.
 */
export function mapAnthropicStopReason(reason: string | undefined): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool-calls';
    case 'refusal':
      return 'content-filter';
    default:
      return 'other';
  }
}
