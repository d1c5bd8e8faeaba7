import type OpenAI from 'openai';
import { mapOpenAIError } from '../shared/map-openai-error';

/** Model ids from `GET {baseURL}/models`, every page, in the server's order. */
export async function listOpenAIModels(client: OpenAI, signal?: AbortSignal): Promise<string[]> {
  try {
    const ids: string[] = [];
    for await (const model of client.models.list(signal ? { signal } : {})) ids.push(model.id);
    return ids;
  } catch (error) {
    throw mapOpenAIError(error);
  }
}
