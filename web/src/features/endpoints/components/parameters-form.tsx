import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointKind } from '@parley/shared/endpoints/kinds';
import {
  parameterRules,
  PARAMETER_NAMES,
  type ParameterName,
  type ParameterRule,
} from '@parley/shared/endpoints/parameters';
import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import { secondaryButton } from '../../../components/ui/chat-styles';
import { focusRing } from '../../../components/ui/styles';
import { readStored, writeStored } from '../../../lib/local-storage';
import { extraFields, labelField } from '../parameter-fields';
import {
  BingSettings,
  ExamplesEditor,
  ImageDetailField,
  ResendFilesField,
  StopSequencesField,
} from './endpoint-extras';
import { AgentSettings } from './agent-settings';
import { AssistantsSettings } from './assistants-settings';
import { NumberField } from './number-field';
import { TextField } from './text-field';

export interface ParametersFormProps {
  kind: EndpointKind;
  model: string;
  values: EndpointOptions;
  onChange: (patch: Partial<EndpointOptions>) => void;
  /** The endpoint's models (the plugins agent picks its model from them). */
  models?: readonly string[];
  /** False for a conversation that already exists (Bing's mode is then fixed); presets count as new. */
  isNew?: boolean;
  /** Chooses the conversation's model (the assistants settings offer it); absent: no model field. */
  onModel?: (model: string) => void;
}

/** `TFunction` (not the hook's own `t` type, whose inference over every key runs too deep past ~880 keys). */
type Translate = TFunction;

function labelOf(name: ParameterName, t: Translate): string {
  switch (name) {
    case 'temperature':
      return t('com_endpoint_temperature');
    case 'top_p':
    case 'topP':
      return t('com_endpoint_top_p');
    case 'topK':
      return t('com_endpoint_top_k');
    case 'maxOutputTokens':
      return t('com_endpoint_max_output_tokens');
    case 'presence_penalty':
      return t('com_endpoint_presence_penalty');
    case 'frequency_penalty':
      return t('com_endpoint_frequency_penalty');
  }
}

/** The fields of the parameters popover (its own chunk: sliders load when the popover first opens). */
export default function ParametersForm({
  kind,
  model,
  values,
  onChange,
  models = [],
  isNew,
  onModel,
}: ParametersFormProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'completion' | 'agent'>('completion');
  if (kind === 'assistants') {
    return (
      <AssistantsSettings
        model={model}
        models={models}
        values={values}
        onChange={onChange}
        onModel={onModel}
      />
    );
  }
  if (kind === 'gptPlugins') {
    return (
      <>
        <div
          role="tablist"
          aria-label={t('com_endpoint_settings_mode')}
          className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-neutral-100 p-1 dark:bg-neutral-900"
        >
          {(['completion', 'agent'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={mode === value}
              onClick={() => setMode(value)}
              className={`h-8 rounded-lg text-xs font-medium text-neutral-600 aria-selected:bg-white aria-selected:text-neutral-900 aria-selected:shadow-sm dark:text-neutral-300 dark:aria-selected:bg-neutral-700 dark:aria-selected:text-white ${focusRing}`}
            >
              {value === 'completion'
                ? t('com_endpoint_completion_settings')
                : t('com_endpoint_agent_settings')}
            </button>
          ))}
        </div>
        {mode === 'agent' ? (
          <>
            <AgentSettings values={values} models={models} onChange={onChange} />
            <div className="mt-4 flex justify-end">
              <button
                type="button"
                className={secondaryButton}
                onClick={() => onChange({ agentOptions: null })}
              >
                {t('com_endpoint_reset')}
              </button>
            </div>
          </>
        ) : (
          <CompletionSettings kind={kind} model={model} values={values} onChange={onChange} isNew={isNew} />
        )}
      </>
    );
  }
  return <CompletionSettings kind={kind} model={model} values={values} onChange={onChange} isNew={isNew} />;
}

/** SPEC §2: the settings view has a default and an advanced mode; the choice is remembered. */
export type SettingsView = 'default' | 'advanced';
const SETTINGS_VIEW_KEY = 'settingsView';

/** The settings shown in the default view; every other one waits for the advanced view. */
const DEFAULT_VIEW_PARAMETERS: readonly ParameterName[] = ['temperature'];

/** The generation parameters of the endpoint kind, in the default or the advanced view. */
function CompletionSettings({ kind, model, values, onChange, isNew = true }: ParametersFormProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<SettingsView>(() =>
    readStored(SETTINGS_VIEW_KEY) === 'advanced' ? 'advanced' : 'default',
  );
  const chooseView = (next: SettingsView) => {
    setView(next);
    writeStored(SETTINGS_VIEW_KEY, next);
  };
  const rules = parameterRules(kind, model);
  const names = PARAMETER_NAMES.filter((name) => rules[name]);
  const nameField = labelField(kind);
  const extras = extraFields(kind);
  const advancedNames = names.filter((name) => !DEFAULT_VIEW_PARAMETERS.includes(name));
  const hasAdvanced =
    advancedNames.length > 0 || extras.stop || extras.resendFiles || extras.imageDetail || extras.examples;
  const advanced = hasAdvanced && view === 'advanced';
  const shownNames = advanced ? names : names.filter((name) => DEFAULT_VIEW_PARAMETERS.includes(name));
  const reset = () => {
    const patch: Partial<EndpointOptions> = {};
    for (const name of names) patch[name] = undefined;
    if (nameField) patch[nameField] = null;
    patch.promptPrefix = null;
    if (extras.stop) patch.stop = undefined;
    if (extras.resendFiles) patch.resendFiles = undefined;
    if (extras.imageDetail) patch.imageDetail = undefined;
    if (extras.examples) patch.examples = undefined;
    if (extras.bing) {
      patch.toneStyle = undefined;
      patch.context = null;
      patch.systemMessage = null;
      if (isNew) patch.jailbreak = undefined;
    }
    onChange(patch);
  };

  return (
    <>
      {hasAdvanced && (
        <div
          role="radiogroup"
          aria-label={t('com_endpoint_settings_view')}
          className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-neutral-100 p-1 dark:bg-neutral-900"
        >
          {(['default', 'advanced'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={(advanced ? 'advanced' : 'default') === value}
              onClick={() => chooseView(value)}
              className={`h-8 rounded-lg text-xs font-medium text-neutral-600 aria-checked:bg-white aria-checked:text-neutral-900 aria-checked:shadow-sm dark:text-neutral-300 dark:aria-checked:bg-neutral-700 dark:aria-checked:text-white ${focusRing}`}
            >
              {value === 'default' ? t('com_endpoint_view_default') : t('com_endpoint_view_advanced')}
            </button>
          ))}
        </div>
      )}
      <div className="space-y-4">
        {extras.bing && <BingSettings values={values} onChange={onChange} isNew={isNew} />}
        {nameField && (
          <TextField
            label={t('com_endpoint_custom_name')}
            value={values[nameField] ?? ''}
            onChange={(value) => onChange({ [nameField]: value === '' ? null : value })}
            maxLength={256}
          />
        )}
        {nameField && (
          <TextField
            label={t('com_endpoint_prompt_prefix')}
            value={values.promptPrefix ?? ''}
            onChange={(value) => onChange({ promptPrefix: value === '' ? null : value })}
            multiline
          />
        )}
        {shownNames.map((name) => (
          <NumberField
            key={name}
            label={labelOf(name, t)}
            rule={rules[name] as ParameterRule}
            value={values[name]}
            defaultLabel={t('com_endpoint_default')}
            onChange={(value) => onChange({ [name]: value })}
          />
        ))}
        {advanced && extras.stop && <StopSequencesField values={values} onChange={onChange} />}
        {advanced && extras.imageDetail && <ImageDetailField values={values} onChange={onChange} />}
        {advanced && extras.resendFiles && <ResendFilesField values={values} onChange={onChange} />}
        {advanced && extras.examples && <ExamplesEditor values={values} onChange={onChange} />}
      </div>
      <div className="mt-4 flex justify-end">
        <button type="button" className={secondaryButton} onClick={reset}>
          {t('com_endpoint_reset')}
        </button>
      </div>
    </>
  );
}
