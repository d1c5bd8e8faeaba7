// The manifest tools (reference §14.1), in the store's order. One line per tool.
import { azureAiSearch } from './azure-ai-search';
import { calculator } from './calculator';
import { dalle2, dalle3 } from './dalle';
import { google } from './google';
import type { ManifestEntry } from './manifest-entry';
import { serpapi } from './serpapi';
import { stableDiffusion } from './stable-diffusion';
import { tavily } from './tavily';
import { traversaal } from './traversaal';
import { webBrowser } from './web-browser';
import { wolfram } from './wolfram';

export const MANIFEST: readonly ManifestEntry[] = [
  traversaal,
  google,
  wolfram,
  webBrowser,
  serpapi,
  dalle2,
  dalle3,
  tavily,
  calculator,
  stableDiffusion,
  azureAiSearch,
];
