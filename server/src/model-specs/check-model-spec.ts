import { isDeepStrictEqual } from 'node:util';
import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import type { ModelSpec } from '@parley/shared/schemas/startup-config';
import { AppError } from '../lib/errors';

/** The YAML `modelSpecs` block (config 1.0.8) as loaded; absent when the file has none. */
export interface ModelSpecsConfig {
  enforce: boolean;
  prioritize?: boolean;
  list?: readonly ModelSpec[];
}

/** What a chat request asks for: its endpoint, model, spec name and endpoint options. */
export type ModelSpecRequest = Partial<EndpointOptions> & {
  endpoint: string;
  endpointType?: string | null;
};

/** `spec` is the listed spec the request named (null when it named none, or none that is listed). */
export type ModelSpecCheck = { ok: true; spec: ModelSpec | null } | { ok: false; error: AppError };

/**
 * Preset keys that say how a spec looks or where a conversation stands, not how the model is asked:
 * a request need not repeat them.
 */
const NOT_COMPARED = new Set([
  'title',
  'presetId',
  'defaultPreset',
  'order',
  'user',
  'createdAt',
  'updatedAt',
  'conversationId',
  'spec',
  'iconURL',
  'greeting',
  'presetOverride',
  'conversationSignature',
  'jailbreakConversationId',
  'clientId',
  'invocationId',
  'thread_id',
  'file_ids',
]);

const illegal = (message: string, details: Record<string, unknown> = {}): ModelSpecCheck => ({
  ok: false,
  error: new AppError(400, message, { code: 'illegal_model_request', details }),
});

/** null and undefined both mean "not set". */
const same = (a: unknown, b: unknown): boolean => (a ?? null) === (b ?? null) || isDeepStrictEqual(a, b);

/**
 * With `modelSpecs.enforce` and a list, a chat request must name a listed spec in `spec`, and its
 * endpoint, endpoint type, model and every parameter the spec's preset sets must be the preset's
 * (parameters the preset leaves unset are the user's to choose). Without `enforce` (or without a list)
 * every request passes. A spec whose preset gives `tools` to an endpoint other than gptPlugins is a
 * configuration error, reported as such. Pure: the chat engine calls it before anything is saved.
 */
export function checkModelSpec(
  specsConfig: ModelSpecsConfig | undefined,
  request: ModelSpecRequest,
): ModelSpecCheck {
  const list = specsConfig?.list ?? [];
  const named = request.spec ? (list.find((spec) => spec.name === request.spec) ?? null) : null;
  if (!specsConfig?.enforce || list.length === 0) return { ok: true, spec: named };
  if (!request.spec) return illegal('No model spec selected');
  if (!named) return illegal('Invalid model spec', { spec: request.spec });
  const { preset } = named;
  if (preset.endpoint !== 'gptPlugins' && preset.tools !== undefined) {
    return {
      ok: false,
      error: new AppError(
        400,
        `Model spec "${named.name}" is misconfigured: only the gptPlugins endpoint can have tools in its preset`,
        { code: 'invalid_model_spec', details: { spec: named.name } },
      ),
    };
  }
  const requested: Record<string, unknown> = request;
  for (const [key, expected] of Object.entries(preset)) {
    if (NOT_COMPARED.has(key) || expected === undefined) continue;
    if (!same(requested[key], expected)) {
      return illegal(`Model spec mismatch: ${key}`, { spec: named.name, field: key });
    }
  }
  return { ok: true, spec: named };
}

/** `checkModelSpec`, throwing its error: for callers that map errors once, at the edge. */
export function assertModelSpec(
  specsConfig: ModelSpecsConfig | undefined,
  request: ModelSpecRequest,
): ModelSpec | null {
  const result = checkModelSpec(specsConfig, request);
  if (!result.ok) throw result.error;
  return result.spec;
}
