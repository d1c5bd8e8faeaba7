// Tools for tests, as real as the manifest's: they implement the same contract and are given to the app
// through `buildApp({ toolManifest })`.
import { setTimeout as sleep } from 'node:timers/promises';
import { calculator } from '../src/tools/manifest/calculator';
import type { ManifestEntry } from '../src/tools/manifest/manifest-entry';
import { ToolError } from '../src/tools/tool';

/** Needs a key (`ECHO_API_KEY`); answers the query and the key's first 4 characters. */
export const echoSearch: ManifestEntry = {
  pluginKey: 'echo_search',
  name: 'Echo Search',
  description: 'Searches by echoing the query.',
  icon: '/assets/tools/echo.svg',
  authConfig: [{ authField: 'ECHO_API_KEY', label: 'Echo API Key', description: 'Your Echo key.' }],
  create: () => ({
    name: 'echo_search',
    description: 'Search the web.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' } },
      required: ['query'],
      additionalProperties: false,
    },
    run: (args, ctx) =>
      Promise.resolve({
        output: `results for ${String(args.query)} (key ${ctx.auth.ECHO_API_KEY?.slice(0, 4)})`,
      }),
  }),
};

/** Waits `ms` (default 1 s, or the `ms` argument) and answers "slept"; stops at once when aborted. */
export const sleeper: ManifestEntry = {
  pluginKey: 'sleeper',
  name: 'Sleeper',
  description: 'Waits a while.',
  icon: '/assets/tools/sleeper.svg',
  authConfig: [],
  create: () => ({
    name: 'sleeper',
    description: 'Waits.',
    parameters: { type: 'object', properties: { ms: { type: 'number' } } },
    async run(args, ctx) {
      const ms = typeof args.ms === 'number' ? args.ms : 1_000;
      await sleep(ms, undefined, { signal: ctx.signal });
      return { output: `slept ${ms} ms` };
    },
  }),
};

/** Always fails like a vendor answering 500. */
export const broken: ManifestEntry = {
  pluginKey: 'broken',
  name: 'Broken',
  description: 'Fails.',
  icon: '/assets/tools/broken.svg',
  authConfig: [],
  create: () => ({
    name: 'broken',
    description: 'Fails.',
    parameters: { type: 'object', properties: {} },
    run: () => Promise.reject(new ToolError('The vendor answered 500.')),
  }),
};

/** Saves a 1×1 PNG through `ctx.saveFile`, as an image tool does. */
export const painter: ManifestEntry = {
  pluginKey: 'painter',
  name: 'Painter',
  description: 'Paints.',
  icon: '/assets/tools/painter.svg',
  authConfig: [],
  create: () => ({
    name: 'painter',
    description: 'Paints a picture of the prompt.',
    parameters: { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] },
    async run(_args, ctx) {
      if (!ctx.saveFile) throw new ToolError('Images cannot be saved here.');
      const saved = await ctx.saveFile({
        bytes: ONE_PIXEL_PNG,
        filename: 'painting.png',
        mimeType: 'image/png',
      });
      return { output: `Painted; the image is shown to the user.`, files: [saved] };
    },
  }),
};

export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const TEST_MANIFEST: readonly ManifestEntry[] = [calculator, echoSearch, sleeper, broken, painter];
