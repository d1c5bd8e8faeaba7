// What a test can script on the fake OpenAI server. The same shape is accepted as JSON by
// `POST /__control/script` and by `fake.script(...)` in-process.

export type FinishReason = 'stop' | 'length' | 'content_filter' | 'tool_calls';

export interface ScriptedUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** An HTTP error returned instead of a completion. `body` replaces the default OpenAI-shaped error. */
export interface ScriptedError {
  status: number;
  body?: Record<string, unknown>;
  type?: string;
  code?: string | null;
  message?: string;
  /** Sent as is instead of JSON (a proxy's HTML page, a huge dump); content type `text/html` unless `headers` say. */
  rawBody?: string;
  /** Extra response headers, e.g. `{ 'retry-after': '1' }`. */
  headers?: Record<string, string>;
}

export interface ScriptedToolCall {
  id: string;
  name: string;
  /** The JSON arguments as a string, streamed in pieces of the reply's `chunkSize` (default 8) characters. */
  arguments: string;
}

export interface ScriptedReply {
  text?: string;
  /** Explicit content deltas; wins over `text`. */
  chunks?: string[];
  /** Characters per delta when `text` (default 4) or tool arguments (default 8) are split. */
  chunkSize?: number;
  /** Delay between deltas. */
  delayMs?: number;
  /** Delay after the response headers and before the first chunk. */
  firstChunkDelayMs?: number;
  finishReason?: FinishReason;
  usage?: ScriptedUsage;
  error?: ScriptedError;
  /**
   * Destroy the socket after this many deltas (content or tool call) have been written.
   * Non-streaming: any value destroys the socket before a response is sent.
   */
  dropAfterChunks?: number;
  /**
   * Stop writing after this many deltas but keep the socket open until the client goes away.
   * Non-streaming: any value means no response is ever sent.
   */
  stallAfterChunks?: number;
  /**
   * Pause after this many deltas until the test releases the stream (`POST /__control/release`,
   * `fake.release()`), then play the rest. Streaming only.
   */
  holdAfterChunks?: number;
  toolCalls?: ScriptedToolCall[];
  /**
   * Answer with `text` followed by the content of the request's last `tool` message (what the last tool
   * call returned), as a model quoting its tool would: a journey sees a tool's real output in the answer.
   */
  quoteToolOutput?: boolean;
}

export interface ScriptedModel {
  id: string;
  created?: number;
  owned_by?: string;
}

/** `R` lets another vendor's fake extend the reply with its own fields (finish reasons, usage names). */
export interface ScriptInput<R extends object = ScriptedReply> {
  /** Appended to the queue; each chat completion request consumes one. */
  replies?: R[];
  /** Replaces the model list served by `GET /v1/models`. */
  models?: Array<string | ScriptedModel>;
  /** Key every `/v1` request must carry as a Bearer token, and every Azure `/openai` request as `api-key`; `null` turns the check off. */
  apiKey?: string | null;
}
