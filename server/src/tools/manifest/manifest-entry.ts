import type { AgentKind } from '@parley/shared/schemas/plugin';
import type { FetchLike } from '../../net/address-guard';
import type { Tool, ToolAuthField } from '../tool';

/** What a manifest tool may use besides its own code: the server's environment and outbound HTTP. */
export interface ToolDeps {
  /** The environment as the server was started with it (tool settings such as `DALLE_REVERSE_PROXY`). */
  env: Readonly<Record<string, string | undefined>>;
  /** Outbound HTTP for vendor APIs the administrator configured (trusted URLs). */
  fetch: FetchLike;
  /**
   * Outbound HTTP for URLs a user or the model supplied (a page to browse, a server URL a user stored as a
   * credential): through the address guard of `net/`.
   */
  guardedFetch: FetchLike;
}

/**
 * One tool of the plugin store (reference §14.1): how the store shows it and how to build it. Adding a tool
 * is one file in `manifest/` exporting one of these, plus its line in `manifest/index.ts`.
 */
export interface ManifestEntry {
  /** Stable key users install and chats name (`GET /api/plugins` `pluginKey`). */
  pluginKey: string;
  /** Shown in the store and in "Using X...". */
  name: string;
  description: string;
  /** Image URL for the store card. */
  icon: string;
  /** Credentials per user or from the environment; `A||B` as `authField` means either variable. */
  authConfig: readonly ToolAuthField[];
  /** Agents that can drive it; default both (structured-argument tools are `['functions']`). */
  agents?: readonly AgentKind[];
  create(deps: ToolDeps): Tool;
}
