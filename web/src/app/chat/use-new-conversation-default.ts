import type { EndpointsConfig, ModelsConfig } from '@parley/shared/schemas/endpoints';
import type { Preset } from '@parley/shared/schemas/preset';
import type { ModelSpec, ModelSpecs } from '@parley/shared/schemas/startup-config';
import { useAuthStore } from '../../features/auth/store';
import type { ConversationSetup } from '../../features/chat/logic/build-request';
import { availableBuiltIns } from '../../features/model-specs/built-in-presets';
import { defaultSpec } from '../../features/model-specs/model-spec-list';
import { usePresets } from '../../features/presets/api/presets';
import { presetSetup, specSetup } from './header-menus';

interface Available {
  endpoints: EndpointsConfig;
  models: ModelsConfig;
  lastModels: Record<string, string>;
}

export type NewConversationDefault = { spec: ModelSpec } | { preset: Preset } | null;

/**
 * SPEC §4 New conversation, in order: the configured spec marked default; else the user's default preset
 * when its endpoint is enabled here ("matches the endpoint"); else, when no configured spec is marked
 * default, the first built-in preset marked default that can run here; else nothing (the last setup applies).
 */
export function pickNewConversationDefault(
  specs: ModelSpecs | undefined,
  presets: readonly Preset[] | undefined,
  available: Pick<Available, 'endpoints' | 'models'>,
  builtIns: readonly ModelSpec[] = availableBuiltIns(available.endpoints, available.models),
): NewConversationDefault {
  const spec = defaultSpec(specs);
  if (spec) return { spec };
  const preset = presets?.find((entry) => entry.defaultPreset);
  if (preset && preset.endpoint && available.endpoints[preset.endpoint]) return { preset };
  const builtIn = specs?.enforce ? undefined : builtIns.find((entry) => entry.default === true);
  return builtIn ? { spec: builtIn } : null;
}

/** What /c/new starts with before anything is chosen in the header (see `pickNewConversationDefault`). */
export function useNewConversationDefault(
  available: Available | null,
  specs: ModelSpecs | undefined,
): ConversationSetup | null {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const presets = usePresets(userId).data;
  if (!available) return null;
  const picked = pickNewConversationDefault(specs, presets, available);
  if (!picked) return null;
  return 'spec' in picked ? specSetup(picked.spec, available) : presetSetup(picked.preset, null, available);
}
