import { useId } from 'react';
import { Slider } from 'radix-ui';
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
import { labelField } from '../parameter-fields';

export interface ParametersFormProps {
  kind: EndpointKind;
  model: string;
  values: EndpointOptions;
  onChange: (patch: Partial<EndpointOptions>) => void;
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
export default function ParametersForm({ kind, model, values, onChange }: ParametersFormProps) {
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

/** A slider with a number box beside it; an empty box means "the default". */
function NumberField(props: {
  label: string;
  rule: ParameterRule;
  value: number | undefined;
  defaultLabel: string;
  onChange: (value: number | undefined) => void;
}) {
  const { label, rule, value, defaultLabel, onChange } = props;
  const id = useId();
  const step = rule.integer ? 1 : 0.01;
  const effective = value ?? rule.default;
  const sliderable = rule.max - rule.min <= 100_000;
  const clamp = (n: number) =>
    Math.min(rule.max, Math.max(rule.min, rule.integer ? Math.round(n) : Math.round(n * 100) / 100));
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-xs font-medium text-neutral-700 dark:text-neutral-300">
          {label}
          {rule.default !== undefined && (
            <span className="ms-1 font-normal text-neutral-500 dark:text-neutral-400">
              ({defaultLabel}: {rule.default})
            </span>
          )}
        </label>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={rule.min}
          max={rule.max}
          step={step}
          value={value ?? ''}
          placeholder={rule.default !== undefined ? String(rule.default) : ''}
          onChange={(event) => {
            const raw = event.target.value;
            onChange(raw === '' || Number.isNaN(Number(raw)) ? undefined : clamp(Number(raw)));
          }}
          className="h-7 w-20 rounded-md border border-neutral-300 bg-white px-1.5 text-end text-sm tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-neutral-900/15 dark:border-neutral-600 dark:bg-neutral-900"
        />
      </div>
      {sliderable && (
        <Slider.Root
          className="relative flex h-5 w-full touch-none select-none items-center"
          min={rule.min}
          max={rule.max}
          step={step}
          value={[effective ?? rule.min]}
          onValueChange={([next]) => next !== undefined && onChange(clamp(next))}
          aria-label={label}
        >
          <Slider.Track className="relative h-1 grow rounded-full bg-neutral-200 dark:bg-neutral-700">
            <Slider.Range className="absolute h-full rounded-full bg-neutral-900 dark:bg-neutral-100" />
          </Slider.Track>
          <Slider.Thumb
            aria-label={label}
            className="block size-4 rounded-full border border-neutral-300 bg-white shadow outline-none focus-visible:ring-2 focus-visible:ring-neutral-900 dark:border-neutral-500 dark:focus-visible:ring-neutral-100"
          />
        </Slider.Root>
      )}
    </div>
  );
}
