// What the chat engine needs from other features, as small interfaces bound to their services in
// `create-chat-engine.ts`; the engine itself never sees a database handle.
import type { EndpointKind } from '@parley/shared/endpoints/kinds';
import type { Conversation } from '@parley/shared/schemas/conversation';
import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import type { ContentPart, Message, MessageFile, MessageSource } from '@parley/shared/schemas/message';
import type { FileConfig } from '@parley/shared/schemas/file';
import type { BudgetWarning } from '@parley/shared/schemas/budget';
import type { TurnContext } from '@parley/shared/schemas/turn-context';
import type { Attachment } from '../files/attachment';
import type { ChatProvider, Credentials } from '../providers/types';
import type { AgentTool } from '../agents/agent-types';
import type { GeneratedFile, SavedToolFile } from '../tools/tool';

/** A message as the engine writes it; the messages service upserts it by id, scoped to the user. */
export interface MessageWrite {
  messageId: string;
  conversationId: string;
  parentMessageId: string;
  sender: string;
  text: string;
  content?: ContentPart[] | undefined;
  isCreatedByUser: boolean;
  model?: string | null | undefined;
  endpoint?: string | null | undefined;
  error?: boolean;
  unfinished?: boolean;
  finish_reason?: string | null | undefined;
  isEdited?: boolean;
  tokenCount?: number | null | undefined;
  /** Metadata of the files a user message carries (shown by GET /api/messages). */
  files?: MessageFile[] | undefined;
  /** Knowledge: the document passages a reply was given. */
  sources?: MessageSource[] | undefined;
}

export interface MessagesPort {
  saveMessage(userId: string, message: MessageWrite): Promise<Message>;
  /**
   * A turn's conversation (created, or its options refreshed) and its new user message, saved together:
   * both or neither. With `reply`, the reply's first save rides along (`reply` in the answer: undefined when
   * it was not saved). Another user's conversation is a 404.
   */
  saveTurn(
    userId: string,
    conversation: TurnConversation,
    message: MessageWrite,
    reply?: MessageWrite,
  ): Promise<{ conversation: Conversation; message: Message; reply?: Message }>;
  /** Whether a failed write failed because the database was unreachable (worth retrying shortly). */
  isUnavailable(error: unknown): boolean;
  /** The chain from the root down to `messageId` (inclusive), oldest first, in one query; [] when unknown. */
  pathToRoot(userId: string, conversationId: string, messageId: string): Promise<Message[]>;
  /** Stores the summary of the path up to and including `messageId` on that message. */
  saveSummary(
    userId: string,
    conversationId: string,
    messageId: string,
    summary: string,
    tokenCount: number,
  ): Promise<void>;
}

export interface TurnConversation {
  conversationId: string;
  endpoint: string;
  endpointType?: string | null;
  model?: string | null;
  options: Partial<EndpointOptions>;
  /** A new temporary chat, deleted after `expiredAt` (ignored when the conversation exists). */
  isTemporary?: boolean;
  expiredAt?: Date | null;
  /**
   * The conversation's current leaf from now on (where it reopens, API.md "Long conversations"): the turn's
   * user message, saved in the same statement.
   */
  currentLeafId?: string | undefined;
  /** What the turn's prompt held (the context gauge after a reload); absent keeps the stored one. */
  turnContext?: TurnContext | undefined;
}

export interface ConversationsPort {
  /** The caller's conversation, or null when it is missing or someone else's. */
  find(userId: string, conversationId: string): Promise<Conversation | null>;
  /** Creates the conversation or refreshes its options; another user's id is a 404. */
  saveConversationForTurn(userId: string, input: TurnConversation): Promise<Conversation>;
  setGeneratedTitle(userId: string, conversationId: string, title: string): Promise<Conversation>;
  /** Merges continuation-state option fields into the conversation's options. */
  saveState(userId: string, conversationId: string, fields: Partial<EndpointOptions>): Promise<Conversation>;
}

/** Counts the tokens of one text. */
export type TokenCounter = (text: string) => number;

export interface TokenizerPort {
  /** A synchronous counter for the model's encoding (loaded once). */
  counterFor(model: string): Promise<TokenCounter>;
}

export interface BalanceCheck {
  ok: boolean;
  /** Null when CHECK_BALANCE is off (then `ok` is always true). */
  balance: number | null;
  cost: number;
}

export interface UsageRecord {
  conversationId: string;
  messageId: string;
  /** The endpoint name the call went to (the ledger's `endpoint`). */
  endpoint: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  /**
   * The ledger's kind of call: a reply (`chat`, `agent` with tools, `assistant`), its `title`, or a model
   * call a tool of the reply made itself (`tool`).
   */
  kind: 'chat' | 'agent' | 'assistant' | 'title' | 'summary' | 'tool';
  /** The ledger's request id; default: the message id (`{messageId}:{kind}` for a title or summary). */
  requestId?: string | undefined;
  /** A reply its user stopped (its completion is charged the cancel surcharge). */
  incomplete?: boolean;
  /** The budget reservation the call settles (released in the same statement). */
  reservationId?: string | undefined;
}

export interface BalancePort {
  /** Whether the user can afford the prompt (always ok when balance checking is off). */
  checkBalance(userId: string, input: { model: string; promptTokens: number }): Promise<BalanceCheck>;
  /** Bills one model call: its ledger row, its balance transactions and debit. */
  recordUsage(userId: string, usage: UsageRecord): Promise<void>;
  /**
   * Bills a title call and saves the title it gave on the conversation (while it still has the default
   * title: a rename meanwhile wins), in one statement.
   */
  recordTitle(userId: string, usage: UsageRecord, title: string): Promise<void>;
}

/** A turn admitted under budgets: what it reserved, until it settles. */
export interface BudgetHold {
  reservationId: string;
  /** The budgets at or above their warning percentage once the turn settled (for `final.budgets`). */
  warnings(): Promise<BudgetWarning[]>;
  /** Gives the reservation back when no model call of the turn is billed. */
  release(): Promise<void>;
}

/** Spend budgets (API.md "Administration, budgets and usage"). */
export interface BudgetsPort {
  /**
   * Throws `402 budget_exceeded` when a budget that applies is used up; else reserves the turn's most possible
   * cost (its prompt and longest reply). Undefined when no budget applies.
   */
  admit(
    userId: string,
    turn: { model: string; promptTokens: number; maxOutputTokens: number },
  ): Promise<BudgetHold | undefined>;
}

/** An endpoint ready to call: its kind, resolved credentials and per-endpoint settings. */
export interface ResolvedEndpoint {
  kind: EndpointKind;
  credentials: Credentials;
  extraBody?: Record<string, unknown>;
  dropParams?: string[];
  /** false: no generated titles (custom endpoints' `titleConvo`). */
  titleConvo: boolean;
  /** Model for titles (custom endpoints' `titleModel`); default: the conversation's model. */
  titleModel?: string;
  /** `functions`: the title is asked for by a forced function call (YAML `titleMethod`); default `completion`. */
  titleMethod?: 'completion' | 'functions';
  /** A custom endpoint's YAML `forcePrompt`: replies and titles go to `/completions` as one prompt string. */
  forcePrompt?: true;
  /**
   * Summaries of what no longer fits the window for this endpoint (a custom endpoint's YAML `summarize`);
   * absent: the engine's settings decide (`OPENAI_SUMMARIZE` for the openAI endpoint, the YAML `summarization`).
   */
  summarize?: true;
  /** The endpoint's own summary model (a custom endpoint's YAML `summaryModel`). */
  summaryModel?: string;
  /** Display name of the replying side (e.g. "GPT-4", a custom endpoint's `modelDisplayLabel`). */
  sender?: string;
}

export interface EndpointsPort {
  /**
   * Throws AppError: unknown endpoint (400), `illegal_model_request`, and the user-key kinds
   * (`no_user_key`, `expired_user_key`, `invalid_user_key`, `no_base_url`).
   */
  resolve(input: {
    userId: string;
    endpoint: string;
    model: string;
    /** false: the model is the server's choice (a summary model), not checked against the user's model list. */
    checkModel?: boolean;
  }): Promise<ResolvedEndpoint>;
}

export interface ProvidersPort {
  get(kind: EndpointKind): ChatProvider;
}

/** The moderation check of `OPENAI_MODERATION`: true when the text is flagged. */
export interface ModerationPort {
  isFlagged(text: string): Promise<boolean>;
}

/** Bans and violation points (the auth feature's abuse guard), for the message's IP and user. */
export interface BansPort {
  /** Milliseconds left on a ban of the IP or the user; 0 when neither is banned. */
  banRemainingMs(subject: { userId: string; ip: string }): Promise<number>;
  /** Adds violation points to the IP and the user; a ban they earn also ends the user's sessions. */
  recordViolation(subject: { userId: string; ip: string }, score: number): Promise<void>;
}

/** The files feature: uploaded files a message may carry. */
export interface AttachmentsPort {
  /** The app's merged `fileConfig` (the endpoints' file limits); absent: the built-in defaults. */
  readonly fileConfig?: FileConfig | undefined;
  /** The caller's files among `fileIds`, in that order; unknown ids and other users' files are left out. */
  attachmentsFor(userId: string, fileIds: readonly string[]): Promise<Attachment[]>;
  /**
   * The best `limit` passages of the caller's documents among `fileIds` for `question` (knowledge); absent:
   * large documents send their beginning.
   */
  searchPassages?(
    userId: string,
    fileIds: readonly string[],
    question: string,
    limit: number,
  ): Promise<{ fileId: string; page: number | null; line: number | null; text: string }[]>;
  /** Records that the files were sent in that conversation. */
  markUsed(userId: string, fileIds: readonly string[], conversationId: string): Promise<void>;
}

/** How an assistants run (API.md "Assistants and actions") ended, for its run record. */
export interface AssistantRunOutcome {
  /** `completed`, `cancelled` (stopped), `expired` (past `timeoutMs`) or `failed` (with `error`). */
  status: 'completed' | 'cancelled' | 'expired' | 'failed';
  error?: { code: string; message: string } | undefined;
  usage?: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined;
}

/** A run of an assistant while it lasts: its thread, its time limit, its progress and its end. */
export interface AssistantRunHooks {
  threadId: string;
  /** Aborts when the run passes its time limit. */
  timeout: AbortSignal;
  /**
   * The run is working (`in_progress`: the model answers) or waiting for its tools (`requires_action`);
   * never throws, and is written before `end`'s status.
   */
  progress(status: 'in_progress' | 'requires_action'): void;
  end(outcome: AssistantRunOutcome): Promise<void>;
}

/** An assistants turn: the assistant's tools and instructions, and its run's bookkeeping. */
export interface AssistantTurn {
  /** Who the reply is from: the assistant's name (SPEC §2), not the model's family label. */
  sender: string;
  tools: AgentTool[];
  /** The assistant's instructions (+ the request's additional instructions). */
  system: string | undefined;
  /**
   * Whether the message's images reach the model: `on` (the assistant has `image_vision`), `off` (it has
   * not), `unavailable` (the server's capabilities leave it out). When they do not, they are named to the
   * model and the reply starts with a notice saying so.
   */
  vision: 'on' | 'off' | 'unavailable';
  /** Once the turn is saved: records the thread and the run; `stopped` fires when the user stops it. */
  begin(turn: {
    conversationId: string;
    messageId: string;
    stopped: AbortSignal;
  }): Promise<AssistantRunHooks>;
}

/** The tools feature: the tools a plugins chat asked for, with the caller's credentials. */
export interface ToolsPort {
  /** Throws AppError 400 naming a tool that is unknown, not installed or without credentials. */
  toolsForChat(userId: string, pluginKeys: readonly string[]): Promise<AgentTool[]>;
  /** Saves an image a tool generated as the user's file (context `image_generation`); absent: not possible. */
  saveGeneratedFile?(userId: string, file: GeneratedFile): Promise<SavedToolFile>;
}
