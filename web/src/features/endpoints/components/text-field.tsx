import { useId } from 'react';

/** A labelled text box of the settings popover (a textarea when `multiline`), with an optional hint below. */
export function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  maxLength?: number;
  hint?: string;
}) {
  const id = useId();
  const hintId = useId();
  const className =
    'w-full rounded-lg border border-neutral-300 bg-white px-2.5 py-1.5 text-sm outline-none focus-visible:border-neutral-500 focus-visible:ring-2 focus-visible:ring-neutral-900/15 dark:border-neutral-600 dark:bg-neutral-900 dark:focus-visible:ring-neutral-100/20';
  const described = props.hint ? { 'aria-describedby': hintId } : {};
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
          maxLength={props.maxLength}
          onChange={(event) => props.onChange(event.target.value)}
          className={`${className} resize-y`}
          {...described}
        />
      ) : (
        <input
          id={id}
          value={props.value}
          maxLength={props.maxLength}
          onChange={(event) => props.onChange(event.target.value)}
          className={className}
          {...described}
        />
      )}
      {props.hint && (
        <p id={hintId} className="text-xs text-neutral-500 dark:text-neutral-400">
          {props.hint}
        </p>
      )}
    </div>
  );
}
