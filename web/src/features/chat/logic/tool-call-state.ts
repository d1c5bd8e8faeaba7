import type { ToolCall } from '@parley/shared/schemas/message';

export type ToolCallState = 'running' | 'done' | 'failed';

/** The output of a tool that failed on the server says so with this phrase (SPEC §4 Tool call progress). */
const ERROR_PROCESSING_TOOL = /error processing tool/i;

/** SPEC §4: progress below 1 runs, 1 or more is finished; 2 or more, or an error output, failed. */
export function toolCallState(call: Pick<ToolCall, 'progress' | 'output'>): ToolCallState {
  const progress = call.progress ?? 0;
  if (progress >= 2 || (progress >= 1 && ERROR_PROCESSING_TOOL.test(call.output ?? ''))) return 'failed';
  return progress >= 1 ? 'done' : 'running';
}

/** Arguments as the model sent them, pretty-printed when they are JSON. */
export function formatToolInput(args: string | undefined): string {
  if (!args) return '';
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}
