// The ChatGPT web backend's error bodies: FastAPI-style `{"detail": …}`, a string or an object.
import type { ScriptedError } from './script-types';

export interface ChatGPTErrorBody {
  detail: string | Record<string, unknown> | Array<Record<string, unknown>>;
}

// What the backend answers for each status.
const DEFAULTS: Record<number, ChatGPTErrorBody['detail']> = {
  401: {
    message: 'Your authentication token has expired. Please try signing in again.',
    type: 'invalid_request_error',
    param: null,
    code: 'token_expired',
  },
  403: 'Unusual activity has been detected from your device. Try again later.',
  404: 'Conversation not found',
  413: {
    message:
      'The message you submitted was too long, please reload the conversation and submit something shorter.',
    code: 'message_length_exceeds_limit',
  },
  429: "You've reached our limit of messages per hour. Please try again later.",
  500: 'Something went wrong, please try reloading the conversation.',
};

export function chatGPTError(status: number, message?: string): ChatGPTErrorBody {
  const detail = DEFAULTS[status] ?? DEFAULTS[status >= 500 ? 500 : 404] ?? 'Error';
  if (message === undefined) return { detail };
  return { detail: typeof detail === 'string' ? message : { ...detail, message } };
}

/** The body for a scripted error: the scripted `body` as is, else the backend's body for its status. */
export function scriptedChatGPTError(error: ScriptedError): Record<string, unknown> | ChatGPTErrorBody {
  return error.body ?? chatGPTError(error.status, error.message);
}

/** A 422 for a missing or malformed body field, as FastAPI reports it. */
export function fieldError(field: string, msg: string): ChatGPTErrorBody {
  return { detail: [{ loc: ['body', field], msg, type: 'value_error' }] };
}
