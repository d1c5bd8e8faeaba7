/**
 * The `kind` of a chat `error` event and the `code` of a chat request refused before streaming (SPEC §8
 * "Message error kinds"; API.md "Chat"). `upstream` covers provider failures that have no kind of their own;
 * `context_length` is a prompt that cannot fit the model's context window.
 */
export const CHAT_ERROR_KINDS = [
  'no_user_key',
  'expired_user_key',
  'invalid_user_key',
  'no_base_url',
  'moderation',
  'file_upload_limit',
  'illegal_model_request',
  'token_balance',
  'ban',
  'invalid_api_key',
  'insufficient_quota',
  'concurrent',
  'message_limit',
  'context_length',
  'upstream',
] as const;
export type ChatErrorKind = (typeof CHAT_ERROR_KINDS)[number];

/**
 * What an error reply's `text` holds: JSON the client reads to pick its wording (SPEC §8: "Error text in a
 * message is parsed as JSON; its code or type picks the wording").
 */
export interface ChatErrorText {
  type: ChatErrorKind;
  message: string;
}

export const encodeChatErrorText = (error: ChatErrorText): string => JSON.stringify(error);
