import type Anthropic from '@anthropic-ai/sdk';
import { mapAnthropicError } from './map-anthropic-error';

/** Model ids from `GET /v1/models`, every page, newest first as the API orders them. */
export async function listAnthropicModels(client: Anthropic, signal?: AbortSignal): Promise<string[]> {
  try {
    const ids: string[] = [];
    for await (const model of client.models.list({}, signal ? { signal } : {})) ids.push(model.id);
    return ids;
  } catch (error) {
    throw mapAnthropicError(error);
  }
}
