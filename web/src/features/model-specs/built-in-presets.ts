import type { EndpointsConfig, ModelsConfig } from '@parley/shared/schemas/endpoints';
import type { ModelSpec, ModelSpecs } from '@parley/shared/schemas/startup-config';

/** Stands for "the first local (custom-type) endpoint that lists the model". */
export const LOCAL_ENDPOINT = '{local}';

/**
 * SPEC §3 built-in presets, `authType: SYSTEM_DEFINED`: the system provides the key, so no user key is
 * asked for. They are offered in the model-spec menu only where they can run (see `availableBuiltIns`).
 */
export const BUILT_IN_PRESETS: readonly ModelSpec[] = [
  {
    name: 'commander_01',
    label: 'Commander in Chief',
    description: 'Command R on the local model server: focused answers, retrieval-friendly.',
    authType: 'SYSTEM_DEFINED',
    preset: {
      endpoint: LOCAL_ENDPOINT,
      model: 'command-r',
      modelLabel: 'Commander in Chief',
      temperature: 0.8,
      top_p: 0.5,
      presence_penalty: 0,
      frequency_penalty: 0,
      resendFiles: false,
    },
  },
  {
    name: 'vision_pro',
    label: 'Vision Pro',
    description: 'GPT-4 Turbo set up to look closely at the images you attach.',
    authType: 'SYSTEM_DEFINED',
    preset: {
      endpoint: 'openAI',
      model: 'gpt-4-turbo',
      chatGptLabel: 'Vision Pro',
      temperature: 0.8,
      top_p: 1,
      presence_penalty: 0,
      frequency_penalty: 0,
      promptPrefix:
        'You analyse images. Describe what an attached image shows before answering: the subject, any text ' +
        'in it (transcribed exactly), notable details, and what is uncertain. Answer questions about the ' +
        'image from what is visible, and say so when something cannot be seen.',
    },
  },
];

/**
 * The built-in presets that can run here, with `{local}` resolved: the endpoint must be enabled and list
 * the model and run on the deployment's key (commander_01 takes the first custom endpoint — a local model server — that has `command-r`).
 */
export function availableBuiltIns(endpoints: EndpointsConfig, models: ModelsConfig): ModelSpec[] {
  const result: ModelSpec[] = [];
  for (const spec of BUILT_IN_PRESETS) {
    const model = typeof spec.preset.model === 'string' ? spec.preset.model : '';
    const endpoint =
      spec.preset.endpoint === LOCAL_ENDPOINT
        ? Object.keys(endpoints).find(
            (name) => endpoints[name]?.type === 'custom' && (models[name] ?? []).includes(model),
          )
        : spec.preset.endpoint;
    const config = endpoint ? endpoints[endpoint] : undefined;
    // SYSTEM_DEFINED: the deployment's key runs it, so an endpoint where users bring their own key is out.
    if (!endpoint || !config || config.userProvide || !(models[endpoint] ?? []).includes(model)) continue;
    result.push({ ...spec, preset: { ...spec.preset, endpoint } });
  }
  return result;
}

/** The menu's specs: the configured ones, then the built-in presets that can run (unless specs are enforced). */
export function withBuiltIns(
  specs: ModelSpecs | undefined,
  endpoints: EndpointsConfig,
  models: ModelsConfig,
): ModelSpecs {
  const configured = specs ?? { enforce: false, prioritize: true, list: [] };
  if (configured.enforce) return configured;
  const names = new Set(configured.list.map((spec) => spec.name));
  const builtIns = availableBuiltIns(endpoints, models).filter((spec) => !names.has(spec.name));
  return { ...configured, list: [...configured.list, ...builtIns] };
}
