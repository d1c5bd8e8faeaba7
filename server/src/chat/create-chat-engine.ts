// Binds the chat engine's ports to the other features' services (they take the database handle; the engine
// never does), the provider registry and the coordination layer.
import { endpointReplyLabel } from '@parley/shared/messages/reply-sender';
import type { AuthService } from '../auth/service';
import type { AppConfig } from '../config/app-config';
import type { Counters } from '../coordination/counters';
import type { AbortBus, GenerationLog } from '../coordination/generation-log';
import { balanceSettingsFromEnv } from '../balance/settings';
import { balancePortOf, budgetsPortOf } from '../ledger/chat-ports';
import { createLedgerService, type LedgerService } from '../ledger/service';
import {
  findConversation,
  saveConversationForTurn,
  setGeneratedTitle,
  updateConversation,
} from '../conversations/service';
import type { Db } from '../db/client';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { EndpointsService } from '../endpoints/service';
import { AppError } from '../lib/errors';
import { pathToRoot, saveMessage, saveMessageSummary, saveTurnMessage } from '../messages/service';
import {
  createProviderRegistry,
  ProviderNotRegisteredError,
  type ProviderRegistry,
} from '../providers/registry';
import { getTokenCounter } from '../tokenizer/service';
import { createChatEngine, type ChatEngine } from './chat-engine';
import { chatSettingsFromEnv, summarizationFromYaml, type ChatSettings } from './chat-settings';
import { temporaryChatRetentionMs } from '../sweeper/retention';
import { createOpenAIModeration } from './moderation';
import type {
  AttachmentsPort,
  BalancePort,
  BansPort,
  ConversationsPort,
  EndpointsPort,
  MessagesPort,
  ModerationPort,
  ProvidersPort,
  ToolsPort,
} from './ports';
import type { ChatLogger } from './run-context';

export interface ChatEngineWiring {
  db: Db;
  config: AppConfig;
  endpoints: Pick<EndpointsService, 'getModels' | 'resolveCredentials'>;
  counters: Counters;
  generationLog: GenerationLog;
  abortBus: AbortBus;
  logger?: ChatLogger | undefined;
  /** Bans and violations of the auth feature; absent: no bans on chat. */
  auth?: Pick<AuthService, 'guard' | 'revokeAllSessions'> | undefined;
  /** Default: the real registry. */
  providers?: ProviderRegistry;
  /** Default: from the environment. */
  settings?: ChatSettings;
  /** The files service (uploaded files messages carry); absent: no file is found. */
  files?: AttachmentsPort | undefined;
  /** The tools feature (plugins chats with tools); absent: plugins chats answer without tools. */
  tools?: ToolsPort | undefined;
  /** The spend ledger and budgets; absent: usage is billed without budgets. */
  ledger?: LedgerService | undefined;
}

/** Without a files service no id names a file, so a message that lists files is answered 404. */
const NO_FILES: AttachmentsPort = {
  attachmentsFor: () => Promise.resolve([]),
  markUsed: () => Promise.resolve(),
};

function attachmentsPort(files: AttachmentsPort): AttachmentsPort {
  return {
    fileConfig: files.fileConfig,
    attachmentsFor: (userId, fileIds) => files.attachmentsFor(userId, fileIds),
    markUsed: (userId, fileIds, conversationId) => files.markUsed(userId, fileIds, conversationId),
    ...(files.searchPassages
      ? {
          searchPassages: (userId: string, fileIds: readonly string[], question: string, limit: number) =>
            files.searchPassages?.(userId, fileIds, question, limit) ?? Promise.resolve([]),
        }
      : {}),
  };
}

const SILENT: ChatLogger = { error: () => undefined, warn: () => undefined };

function endpointsPort(endpoints: ChatEngineWiring['endpoints']): EndpointsPort {
  return {
    async resolve({ userId, endpoint, model, checkModel = true }) {
      const allowed = checkModel ? (await endpoints.getModels(userId))[endpoint] : undefined;
      if (allowed && allowed.length > 0 && !allowed.includes(model)) {
        throw new AppError(400, 'Illegal model request', {
          code: 'illegal_model_request',
          details: { endpoint, model },
        });
      }
      const resolved = await endpoints.resolveCredentials({ userId, endpoint, model });
      const sender = endpointReplyLabel({ ...resolved, name: endpoint });
      return {
        kind: resolved.kind,
        credentials: resolved.credentials,
        ...(resolved.extraBody ? { extraBody: resolved.extraBody } : {}),
        ...(resolved.dropParams ? { dropParams: resolved.dropParams } : {}),
        titleConvo: resolved.titleConvo ?? true,
        ...(resolved.titleModel ? { titleModel: resolved.titleModel } : {}),
        ...(resolved.titleMethod ? { titleMethod: resolved.titleMethod } : {}),
        ...(resolved.forcePrompt ? { forcePrompt: true as const } : {}),
        ...(resolved.summarize ? { summarize: true as const } : {}),
        ...(resolved.summaryModel ? { summaryModel: resolved.summaryModel } : {}),
        ...(sender ? { sender } : {}),
      };
    },
  };
}

function providersPort(registry: ProviderRegistry): ProvidersPort {
  return {
    get(kind) {
      try {
        return registry.get(kind);
      } catch (error) {
        if (!(error instanceof ProviderNotRegisteredError)) throw error;
        throw new AppError(400, `The ${kind} endpoint cannot be used for chat yet`, {
          code: 'unknown_endpoint',
          details: { endpoint: kind },
          cause: error,
        });
      }
    },
  };
}

function dataPorts(
  db: Db,
  config: AppConfig,
  given: LedgerService | undefined,
): {
  messages: MessagesPort;
  conversations: ConversationsPort;
  balance: BalancePort;
} {
  const balanceSettings = balanceSettingsFromEnv(config.env, config.yaml?.balance);
  const ledger = given ?? createLedgerService({ db, balance: balanceSettings });
  return {
    messages: {
      saveMessage: (userId, message) => saveMessage(db, userId, message),
      saveTurn: (userId, conversation, message, reply) =>
        saveTurnMessage(db, userId, { conversation, message, reply }),
      isUnavailable: isDatabaseUnavailable,
      pathToRoot: (userId, conversationId, messageId) => pathToRoot(db, userId, conversationId, messageId),
      saveSummary: async (userId, conversationId, messageId, summary, tokenCount) => {
        await saveMessageSummary(db, userId, conversationId, messageId, { text: summary, tokenCount });
      },
    },
    conversations: {
      find: (userId, conversationId) => findConversation(db, userId, conversationId),
      saveConversationForTurn: (userId, input) => saveConversationForTurn(db, userId, input),
      setGeneratedTitle: (userId, conversationId, title) =>
        setGeneratedTitle(db, userId, conversationId, title),
      saveState: (userId, conversationId, fields) =>
        updateConversation(db, userId, { ...fields, conversationId }),
    },
    balance: balancePortOf(db, balanceSettings, ledger),
  };
}

function bansPort(auth: NonNullable<ChatEngineWiring['auth']>, logger: ChatLogger): BansPort {
  const subjects = ({ userId, ip }: { userId: string; ip: string }) => [{ ip }, { userId }];
  return {
    banRemainingMs: (subject) => auth.guard.banRemainingMs(subjects(subject)),
    async recordViolation(subject, score) {
      await auth.guard.recordViolation(subjects(subject), score);
      if ((await auth.guard.banRemainingMs([{ userId: subject.userId }])) <= 0) return;
      // As the original product does on a ban: every session of the user ends.
      await auth.revokeAllSessions(subject.userId).catch((error: unknown) => {
        logger.warn({ err: error }, 'could not end the sessions of a banned user');
      });
    },
  };
}

function moderationOf(config: AppConfig): ModerationPort | undefined {
  const { env } = config;
  if (!env.OPENAI_MODERATION) return undefined;
  return createOpenAIModeration({
    apiKey: env.OPENAI_MODERATION_API_KEY,
    baseURL: env.OPENAI_MODERATION_REVERSE_PROXY,
  });
}

export function createChatEngineFor(wiring: ChatEngineWiring): ChatEngine {
  const logger = wiring.logger ?? SILENT;
  return createChatEngine({
    settings: wiring.settings ?? {
      ...chatSettingsFromEnv(wiring.config.env),
      temporaryChatRetentionMs: temporaryChatRetentionMs(wiring.config.yaml),
      summarization: summarizationFromYaml(wiring.config.yaml),
    },
    ...dataPorts(wiring.db, wiring.config, wiring.ledger),
    budgets: wiring.ledger ? budgetsPortOf(wiring.ledger) : undefined,
    tokenizer: { counterFor: (model) => getTokenCounter(model) },
    endpoints: endpointsPort(wiring.endpoints),
    providers: providersPort(wiring.providers ?? createProviderRegistry()),
    attachments: wiring.files ? attachmentsPort(wiring.files) : NO_FILES,
    generationLog: wiring.generationLog,
    abortBus: wiring.abortBus,
    counters: wiring.counters,
    logger,
    moderation: moderationOf(wiring.config),
    bans: wiring.auth ? bansPort(wiring.auth, logger) : undefined,
    modelSpecs: wiring.config.yaml?.modelSpecs,
    tools: wiring.tools,
  });
}
