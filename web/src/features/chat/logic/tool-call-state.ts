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

/** How a tool call is titled (SPEC §4 Tool call progress). */
export type ToolCallKind = 'code' | 'retrieval' | 'image' | 'tool';

/** Image tools say "Creating Image" / "Finished" (SPEC §4). */
const IMAGE_TOOL = /^(dalle|dall-e|stable-diffusion|flux|image_gen)/i;

export function toolCallKind(call: Pick<ToolCall, 'type' | 'name'>): ToolCallKind {
  if (call.type === 'code_interpreter') return 'code';
  if (call.type === 'retrieval') return 'retrieval';
  return IMAGE_TOOL.test(call.name ?? '') ? 'image' : 'tool';
}

/**
 * A tool call's title: the locale key, and where the tool's name goes — inside the text (`{{tool}}`: "Used X",
 * "X failed"), beside it, or nowhere (code interpreter and retrieval name themselves). SPEC §4's image texts
 * ("Creating Image" / "Finished") say nothing of which tool made the image, so its name follows them.
 */
export interface ToolCallTitle {
  key:
    | 'com_ui_tool_failed'
    | 'com_ui_tool_using'
    | 'com_ui_tool_used'
    | 'com_assistants_analyzing'
    | 'com_assistants_finished_analyzing'
    | 'com_assistants_searching_knowledge'
    | 'com_assistants_used_retrieval'
    | 'com_assistants_creating_image'
    | 'com_assistants_finished';
  tool: 'in-text' | 'beside' | 'none';
}

export function toolCallTitle(kind: ToolCallKind, state: ToolCallState): ToolCallTitle {
  if (state === 'failed') return { key: 'com_ui_tool_failed', tool: 'in-text' };
  const running = state === 'running';
  switch (kind) {
    case 'code':
      return {
        key: running ? 'com_assistants_analyzing' : 'com_assistants_finished_analyzing',
        tool: 'none',
      };
    case 'retrieval':
      return {
        key: running ? 'com_assistants_searching_knowledge' : 'com_assistants_used_retrieval',
        tool: 'none',
      };
    case 'image':
      return { key: running ? 'com_assistants_creating_image' : 'com_assistants_finished', tool: 'beside' };
    case 'tool':
      return { key: running ? 'com_ui_tool_using' : 'com_ui_tool_used', tool: 'in-text' };
  }
}

/** A file a code-interpreter run wrote, as its outputs list it. */
export interface OutputFile {
  file_id: string;
  filename?: string;
  filepath?: string;
  type?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A MIME type given as `type`, `mimeType` or `mime_type` (an entry's own `type` such as "file" is not one). */
function mimeOf(source: Record<string, unknown>): string | undefined {
  for (const value of [source.mime_type, source.mimeType, source.type]) {
    if (typeof value === 'string' && value.includes('/')) return value;
  }
  return undefined;
}

/** The logs and files of a code-interpreter call's `outputs` (`{type: "logs", logs}`, image or file entries). */
export function readOutputs(outputs: ToolCall['outputs']): { logs: string; files: OutputFile[] } {
  const logs: string[] = [];
  const files: OutputFile[] = [];
  for (const output of outputs ?? []) {
    const log = text(output.logs);
    if (log) logs.push(log);
    const nested = [output.image, output.file].find(
      (value) => typeof value === 'object' && value !== null,
    ) as Record<string, unknown> | undefined;
    const source = nested ?? output;
    const fileId = text(source.file_id);
    if (fileId) {
      files.push({
        file_id: fileId,
        filename: text(source.filename),
        filepath: text(source.filepath),
        type: mimeOf(source) ?? (output.type === 'image' ? 'image/*' : undefined),
      });
    }
  }
  return { logs: logs.join('\n'), files };
}
