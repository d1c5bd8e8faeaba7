import { z } from 'zod';
import { fetchSendingAgainOnReset } from '../net/stale-connection-retry';

export interface ModelsRequest {
  /** OpenAI-compatible base, up to `/v1`. */
  baseURL: string;
  apiKey: string;
  organization?: string | undefined;
  headers?: Record<string, string> | undefined;
  /** Sent as `?user=` (custom endpoints with `models.userIdQuery`). */
  userId?: string | undefined;
}

const modelsResponseSchema = z.object({ data: z.array(z.object({ id: z.string().min(1) })) });

/** The model ids of `GET {baseURL}/models` (OpenAI wire format). Throws on any HTTP or format problem. */
export async function fetchOpenAIModels(request: ModelsRequest, signal: AbortSignal): Promise<string[]> {
  const url = new URL(`${request.baseURL.replace(/\/+$/, '')}/models`);
  if (request.userId) url.searchParams.set('user', request.userId);
  const response = await fetchSendingAgainOnReset(url, {
    signal,
    headers: {
      ...request.headers,
      authorization: `Bearer ${request.apiKey}`,
      ...(request.organization ? { 'openai-organization': request.organization } : {}),
    },
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`GET ${url.pathname} answered ${response.status}`);
  }
  const body = modelsResponseSchema.parse(await response.json());
  return [...new Set(body.data.map((model) => model.id))];
}
