import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import { secondaryButton } from '../../../components/ui/chat-styles';
import { TextField } from './text-field';

/** The server's limits (`POST /api/assistants/chat`): SPEC §9 instructions, and a prompt prefix. */
const MAX_INSTRUCTIONS = 32_768;
const MAX_ADDITIONAL_INSTRUCTIONS = 100_000;

/**
 * The assistants endpoint's settings (SPEC §3 "Endpoint and model settings" for assistants): the model of the
 * conversation, instructions that replace the assistant's, and additional instructions (`promptPrefix`) added
 * after them. Only what a run uses is offered: sampling parameters and token limits are not.
 */
export function AssistantsSettings({
  model,
  models,
  values,
  onChange,
  onModel,
}: {
  model: string;
  models: readonly string[];
  values: EndpointOptions;
  onChange: (patch: Partial<EndpointOptions>) => void;
  onModel: ((model: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const modelId = useId();
  const offered = model === '' || models.includes(model) ? models : [model, ...models];
  return (
    <>
      <div className="space-y-4">
        {onModel && offered.length > 0 && (
          <div className="space-y-1">
            <label htmlFor={modelId} className="text-xs font-medium text-neutral-700 dark:text-neutral-300">
              {t('com_ui_model')}
            </label>
            <select
              id={modelId}
              value={model}
              onChange={(event) => onModel(event.target.value)}
              className="h-9 w-full rounded-lg border border-neutral-300 bg-white px-2 text-sm outline-none focus-visible:border-neutral-500 focus-visible:ring-2 focus-visible:ring-neutral-900/15 dark:border-neutral-600 dark:bg-neutral-900 dark:focus-visible:ring-neutral-100/20"
            >
              {offered.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        )}
        <TextField
          label={t('com_endpoint_assistant_instructions')}
          hint={t('com_endpoint_assistant_instructions_hint')}
          value={values.instructions ?? ''}
          onChange={(value) => onChange({ instructions: value === '' ? null : value })}
          maxLength={MAX_INSTRUCTIONS}
          multiline
        />
        <TextField
          label={t('com_endpoint_additional_instructions')}
          hint={t('com_endpoint_additional_instructions_hint')}
          value={values.promptPrefix ?? ''}
          onChange={(value) => onChange({ promptPrefix: value === '' ? null : value })}
          maxLength={MAX_ADDITIONAL_INSTRUCTIONS}
          multiline
        />
      </div>
      <div className="mt-4 flex justify-end">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => onChange({ instructions: null, promptPrefix: null })}
        >
          {t('com_endpoint_reset')}
        </button>
      </div>
    </>
  );
}
