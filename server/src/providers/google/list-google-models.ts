import type { GoogleGenAI } from '@google/genai';
import { mapGoogleError } from './map-google-error';

const PREFIX = 'models/';

/** Ids (without `models/`) of the models that can generate content, every page, in the API's order. */
export async function listGoogleModels(client: GoogleGenAI, signal?: AbortSignal): Promise<string[]> {
  try {
    const ids: string[] = [];
    const pager = await client.models.list(signal ? { config: { abortSignal: signal } } : {});
    for await (const model of pager) {
      const name = model.name ?? '';
      const generates = model.supportedActions?.includes('generateContent') ?? true;
      if (name !== '' && generates) ids.push(name.startsWith(PREFIX) ? name.slice(PREFIX.length) : name);
    }
    return ids;
  } catch (error) {
    throw mapGoogleError(error);
  }
}
