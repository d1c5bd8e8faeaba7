// The chat path's own first-use costs, paid after `ready` instead of by the first chat (issue 28): the
// endpoints' configuration (which also looks for a local Ollama, the process's first `fetch`), the statements
// every turn sends (built once per database handle), and a count with each warmed token encoding. Nothing is
// written and no provider is called.
import type { Db } from '../db/client';
import type { EndpointsService } from '../endpoints/service';
import { prepareTurnStatements } from '../messages/service';
import { getTokenCounter } from '../tokenizer/service';

/** The app's decorator (`buildApp`) that runs {@link warmChatPath} with its own services. */
export const WARM_CHAT_PATH = 'warmChatPath';
export type WarmChatPath = (models: readonly string[]) => Promise<void>;

export interface ChatPathWarmUp {
  db: Db;
  endpoints: Pick<EndpointsService, 'getEndpointsConfig'>;
}

/** A message as a new chat's first one might be, to count once. */
const SAMPLE = 'Hello! Could you explain, in a few short sentences, how a chat turn is saved?';

/** Runs each step once; a step that fails is skipped (the first chat that needs it reports the failure). */
export async function warmChatPath(deps: ChatPathWarmUp, models: readonly string[]): Promise<void> {
  const steps: (() => unknown)[] = [
    () => prepareTurnStatements(deps.db),
    () => deps.endpoints.getEndpointsConfig(),
    ...models.map((model) => async () => (await getTokenCounter(model))(SAMPLE)),
  ];
  for (const step of steps) {
    // Each after the event loop had a turn, so requests that arrive meanwhile are served between them.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      await step();
    } catch {
      // Left for the first chat that needs it.
    }
  }
}
