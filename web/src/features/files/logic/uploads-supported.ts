import type { FileConfig } from '@parley/shared/schemas/file';

/**
 * Endpoint kinds that take files with a message (SPEC §5 Gating; ChatGPT and Bing do not). Plugins chats do:
 * their turn reaches an OpenAI model with the files like any other (issue 27).
 */
const KINDS_WITH_UPLOADS: ReadonlySet<string> = new Set([
  'openAI',
  'gptPlugins',
  'azureOpenAI',
  'anthropic',
  'google',
  'custom',
  'assistants',
]);

/** SPEC §5 Gating: the attach button shows only for endpoints that support uploads and are not disabled. */
export function uploadsAllowed(
  config: FileConfig | undefined,
  endpoint: { name: string; kind: string } | null,
): boolean {
  if (!config || !endpoint || !KINDS_WITH_UPLOADS.has(endpoint.kind)) return false;
  // The shared `endpointFileConfig` would bring the whole MIME table into the first page's script.
  const own = Object.hasOwn(config.endpoints, endpoint.name) ? config.endpoints[endpoint.name] : undefined;
  return (own ?? config.endpoints.default)?.disabled === false;
}
