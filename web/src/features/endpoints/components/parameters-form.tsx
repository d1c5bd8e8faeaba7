import { useId, useState } from 'react';
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
import { labelField } from '../parameter-fields';
import { AgentSettings } from './agent-settings';
import { NumberField } from './number-field';

export interface ParametersFormProps {
  kind: EndpointKind;
  model: string;
  values: EndpointOptions;
  onChange: (patch: Partial<EndpointOptions>) => void;
  /** The endpoint's models (the plugins agent picks its model from them). */
  models?: readonly string[];
}

type Translate = ReturnType<typeof useTranslation>['t'];

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
export default function ParametersForm({ kind, model, values, onChange, models = [] }: ParametersFormProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'completion' | 'agent'>('completion');
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
          <CompletionSettings kind={kind} model={model} values={values} onChange={onChange} />
        )}
      </>
    );
  }
  return <CompletionSettings kind={kind} model={model} values={values} onChange={onChange} />;
}

/** The generation parameters of the endpoint kind (the default mode). */
function CompletionSettings({ kind, model, values, onChange }: ParametersFormProps) {
  const { t } = useTranslation();
  const rules = parameterRules(kind, model);
  const names = PARAMETER_NAMES.filter((name) => rules[name]);
  const nameField = labelField(kind);
  const reset = () => {
    const patch: Partial<EndpointOptions> = {};
    for (const name of names) patch[name] = undefined;
    if (nameField) patch[nameField] = null;
    patch.promptPrefix = null;
    onChange(patch);
  };

  return (
    <>
      <div className="space-y-4">
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
        {names.map((name) => (
          <NumberField
            key={name}
            label={labelOf(name, t)}
            rule={rules[name] as ParameterRule}
            value={values[name]}
            defaultLabel={t('com_endpoint_default')}
            onChange={(value) => onChange({ [name]: value })}
          />
        ))}
      </div>
      <div className="mt-4 flex justify-end">
        <button type="button" className={secondaryButton} onClick={reset}>
          {t('com_endpoint_reset')}
        </button>
      </div>
    </>
  );
}

function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  maxLength?: number;
}) {
  const id = useId();
  const className =
    'w-full rounded-lg border border-neutral-300 bg-white px-2.5 py-1.5 text-sm outline-none focus-visible:border-neutral-500 focus-visible:ring-2 focus-visible:ring-neutral-900/15 dark:border-neutral-600 dark:bg-neutral-900 dark:focus-visible:ring-neutral-100/20';
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-xs font-medium text-neutral-700 dark:text-neutral-300">
        {props.label}
      </label>
      {props.multiline ? (
        <textarea
          id={id}
          rows={3}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          className={`${className} resize-y`}
        />
      ) : (
        <input
          id={id}
          value={props.value}
          maxLength={props.maxLength}
          onChange={(event) => props.onChange(event.target.value)}
          className={className}
        />
      )}
    </div>
  );
}
