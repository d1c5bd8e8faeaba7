import type { Conversation } from '@parley/shared/schemas/conversation';
import type { Message, MessageSource } from '@parley/shared/schemas/message';
import type { AbortBus, GenerationLog, GenerationWriter } from '../coordination/generation-log';
import type { Counters } from '../coordination/counters';
import type { ModelSpecsConfig } from '../model-specs/check-model-spec';
import type { ChatProvider, ChatRequest } from '../providers/types';
import type { ChatSettings } from './chat-settings';
import type { ReplyFinish, RunFailure } from './drive-provider';
import type { ReleaseSlot } from './message-limits';
import type {
  AssistantRunHooks,
  AttachmentsPort,
  BalancePort,
  BansPort,
  BudgetHold,
  BudgetsPort,
  ConversationsPort,
  EndpointsPort,
  MessagesPort,
  MessageWrite,
  ModerationPort,
  ProvidersPort,
  ResolvedEndpoint,
  TokenCounter,
  TokenizerPort,
  ToolsPort,
} from './ports';
import type { AgentTool } from '../agents/agent-types';
import type { AgentKind } from '@parley/shared/schemas/plugin';
import type { ContentPart } from '@parley/shared/schemas/message';
import type { Turn } from './turn';
import type { BuiltContext } from './context';
import type { Upstream } from './upstream';

export interface ChatLogger {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface ChatEngineDeps {
  settings: ChatSettings;
  messages: MessagesPort;
  conversations: ConversationsPort;
  tokenizer: TokenizerPort;
  balance: BalancePort;
  endpoints: EndpointsPort;
  providers: ProvidersPort;
  attachments: AttachmentsPort;
  moderation?: ModerationPort | undefined;
  /** Absent: nobody is banned and violations are not counted. */
  bans?: BansPort | undefined;
  /** The YAML `modelSpecs`; with `enforce`, every request must match a listed spec. */
  modelSpecs?: ModelSpecsConfig | undefined;
  generationLog: GenerationLog;
  abortBus: AbortBus;
  counters: Counters;
  logger: ChatLogger;
  /** Absent: plugins chats answer without tools. */
  tools?: ToolsPort | undefined;
  /** Spend budgets; absent: no budget applies. */
  budgets?: BudgetsPort | undefined;
  /** Set by the engine while it closes: runs aborted then were cut off, not stopped by their user. */
  lifecycle?: { stopping: boolean };
}

/** A plugins turn with tools: what the agent runs with (reference §14.2). */
export interface TurnAgent {
  /** functions: the provider's tool calls; classic: the ReAct text format (models without tool calls). */
  kind: AgentKind;
  tools: AgentTool[];
  skipCompletion: boolean;
  /** The conversation's model, for the completion phase when `skipCompletion` is false. */
  completionModel: string;
}

/** The reply being generated, as saved on every write. */
export interface ReplyIdentity {
  messageId: string;
  conversationId: string;
  parentMessageId: string;
  sender: string;
  model: string;
  endpoint: string;
  isEdited: boolean;
  /** Knowledge: the document passages the reply was given. */
  sources?: MessageSource[] | undefined;
}

/** The run's stop signal: the abort bus is listened to from before the turn is saved. */
export interface RunAbort {
  signal: AbortSignal;
  stopListening: () => void;
  /** Stops the run from inside (its conversation turned out to be gone). */
  stop: () => void;
  /** True once the run was stopped because its conversation was deleted (or found gone when saving). */
  conversationDeleted: boolean;
}

/** Everything a run needs, fixed before its first event. */
export interface RunContext {
  deps: ChatEngineDeps;
  userId: string;
  turn: Turn;
  writer: GenerationWriter;
  /** Replaced when the run titles the conversation from its first message, so `final` carries the title. */
  conversation: Conversation;
  requestMessage: Message;
  reply: ReplyIdentity;
  resolved: ResolvedEndpoint;
  provider: ChatProvider;
  /** Absent when the prompt could not be built (`failure` is then set from the start). */
  request: ChatRequest | undefined;
  /** The request, already sent to the provider; absent with `request`. */
  upstream: Upstream | undefined;
  abort: RunAbort;
  promptTokens: number;
  /** The turn's prompt as built: what was left out or summarised (absent with `request`). */
  context?: BuiltContext | undefined;
  /** Tokens of a text for the conversation's model. */
  countTokens: TokenCounter;
  releaseSlot: ReleaseSlot;
  /** The turn's budget reservation, settled by its usage (or released) when it ends. */
  budgetHold?: BudgetHold | undefined;
  /** Set for a plugins turn with tools: the reply comes from the tool loop. */
  agent?: TurnAgent | undefined;
  /** Set for an assistants turn: its run's thread, time limit and record. */
  assistantRun?: AssistantRunHooks | undefined;
  /** The reply's first part, sent before anything the model writes (an assistant's images notice). */
  notice?: ContentPart | undefined;
  /** The reply's first save (what it starts from, unfinished) was made with the turn. */
  replyStarted?: boolean | undefined;
}

/** What happened so far; `finalize` turns it into the saved reply. */
export interface ReplyState {
  /** The whole reply text, the prefix included. */
  text: string;
  finish?: ReplyFinish | undefined;
  aborted: boolean;
  /** An assistants run stopped at its time limit (`timeoutMs`), not by its user: saved `expired`. */
  expired?: boolean;
  failure?: RunFailure | undefined;
  /** The continuation state the provider handed back, saved on the conversation. */
  providerState?: Record<string, unknown> | undefined;
  /** The reply's content parts (tool loop replies); `text` is then their text parts joined. */
  content?: ContentPart[] | undefined;
}

export function replyWrite(
  ctx: RunContext,
  fields: Omit<MessageWrite, keyof ReplyIdentity | 'isCreatedByUser'>,
): MessageWrite {
  return replyWriteOf(ctx.reply, fields);
}

/** `replyWrite` before the run has a context. */
export function replyWriteOf(
  reply: ReplyIdentity,
  fields: Omit<MessageWrite, keyof ReplyIdentity | 'isCreatedByUser'>,
): MessageWrite {
  return {
    messageId: reply.messageId,
    conversationId: reply.conversationId,
    parentMessageId: reply.parentMessageId,
    sender: reply.sender,
    model: reply.model,
    endpoint: reply.endpoint,
    isEdited: reply.isEdited,
    ...(reply.sources && reply.sources.length > 0 ? { sources: reply.sources } : {}),
    isCreatedByUser: false,
    ...fields,
  };
}
