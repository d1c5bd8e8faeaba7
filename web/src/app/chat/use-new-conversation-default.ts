import type { EndpointsConfig, ModelsConfig } from '@parley/shared/schemas/endpoints';
import type { ModelSpecs } from '@parley/shared/schemas/startup-config';
import { useAuthStore } from '../../features/auth/store';
import type { ConversationSetup } from '../../features/chat/logic/build-request';
import { defaultSpec } from '../../features/model-specs/model-spec-list';
import { usePresets } from '../../features/presets/api/presets';
import { presetSetup, specSetup } from './header-menus';

interface Available {
  endpoints: EndpointsConfig;
  models: ModelsConfig;
  lastModels: Record<string, string>;
}

/**
 * SPEC §4 New conversation: what /c/new starts with before anything is chosen in the header: the default
 * model spec if one is configured, else the user's default preset when its endpoint is enabled; null
 * otherwise (the last setup applies).
 */
export function useNewConversationDefault(
  available: Available | null,
  specs: ModelSpecs | undefined,
): ConversationSetup | null {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const presets = usePresets(userId).data;
  if (!available) return null;
  const spec = defaultSpec(specs);
  if (spec) return specSetup(spec, available);
  const preset = presets?.find((entry) => entry.defaultPreset);
  return preset ? presetSetup(preset, null, available) : null;
}
