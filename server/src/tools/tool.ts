import type { MessageSource } from '@parley/shared/schemas/message';

/**
 * The contract every callable tool implements (ARCHITECTURE.md §6): manifest tools, MCP tools, assistant
 * actions, retrieval and the code interpreter. The agent loop (`agents/`) knows tools only through this.
 */
export interface Tool {
  /** Function name the model calls (`^[a-zA-Z0-9_-]{1,64}$`). */
  readonly name: string;
  readonly description: string;
  /** JSON Schema (an object schema) of the arguments. */
  readonly parameters: Record<string, unknown>;
  /** Credentials the tool needs, per user (SPEC §5 plugin auth fields). */
  readonly authConfig?: readonly ToolAuthField[];
  /**
   * How its content part is typed (SPEC §3 "Tool call types"): `function` (default), `retrieval`, or
   * `code_interpreter` (its `code` argument shown as `input`, its output as `outputs` logs).
   */
  readonly partType?: 'function' | 'retrieval' | 'code_interpreter';
  /** Time limit of one call when the tool needs its own (default: the run's, 30 s). */
  readonly timeoutMs?: number;
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;
}

export interface ToolAuthField {
  authField: string;
  label: string;
  description: string;
}

export interface ToolContext {
  userId: string;
  /** Resolved auth values (environment first, then the user's stored ones), by `authField`. */
  auth: Readonly<Record<string, string>>;
  /** Aborted on user abort or when the call's time limit passes; tools must stop and not write. */
  signal: AbortSignal;
  /** Reports progress between 0 and 1 while running (shown as the part's `progress`). */
  reportProgress?(progress: number): void;
  /** Saves bytes a tool generated (images) as the user's file; returns what an `image_file` part needs. */
  saveFile?(file: GeneratedFile): Promise<SavedToolFile>;
  /**
   * Bills a model call the tool made itself (an image generation): one `tool` row in the spend ledger, for
   * the user of the run. Tools call it once the vendor answered, whether or not the result was usable.
   */
  recordModelCall?(call: ToolModelCall): Promise<void>;
}

/** A model call a tool made itself: the vendor's endpoint, its model and the tokens it counted or we estimated. */
export interface ToolModelCall {
  endpoint: string;
  model: string;
  promptTokens: number;
  completionTokens?: number;
}

export interface GeneratedFile {
  bytes: Buffer;
  filename: string;
  mimeType: string;
}

export interface SavedToolFile {
  file_id: string;
  filepath: string;
  width?: number;
  height?: number;
}

export interface ToolResult {
  /** What the model sees (data, never instructions to us); capped by the loop. */
  output: string;
  /** Files the tool saved, shown as `image_file` parts. */
  files?: SavedToolFile[];
  /**
   * A code-interpreter part's `outputs` (`{type: "logs", logs}`, `{type: "file", file}` entries); when given,
   * the part shows these instead of `output`. Default: `output` as its logs.
   */
  outputs?: Array<Record<string, unknown>>;
  /** Knowledge passages the tool handed the model (retrieval): they become the reply's sources. */
  sources?: MessageSource[];
}

/** A failure the model and the user should see as the tool part's output (not a server error). */
export class ToolError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ToolError';
  }
}
