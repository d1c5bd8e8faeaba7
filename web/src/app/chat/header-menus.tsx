import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ModelSpec, ModelSpecs } from '@parley/shared/schemas/startup-config';
import { clampParametersToModel } from '@parley/shared/endpoints/parameters';
import type { Preset } from '@parley/shared/schemas/preset';
import type { EndpointsConfig, ModelsConfig } from '@parley/shared/schemas/endpoints';
import type { ConversationSetup } from '../../features/chat/logic/build-request';
import { ModelSelect } from '../../features/endpoints/components/model-select';
import { kindOf, type EndpointEntry } from '../../features/endpoints/endpoint-names';
import { withBuiltIns } from '../../features/model-specs/built-in-presets';
import { ModelSpecMenu } from '../../features/model-specs/components/model-spec-menu';
import { PresetsMenu } from '../../features/presets/components/presets-menu';
import { presetOptions } from '../../features/presets/preset-options';
import { useAuthStore } from '../../features/auth/store';
import { usePreferences } from '../../lib/preferences';
import { mergeSetup, presetTarget, setupFromTemplate } from './apply-preset';
import { useTemplateStore } from './template-store';

/** Its own chunk, as in the parameters popover. */
const ParametersForm = lazy(() => import('../../features/endpoints/components/parameters-form'));

interface Available {
  endpoints: EndpointsConfig;
  models: ModelsConfig;
  lastModels: Record<string, string>;
}

/** A model spec as a conversation template: its preset, with its name and icon (SPEC §4 model spec). */
export function specSetup(spec: ModelSpec, available: Available): ConversationSetup | null {
  const setup = setupFromTemplate(
    { ...presetOptions(spec.preset), endpoint: spec.preset.endpoint },
    null,
    available,
  );
  return setup && { ...setup, spec: spec.name, iconURL: spec.iconURL ?? setup.iconURL ?? null };
}

export function presetSetup(preset: Preset, fallback: string | null, available: Available) {
  return setupFromTemplate({ ...presetOptions(preset), endpoint: preset.endpoint }, fallback, available);
}

/** The model-spec menu of the chat header: configured specs and the built-in presets that can run here. */
export function SpecMenuSlot({
  specs,
  setup,
  available,
}: {
  specs: ModelSpecs | undefined;
  setup: ConversationSetup | null;
  available: Available | null;
}) {
  const navigate = useNavigate();
  const setSetup = useTemplateStore((state) => state.setSetup);
  const menu = available ? withBuiltIns(specs, available.endpoints, available.models) : specs;
  if (!menu || menu.list.length === 0) return null;
  return (
    <ModelSpecMenu
      specs={menu}
      value={setup?.spec ?? null}
      onSelect={(spec) => {
        const next = available && specSetup(spec, available);
        if (!next) return;
        setSetup('new', next);
        void navigate('/c/new');
      }}
    />
  );
}

/** The presets menu of the chat header, wired to the conversation template (SPEC §4 Presets). */
export function PresetsMenuSlot({
  conversationId,
  setup,
  entries,
  available,
}: {
  conversationId: string;
  setup: ConversationSetup | null;
  entries: EndpointEntry[];
  available: Available | null;
}) {
  const navigate = useNavigate();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const modularChat = usePreferences((state) => state.modularChat);
  const setSetup = useTemplateStore((state) => state.setSetup);

  const startNew = (preset: Preset) => {
    const next = available && presetSetup(preset, setup?.endpoint ?? null, available);
    if (!next) return;
    setSetup('new', next);
    void navigate('/c/new');
  };

  return (
    <PresetsMenu
      userId={userId}
      current={setup}
      endpoints={entries.map((entry) => ({
        name: entry.name,
        label: entry.label,
        type: entry.config.type ?? null,
      }))}
      onApply={(preset) => {
        const next = available && presetSetup(preset, setup?.endpoint ?? null, available);
        if (!next) return;
        if (presetTarget(setup, preset.endpoint, { conversationId, modularChat }) === 'merge') {
          setSetup(conversationId, mergeSetup(setup, next));
        } else {
          startNew(preset);
        }
      }}
      onDefault={startNew}
      renderParameters={({ endpoint, values, onChange }) => {
        const kind = entries.find((entry) => entry.name === endpoint)?.kind ?? kindOf(endpoint);
        return (
          <div className="space-y-4">
            <PresetModelField
              models={available?.models[endpoint] ?? []}
              value={values.model || null}
              // A model change lowers what the new model does not allow (SPEC §4, as in the header).
              onChange={(model) => onChange({ ...clampParametersToModel(kind, model, values), model })}
            />
            <Suspense fallback={null}>
              <ParametersForm
                kind={kind}
                model={values.model ?? ''}
                values={values}
                onChange={onChange}
                models={available?.models[endpoint] ?? []}
              />
            </Suspense>
          </div>
        );
      }}
    />
  );
}

/** The preset dialog's model picker, under a visible "Model" label that also names it (issue 16 item 8). */
function PresetModelField(props: {
  models: readonly string[];
  value: string | null;
  onChange: (model: string) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="flex flex-col items-start gap-1.5">
      <span id={labelId} className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {t('com_ui_model')}
      </span>
      <ModelSelect {...props} labelId={labelId} />
    </div>
  );
}
