import type { EndpointKind } from '@parley/shared/endpoints/kinds';
import { PROVIDER_STOPPED, RUN_EXPIRED, type Message } from '@parley/shared/schemas/message';

/** SPEC §4 Continue: the endpoint kinds that can continue a reply. */
const CONTINUE_KINDS: ReadonlySet<string> = new Set<EndpointKind>([
  'openAI',
  'custom',
  'google',
  'assistants',
  'anthropic',
  'gptPlugins',
  'azureOpenAI',
]);

/** Kinds whose replies can be regenerated into a sibling (Bing and assistants keep their state at the vendor). */
const REGENERATE_KINDS: ReadonlySet<string> = new Set<EndpointKind>([
  'openAI',
  'azureOpenAI',
  'anthropic',
  'google',
  'custom',
  'gptPlugins',
  'chatGPTBrowser',
]);

export interface ActionContext {
  /** The kind of the message's endpoint (its type for custom endpoints). */
  kind: string | null | undefined;
  isLatest: boolean;
  isSubmitting: boolean;
  isEditing: boolean;
  /** The message's parent is a user message (regenerate re-sends it). */
  parentIsUser: boolean;
}

export interface MessageActions {
  edit: boolean;
  copy: boolean;
  regenerate: boolean;
  continue: boolean;
}

export function supportsContinue(kind: string | null | undefined): boolean {
  return kind != null && CONTINUE_KINDS.has(kind);
}

/** SPEC §4: which footer actions a message offers. */
export function messageActions(message: Message, context: ActionContext): MessageActions {
  const { kind, isLatest, isSubmitting, isEditing, parentIsUser } = context;
  const searchResult = message.searchResult === true;
  const reply = !message.isCreatedByUser;

  const regenerate =
    reply &&
    !searchResult &&
    !isEditing &&
    !isSubmitting &&
    parentIsUser &&
    kind != null &&
    REGENERATE_KINDS.has(kind);

  const continueSupported =
    reply &&
    isLatest &&
    !message.error &&
    !!message.finish_reason &&
    message.finish_reason !== 'stop' &&
    !isEditing &&
    !isSubmitting &&
    !searchResult &&
    supportsContinue(kind);

  const hideEdit =
    isSubmitting ||
    message.error ||
    searchResult ||
    kind === 'assistants' ||
    (!message.isCreatedByUser && !supportsContinue(kind));

  return { edit: !hideEdit, copy: !isSubmitting || !isLatest, regenerate, continue: continueSupported };
}

export interface SendContext {
  text: string;
  isSubmitting: boolean;
  filesLoading: boolean;
  /** A required user key is missing or expired (or, for assistants, no assistant is chosen). */
  blocked: boolean;
}

/** SPEC §4 Send button: disabled while the text is empty, files load, a reply runs, or a key is missing. */
export function canSend({ text, isSubmitting, filesLoading, blocked }: SendContext): boolean {
  return text.trim() !== '' && !isSubmitting && !filesLoading && !blocked;
}

/** SPEC §4: "Save and submit" is off for a reply on Google. */
export function canSaveAndSubmit(message: Message, kind: string | null | undefined): boolean {
  return message.isCreatedByUser || kind !== 'google';
}

/** Enter sends unless Shift is held, enter-to-send is off, an IME is composing, or a reply is running. */
export function enterSends(
  event: { key: string; shiftKey: boolean; isComposing: boolean },
  enterToSend: boolean,
): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing && enterToSend;
}

/**
 * SPEC §8 Other: the thread cannot be appended to as it stands when its latest message is a reply that
 * failed or was cut off: a failed one's card then offers "Edit your message or Regenerate". The message box
 * still sends (the server leaves failed replies out of the model's context); the card only points at the
 * likelier fix.
 */
export function cannotAppend(latest: Message | undefined, submitting: boolean): boolean {
  if (!latest || submitting || latest.isCreatedByUser) return false;
  return latest.error || latest.unfinished;
}

export type UnfinishedNotice = 'com_ui_unfinished' | 'com_ui_run_expired' | 'com_ui_provider_stopped';

/**
 * The notice under a reply that did not finish (SPEC §4 Message regions): SPEC's "incomplete" text, or what
 * happened when the server knows: an assistants reply cut off at its run's time limit, a reply its provider
 * stopped answering partway. None for a finished reply.
 */
export function unfinishedNotice(
  message: Pick<Message, 'unfinished' | 'finish_reason'>,
): UnfinishedNotice | null {
  if (!message.unfinished) return null;
  if (message.finish_reason === RUN_EXPIRED) return 'com_ui_run_expired';
  if (message.finish_reason === PROVIDER_STOPPED) return 'com_ui_provider_stopped';
  return 'com_ui_unfinished';
}
