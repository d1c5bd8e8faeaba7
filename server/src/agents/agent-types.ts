// What the tool loop needs from whoever runs it (the chat engine, later assistants): a way to call the model
// and a place to report parts. It knows nothing of HTTP or SQL.
import type { AgentKind } from '@parley/shared/schemas/plugin';
import type { ContentPart, MessageSource } from '@parley/shared/schemas/message';
import type { ChatRequest, FinishReason, Usage } from '../providers/types';
import type { Tool, ToolContext } from '../tools/tool';
import type { ContentParts } from './content-parts';

/** A tool as a run uses it: the function the model calls, its display name and the caller's credentials. */
export interface AgentTool {
  tool: Tool;
  /** Shown in "Using X..." (the plugin's name). */
  label: string;
  auth: Readonly<Record<string, string>>;
  /** Agents that can drive it; absent: both (structured-only tools are the functions agent's). */
  agents?: readonly AgentKind[] | undefined;
}

export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** What one model call produced. */
export interface ModelStep {
  text: string;
  toolCalls: ModelToolCall[];
  reason: FinishReason;
  rawReason?: string | undefined;
  usage?: Usage | undefined;
}

export interface AgentIO {
  /**
   * Sends one request; `onText` gets its text deltas as they arrive (not called when `streamText` is false).
   * Resolves with the step, or undefined when the run was aborted meanwhile. Throws provider failures.
   */
  callModel(
    request: ChatRequest,
    onText: ((delta: string) => void) | undefined,
  ): Promise<ModelStep | undefined>;
  saveFile?: ToolContext['saveFile'];
  /** Bills a tool's own model call (the ledger's `tool` row). */
  recordModelCall?: ToolContext['recordModelCall'];
  /** Hears the knowledge passages a tool handed the model (the reply's sources). */
  addSources?(sources: readonly MessageSource[]): void;
}

/** Hears every change of the reply's content parts (to stream and save them). */
export interface ContentListener {
  /** A content part was added or changed at `index`. */
  onPart(index: number, part: ContentPart): void;
  /** Text was added to the text part at `index` (`offset`: its length before). */
  onText(index: number, delta: string, offset: number): void;
}

export interface AgentLimits {
  /** Model calls with tools before an answer without them is asked for (default 10). */
  maxSteps: number;
  /** Time limit of one tool call (default 30 s). */
  toolTimeoutMs: number;
  /** Longest tool output the model sees (default 20,000 characters). */
  outputCap: number;
}

export const DEFAULT_AGENT_LIMITS: AgentLimits = { maxSteps: 10, toolTimeoutMs: 30_000, outputCap: 20_000 };

export interface AgentRunInput {
  userId: string;
  /** The prompt: model, system, history and the user's message, credentials. Tools are added by the agent. */
  request: ChatRequest;
  tools: readonly AgentTool[];
  io: AgentIO;
  /** Where the reply's parts are built (the caller reads them to save the reply). */
  content: ContentParts;
  signal: AbortSignal;
  limits?: Partial<AgentLimits>;
  /**
   * false: the agent's own text stays internal and the answer comes from one more call with `completionModel`
   * (reference §14.2 completion phase). Default true: the agent's answer is the reply.
   */
  skipCompletion?: boolean;
  completionModel?: string;
}

export interface AgentOutcome {
  /** The last model call's finish (undefined when aborted). */
  reason?: FinishReason | undefined;
  rawReason?: string | undefined;
  /** Every model call's usage, summed (calls that reported none are left out; see `unreportedCalls`). */
  usage: Required<Usage>;
  unreportedCalls: number;
  aborted: boolean;
}
