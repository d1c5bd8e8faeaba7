// Everything decided before a run may start; any problem here is a plain JSON error (API.md "Chat").
import type { ChatRequestBody } from '@parley/shared/schemas/chat-request';
import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import { badRequest } from '../lib/errors';
import type { ChatProvider, ChatRequest, GenerationParams } from '../providers/types';
import { buildContext, ContextLengthError, type BuiltContext, type SummaryTrigger } from './context';
import type { RunFailure } from './drive-provider';
import { generationParams, systemPrompt, tokenBudget } from './prompt-options';
import type { AssistantTurn, ResolvedEndpoint, TokenCounter } from './ports';
import { turnProviderState, withStoredState } from './provider-state';
import type { ChatEngineDeps } from './run-context';
import { placeTurn, turnKindOf, type Turn } from './turn';
import { loadTurnFiles, type TurnFiles } from './turn-files';
import { DOCUMENT_SHARE } from './turn-documents';
import { agentRequest } from '../agents/functions-agent';
import { classicAgentRequest } from '../agents/classic-agent';
import { AGENT_OPTION_DEFAULTS, toolKeysOf } from '@parley/shared/schemas/plugin';
import type { TurnAgent } from './run-context';
import { imagesNotSeenPart } from '@parley/shared/messages/images-not-seen';
import type { ContentPart } from '@parley/shared/schemas/message';

export interface StartInput {
  userId: string;
  ip: string;
  /** The `{endpoint}` of the path: the endpoint kind, or `custom` for a custom endpoint. */
  routeEndpoint: string;
  body: ChatRequestBody;
  /** Set by the assistants chat route: the run uses the assistant's tools and instructions. */
  assistant?: AssistantTurn | undefined;
}

export interface PreparedTurn {
  turn: Turn;
  options: EndpointOptions;
  resolved: ResolvedEndpoint;
  provider: ChatProvider;
  /** Absent when the prompt cannot fit; `failure` says why. */
  request: ChatRequest | undefined;
  context: BuiltContext | undefined;
  failure: RunFailure | undefined;
  countTokens: TokenCounter;
  /** The files the user message carries and those of earlier messages that are sent again. */
  files: TurnFiles;
  /**
   * The conversation is new or already the caller's, so the provider request may go out before the turn is
   * saved; false for an id the request names that is not (yet) theirs, whose save may well be refused.
   */
  ownConversation: boolean;
  /** A plugins turn with tools: the reply comes from the tool loop, `request` is its first step. */
  agent?: TurnAgent | undefined;
  /** A part the reply starts with: an assistant's notice that the model was not shown the message's images. */
  notice?: ContentPart | undefined;
}

/** The endpoint options of the (already validated) body, without the chat-only fields. */
export function optionsOf(body: ChatRequestBody): EndpointOptions {
  const {
    text: _text,
    conversationId: _conversationId,
    parentMessageId: _parentMessageId,
    overrideParentMessageId: _overrideParentMessageId,
    responseMessageId: _responseMessageId,
    messageId: _messageId,
    generation: _generation,
    isContinued: _isContinued,
    isEdited: _isEdited,
    isRegenerate: _isRegenerate,
    files: _files,
    endpoint: _endpoint,
    endpointType: _endpointType,
    key: _key,
    ...options
  } = body;
  return options;
}

export function checkRequest(input: StartInput): void {
  const { body } = input;
  if ((body.endpointType ?? body.endpoint) !== input.routeEndpoint) {
    throw badRequest('Illegal request: Endpoint mismatch', { endpoint: 'does not match the path' });
  }
  const kind = turnKindOf(body);
  if ((kind === 'ask' || kind === 'edit-user') && body.text.trim() === '') {
    throw badRequest('text: is required', { text: 'is required' });
  }
}

function contextOf(
  turn: Turn,
  files: TurnFiles,
  request: Omit<ChatRequest, 'messages'>,
  countTokens: TokenCounter,
  summaryTrigger: SummaryTrigger | undefined,
) {
  const saved = turn.userMessage.saved;
  return buildContext({
    history: turn.history,
    user: { text: turn.userMessage.text, tokenCount: saved?.tokenCount, files: files.current },
    historyFiles: files.history,
    prefix: turn.prefix,
    system: request.system,
    ...tokenBudget(request.model, request.params),
    countTokens,
    summaryTrigger,
  });
}

/** Tokens the turn's documents may take: a share of the room the prompt has (context minus the reply). */
function documentBudget(model: string, params: GenerationParams): number {
  const { windowTokens, replyTokens } = tokenBudget(model, params);
  return Math.floor((windowTokens - replyTokens) * DOCUMENT_SHARE);
}

/** The conversation the request names, as stored (null for a new one). */
async function storedConversation(deps: ChatEngineDeps, userId: string, body: ChatRequestBody) {
  const named = body.conversationId && body.conversationId !== 'new' ? body.conversationId : undefined;
  return named ? deps.conversations.find(userId, named) : null;
}

/** The request without its messages: model, checked parameters, continuation state, credentials. */
function requestBase(
  body: ChatRequestBody,
  options: EndpointOptions,
  params: GenerationParams,
  resolved: ResolvedEndpoint,
): Omit<ChatRequest, 'messages'> {
  const providerState = turnProviderState(options);
  if (providerState) params.providerState = providerState;
  const base: Omit<ChatRequest, 'messages'> = {
    model: body.model,
    params,
    credentials: resolved.credentials,
    ...(resolved.extraBody ? { extraBody: resolved.extraBody } : {}),
    ...(resolved.dropParams ? { dropParams: resolved.dropParams } : {}),
    ...(resolved.forcePrompt ? { forcePrompt: true } : {}),
  };
  const system = systemPrompt(options);
  if (system) base.system = system;
  return base;
}

/** Resolves the endpoint, places the turn and builds the prompt (its cost is checked by the engine). */
export async function prepareTurn(deps: ChatEngineDeps, input: StartInput): Promise<PreparedTurn> {
  const { userId, body } = input;
  const resolved = await deps.endpoints.resolve({ userId, endpoint: body.endpoint, model: body.model });
  const provider = deps.providers.get(resolved.kind);
  const agentTools = await turnTools(deps, input);
  // Checked before anything is loaded: a bad parameter is the request's first problem.
  const params = generationParams(resolved.kind, body.model, optionsOf(body), userId);
  const [turn, countTokens, stored] = await Promise.all([
    placeTurn(deps.messages, userId, body),
    deps.tokenizer.counterFor(body.model),
    storedConversation(deps, userId, body),
  ]);
  const options = withStoredState(optionsOf(body), stored, body.endpoint);
  const vision = visionOf(provider, input.assistant);
  const files = await loadTurnFiles(deps.attachments, userId, {
    turn,
    body,
    resendFiles: options.resendFiles ?? true,
    detail: options.imageDetail ?? 'auto',
    vision: vision === 'on',
    withoutVision: input.assistant ? 'name' : 'refuse',
    endpoint: body.endpoint,
    documentBudgetTokens: documentBudget(body.model, params),
  });
  const base = requestBase(body, options, params, resolved);
  if (input.assistant) {
    if (input.assistant.system) base.system = input.assistant.system;
    else delete base.system;
  }
  // A new conversation's id was made here; a named one is the caller's when it was found as theirs.
  const ownConversation = turn.isNewConversation || stored !== null;
  const notice =
    files.unseenImages.length > 0 && vision !== 'on'
      ? imagesNotSeenPart(vision === 'off' ? 'assistant' : 'server', files.unseenImages)
      : undefined;
  const prepared = { turn, options, resolved, provider, countTokens, files, ownConversation, notice };
  let context: BuiltContext;
  try {
    const summarization = deps.settings.summarization;
    const trigger = summarization?.enabled ? summarization.trigger : undefined;
    context = contextOf(turn, files, base, countTokens, trigger);
  } catch (error) {
    if (!(error instanceof ContextLengthError)) throw error;
    const failure: RunFailure = { kind: 'context_length', message: error.message, cause: error };
    return { ...prepared, request: undefined, context: undefined, failure };
  }
  if (context.system) base.system = context.system;
  const request: ChatRequest = { ...base, messages: context.messages };
  if (agentTools.length === 0) return { ...prepared, request, context, failure: undefined };
  const agent: TurnAgent = {
    kind: options.agentOptions?.agent ?? AGENT_OPTION_DEFAULTS.agent,
    tools: agentTools,
    skipCompletion: options.agentOptions?.skipCompletion ?? AGENT_OPTION_DEFAULTS.skipCompletion,
    completionModel: body.model,
  };
  const agentModel = await agentModelOf(deps, input, resolved.kind);
  const firstRequest = agent.kind === 'classic' ? classicAgentRequest : agentRequest;
  const first = firstRequest({ ...request, ...agentModel }, agentTools, new Date());
  return { ...prepared, request: first, context, failure: undefined, agent };
}

/** Whether the turn's images reach the model: the provider's vision, and for an assistant its own. */
function visionOf(provider: ChatProvider, assistant: AssistantTurn | undefined): AssistantTurn['vision'] {
  if (!provider.capabilities.vision) return 'unavailable';
  return assistant ? assistant.vision : 'on';
}

/**
 * The tools a plugins turn asked for (reference §14.2: none, an edit or a continue is a plain completion);
 * throws 400 naming one that is not installed or lacks credentials.
 */
async function turnTools(deps: ChatEngineDeps, input: StartInput) {
  const { body } = input;
  if (input.assistant) return input.assistant.tools;
  const keys = toolKeysOf(body.tools);
  if (body.endpoint !== 'gptPlugins' || keys.length === 0 || body.isEdited || body.isContinued) return [];
  if (!deps.tools) return [];
  return deps.tools.toolsForChat(input.userId, keys);
}

/** The agent's model and temperature (`agentOptions`, SPEC §9 defaults); another model must be allowed. */
async function agentModelOf(
  deps: ChatEngineDeps,
  input: StartInput,
  kind: ResolvedEndpoint['kind'],
): Promise<Pick<ChatRequest, 'model' | 'params'>> {
  const { body, userId } = input;
  const agentOptions = body.agentOptions ?? undefined;
  const model = agentOptions?.model ?? body.model;
  if (model !== body.model) await deps.endpoints.resolve({ userId, endpoint: body.endpoint, model });
  const params = generationParams(kind, model, optionsOf(body), userId);
  params.temperature = agentOptions?.temperature ?? AGENT_OPTION_DEFAULTS.temperature;
  return { model, params };
}
