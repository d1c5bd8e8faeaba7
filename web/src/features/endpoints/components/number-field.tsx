import { useId } from 'react';
import { Slider } from 'radix-ui';
import type { ParameterRule } from '@parley/shared/endpoints/parameters';

/** A slider with a number box beside it; an empty box means "the default". */
export function NumberField(props: {
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
