// `OPENAI_MODERATION=true`: user text is checked with the OpenAI moderation endpoint before a run starts
// (reference §2.4), on the endpoints the original product checks.
import { z } from 'zod';
import { AppError } from '../lib/errors';
import { fetchSendingAgainOnReset } from '../net/stale-connection-retry';
import type { ModerationPort } from './ports';

export const MODERATED_ENDPOINTS: ReadonlySet<string> = new Set(['openAI', 'azureOpenAI', 'gptPlugins']);
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const TIMEOUT_MS = 10_000;

const resultSchema = z.object({ results: z.array(z.object({ flagged: z.boolean() })) });

export interface ModerationSettings {
  apiKey: string | undefined;
  /** `OPENAI_MODERATION_REVERSE_PROXY`: a base URL ending in `/v1`, or the full `/moderations` URL. */
  baseURL: string | undefined;
}

function unavailable(cause: unknown): AppError {
  return new AppError(503, 'The moderation check is unavailable. Please try again later.', {
    code: 'moderation_unavailable',
    cause,
  });
}

export function createOpenAIModeration(settings: ModerationSettings): ModerationPort {
  const base = (settings.baseURL ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const url = base.endsWith('/moderations') ? base : `${base}/moderations`;
  return {
    async isFlagged(text) {
      let response: Response;
      try {
        response = await fetchSendingAgainOnReset(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
          },
          body: JSON.stringify({ input: text }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw unavailable(error);
      }
      const parsed = resultSchema.safeParse(await response.json().catch(() => null));
      if (!response.ok || !parsed.success)
        throw unavailable(new Error(`moderation answered ${response.status}`));
      return parsed.data.results.some((result) => result.flagged);
    },
  };
}
