import { z } from 'zod';
import { endpointKindSchema } from '../endpoints/kinds';

/** Features the assistant builder may expose (SPEC §9; default: all, in this order). */
export const ASSISTANT_BUILDER_CAPABILITIES = [
  'code_interpreter',
  'image_vision',
  'retrieval',
  'actions',
  'tools',
] as const;
export const assistantCapabilitySchema = z.enum(ASSISTANT_BUILDER_CAPABILITIES);
export type AssistantCapability = z.infer<typeof assistantCapabilitySchema>;

/** Agents the plugins endpoint offers. */
export const PLUGIN_AGENTS = ['classic', 'functions'] as const;

/** One enabled endpoint as `GET /api/endpoints` describes it (SPEC §3 "Endpoint config"). */
export const endpointConfigSchema = z.object({
  /** Position in the endpoint menu, lowest first. */
  order: z.number(),
  /** `custom` for endpoints of the YAML `endpoints.custom` list (and the detected local Ollama). */
  type: endpointKindSchema.optional(),
  /** Each user brings their own key (the key dialog). */
  userProvide: z.boolean(),
  /** Each user brings their own base URL too. */
  userProvideURL: z.boolean().optional(),
  iconURL: z.string().optional(),
  modelDisplayLabel: z.string().optional(),
  /** Plugins endpoint: the agent runs against Azure OpenAI (its user key is the Azure one). */
  azure: z.boolean().optional(),
  /** Plugins endpoint: plugin key → name. */
  plugins: z.record(z.string(), z.string()).optional(),
  availableAgents: z.array(z.enum(PLUGIN_AGENTS)).optional(),
  capabilities: z.array(assistantCapabilitySchema).optional(),
  disableBuilder: z.boolean().optional(),
  retrievalModels: z.array(z.string()).optional(),
  /** Assistants: why the code interpreter cannot run code on this server (absent when it can). */
  codeInterpreterOff: z.string().optional(),
});
export type EndpointConfig = z.infer<typeof endpointConfigSchema>;

/** `GET /api/endpoints`: every enabled endpoint by name (custom endpoints by their configured name). */
export const endpointsConfigSchema = z.record(z.string(), endpointConfigSchema);
export type EndpointsConfig = z.infer<typeof endpointsConfigSchema>;

/** `GET /api/models`: the models of every enabled endpoint, by endpoint name. */
export const modelsConfigSchema = z.record(z.string(), z.array(z.string()));
export type ModelsConfig = z.infer<typeof modelsConfigSchema>;

/** `GET /api/endpoints/config/override`: no override mechanism exists, so always `false`. */
export const endpointsOverrideSchema = z.literal(false);
