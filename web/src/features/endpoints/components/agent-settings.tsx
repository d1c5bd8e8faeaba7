import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENT_OPTION_DEFAULTS, type AgentOptions } from '@parley/shared/schemas/plugin';
import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import { SwitchRow } from '../../../components/ui/switch';
import { NumberField } from './number-field';

const AGENT_TEMPERATURE = { min: 0, max: 1, default: AGENT_OPTION_DEFAULTS.temperature };

/** The agent's options with SPEC §9's defaults filled in, so a change never sends a half-set object. */
export function effectiveAgentOptions(options: EndpointOptions['agentOptions'], models: readonly string[]) {
  const model =
    options?.model ??
    (models.length === 0 || models.includes(AGENT_OPTION_DEFAULTS.model)
      ? AGENT_OPTION_DEFAULTS.model
      : models[0]);
  return {
    agent: options?.agent ?? AGENT_OPTION_DEFAULTS.agent,
    skipCompletion: options?.skipCompletion ?? AGENT_OPTION_DEFAULTS.skipCompletion,
    model: model ?? AGENT_OPTION_DEFAULTS.model,
    temperature: options?.temperature ?? AGENT_OPTION_DEFAULTS.temperature,
  } satisfies AgentOptions;
}

/**
 * The plugins agent (SPEC §2 settings, advanced mode): functions or classic, skip completion, the agent's
 * model and temperature.
 */
export function AgentSettings({
  values,
  models,
  onChange,
}: {
  values: EndpointOptions;
  models: readonly string[];
  onChange: (patch: Partial<EndpointOptions>) => void;
}) {
  const { t } = useTranslation();
  const modelId = useId();
  const options = effectiveAgentOptions(values.agentOptions, models);
  const set = (patch: Partial<AgentOptions>) => onChange({ agentOptions: { ...options, ...patch } });
  const offered = models.includes(options.model) ? models : [options.model, ...models];

  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={modelId} className="text-xs font-medium text-neutral-700 dark:text-neutral-300">
          {t('com_endpoint_agent_model')}
        </label>
        <select
          id={modelId}
          value={options.model}
          onChange={(event) => set({ model: event.target.value })}
          className="h-9 w-full rounded-lg border border-neutral-300 bg-white px-2 text-sm outline-none focus-visible:border-neutral-500 focus-visible:ring-2 focus-visible:ring-neutral-900/15 dark:border-neutral-600 dark:bg-neutral-900 dark:focus-visible:ring-neutral-100/20"
        >
          {offered.map((model) => (
            <option key={model} value={model}>
              {model}
            </option>
          ))}
        </select>
        <p className="text-xs text-neutral-500 dark:text-neutral-400">{t('com_endpoint_agent_model_hint')}</p>
      </div>
      <NumberField
        label={t('com_endpoint_agent_temperature')}
        rule={AGENT_TEMPERATURE}
        value={values.agentOptions?.temperature}
        defaultLabel={t('com_endpoint_default')}
        onChange={(temperature) => set({ temperature: temperature ?? AGENT_OPTION_DEFAULTS.temperature })}
      />
      <div className="divide-y divide-neutral-200 dark:divide-neutral-700">
        <SwitchRow
          label={t('com_endpoint_use_functions')}
          description={t('com_endpoint_use_functions_hint')}
          checked={options.agent === 'functions'}
          onCheckedChange={(checked) => set({ agent: checked ? 'functions' : 'classic' })}
        />
        <SwitchRow
          label={t('com_endpoint_skip_completion')}
          description={t('com_endpoint_skip_completion_hint')}
          checked={options.skipCompletion}
          onCheckedChange={(skipCompletion) => set({ skipCompletion })}
        />
      </div>
    </div>
  );
}
