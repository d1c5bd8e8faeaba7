// The tools of a create or update body as the assistant stores them: built-in tools checked against the
// YAML capabilities, plugin and MCP tools by name with the server's own definitions, action functions only
// as the server derived them (never as a client describes them).
import { ACTION_DELIMITER } from '@parley/shared/schemas/action';
import {
  isRetrievalDocument,
  retrievalBlock,
  type RetrievalSettings,
} from '@parley/shared/endpoints/assistant-retrieval';
import {
  IMAGE_VISION_TOOL,
  type AssistantTool,
  type FunctionDefinition,
} from '@parley/shared/schemas/assistant';
import type { z } from 'zod';
import type { assistantToolInputSchema } from '@parley/shared/schemas/assistant';
import { badRequest } from '../lib/errors';
import type { AssistantsSettings } from './settings';

export type AssistantToolInput = z.infer<typeof assistantToolInputSchema>;

/** The function the run answers with a description of the message's images. */
export const IMAGE_VISION_FUNCTION: FunctionDefinition = {
  name: IMAGE_VISION_TOOL,
  description:
    'Get detailed text descriptions of the images the user attached to the current message. Call it when ' +
    'the answer depends on what the images show.',
  parameters: { type: 'object', properties: {}, required: [] },
};

export interface ToolCatalog {
  /** A plugin or MCP tool's function by name (plugin key), or undefined. */
  definitionOf(name: string): FunctionDefinition | undefined;
}

export interface ResolveToolsInput {
  tools: readonly AssistantToolInput[];
  /** The assistant's current tools (its action functions are kept as stored). */
  current: readonly AssistantTool[];
  model: string;
  settings: AssistantsSettings;
  catalog: ToolCatalog;
}

const nameOf = (tool: AssistantToolInput): string =>
  typeof tool === 'string' ? tool : tool.type === 'function' ? tool.function.name : tool.type;

export const isActionFunction = (name: string): boolean => name.includes(ACTION_DELIMITER);

function refuse(message: string): never {
  throw badRequest(message, { tools: message });
}

/** The server's side of the retrieval rule (`retrievalBlock`), from the YAML settings. */
export function retrievalSettingsOf(settings: AssistantsSettings): RetrievalSettings {
  return { capabilityOn: settings.capabilities.has('retrieval'), retrievalModels: settings.retrievalModels };
}

function builtIn(type: 'code_interpreter' | 'retrieval', input: ResolveToolsInput): AssistantTool {
  const { settings, model } = input;
  if (!settings.capabilities.has(type)) refuse(`The ${type} capability is not enabled on this server`);
  // One rule with the builder: every model unless YAML `retrievalModels` narrows them.
  const block = type === 'retrieval' ? retrievalBlock(model, retrievalSettingsOf(settings)) : null;
  if (block?.type === 'model_not_listed') refuse(`Retrieval is not available for the model ${model}`);
  return { type };
}

function functionTool(name: string, input: ResolveToolsInput): AssistantTool {
  const { settings, catalog, current } = input;
  if (name === IMAGE_VISION_TOOL) {
    if (!settings.capabilities.has('image_vision')) refuse('The image_vision capability is not enabled');
    return { type: 'function', function: IMAGE_VISION_FUNCTION };
  }
  if (isActionFunction(name)) {
    const stored = current.find((tool) => tool.type === 'function' && tool.function.name === name);
    if (!stored) refuse(`Unknown action function "${name}": add actions through the actions route`);
    return stored;
  }
  if (!settings.capabilities.has('tools')) refuse('The tools capability is not enabled on this server');
  const definition = catalog.definitionOf(name);
  if (!definition) refuse(`Unknown tool "${name}"`);
  return { type: 'function', function: definition };
}

/** The stored tools for a body's list; throws 400 (`fields.tools`) for an unknown or disabled one. */
export function resolveTools(input: ResolveToolsInput): AssistantTool[] {
  const seen = new Set<string>();
  const resolved: AssistantTool[] = [];
  for (const tool of input.tools) {
    const name = nameOf(tool);
    if (seen.has(name)) continue;
    seen.add(name);
    if (typeof tool !== 'string' && (tool.type === 'code_interpreter' || tool.type === 'retrieval')) {
      resolved.push(builtIn(tool.type, input));
    } else if (typeof tool === 'string' && (tool === 'code_interpreter' || tool === 'retrieval')) {
      resolved.push(builtIn(tool, input));
    } else {
      resolved.push(functionTool(name, input));
    }
  }
  return resolved;
}

/**
 * An assistant with knowledge documents searches them (issue 23): adding one turns its retrieval on, when its
 * model may retrieve. The new tools, or null when nothing changes (already on, not a document, or retrieval
 * not available here: the builder then says why instead of promising search).
 */
export function withKnowledgeRetrieval(
  current: readonly AssistantTool[],
  file: { model: string; type: string; settings: AssistantsSettings },
): AssistantTool[] | null {
  if (!isRetrievalDocument(file.type)) return null;
  if (current.some((tool) => tool.type === 'retrieval')) return null;
  if (retrievalBlock(file.model, retrievalSettingsOf(file.settings))) return null;
  return [...current, { type: 'retrieval' }];
}
