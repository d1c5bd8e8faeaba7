// The `chatGPTBrowser` endpoint: the ChatGPT web app's conversation backend (or a reverse proxy of it)
// with a user's access token; the history lives upstream, so each turn sends only the new message.
import type { ChatProvider } from '../types';
import { DEFAULT_CHATGPT_BROWSER_MODEL } from './build-conversation-request';
import { streamChatGPTConversation } from './stream-chatgpt-conversation';

export interface ChatGPTBrowserProviderOptions {
  /** Longest silence (before the answer starts or between events) before the call fails with `timeout`. */
  idleTimeoutMs?: number;
}

const DEFAULTS: Required<ChatGPTBrowserProviderOptions> = { idleTimeoutMs: 120_000 };

/** The backend lists no models for a reverse proxy to rely on; these are the original product's. */
export const CHATGPT_BROWSER_MODELS: readonly string[] = [DEFAULT_CHATGPT_BROWSER_MODEL, 'gpt-4'];

export function createChatGPTBrowserProvider(options: ChatGPTBrowserProviderOptions = {}): ChatProvider {
  const settings = { ...DEFAULTS, ...options };
  return {
    kind: 'chatGPTBrowser',
    capabilities: { tools: false, vision: false, systemRole: 'first-user' },
    listModels: () => Promise.resolve([...CHATGPT_BROWSER_MODELS]),
    // A generator, so a request that cannot be built fails the iteration, not the call.
    async *stream(req, signal) {
      yield* streamChatGPTConversation(req, signal, settings.idleTimeoutMs);
    },
  };
}
