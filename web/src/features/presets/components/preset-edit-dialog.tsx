import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import type { Preset } from '@parley/shared/schemas/preset';
import { primaryCompactButton, secondaryButton } from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { downloadFile } from '../../../lib/download-file';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { useSavePreset } from '../api/presets';
import { presetExportJson, presetTitle } from '../preset-options';

export interface EndpointChoice {
  name: string;
  label: string;
  type?: string | null;
}

/** The app supplies the parameter fields of an endpoint (they belong to the endpoints feature). */
export type ParametersEditor = (props: {
  endpoint: string;
  endpointType: string | null;
  values: EndpointOptions;
  onChange: (patch: Partial<EndpointOptions>) => void;
}) => ReactNode;

const selectClass =
  'h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-[15px] dark:border-neutral-600 dark:bg-neutral-800';

/** SPEC §2: name, endpoint, parameters; Export downloads it as JSON; Save stores it. Closing drops the edit. */
export function PresetEditDialog({
  preset,
  endpoints,
  renderParameters,
  onClose,
}: {
  preset: Preset;
  endpoints: EndpointChoice[];
  renderParameters?: ParametersEditor;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const endpointId = useId();
  const [draft, setDraft] = useState<Preset>(preset);
  const save = useSavePreset();
  const choices =
    endpoints.some((entry) => entry.name === draft.endpoint) || !draft.endpoint
      ? endpoints
      : [...endpoints, { name: draft.endpoint, label: draft.endpoint }];
  const patch = (change: Partial<Preset>) => setDraft((old) => ({ ...old, ...change }));

  const submit = () =>
    save.mutate(
      { ...draft, title: draft.title.trim() },
      {
        onSuccess: (saved) => {
          showToast({ message: t('com_endpoint_preset_saved', { title: presetTitle(saved) }) });
          onClose();
        },
        onError: () => showErrorToast(t('com_endpoint_preset_save_error')),
      },
    );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('com_endpoint_edit_preset_title', { title: presetTitle(preset) })}
      closeLabel={t('com_ui_close')}
      width="max-w-xl"
      footer={
        <>
          <button
            type="button"
            className={`${secondaryButton} me-auto`}
            onClick={() =>
              downloadFile(`${presetTitle(draft)}.json`, presetExportJson(draft), 'application/json')
            }
          >
            {t('com_endpoint_export')}
          </button>
          <button
            type="submit"
            form="edit-preset-form"
            className={primaryCompactButton}
            disabled={save.isPending}
          >
            {t('com_ui_save')}
          </button>
        </>
      }
    >
      <form
        id="edit-preset-form"
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField
          id="edit-preset-name"
          label={t('com_endpoint_preset_name')}
          value={draft.title}
          maxLength={256}
          onChange={(event) => patch({ title: event.target.value })}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={endpointId}>{t('com_ui_endpoint')}</Label>
          <select
            id={endpointId}
            className={selectClass}
            value={draft.endpoint ?? ''}
            onChange={(event) => {
              const entry = choices.find((choice) => choice.name === event.target.value);
              patch({ endpoint: entry?.name ?? null, endpointType: entry?.type ?? null });
            }}
          >
            {!draft.endpoint && <option value="">{t('com_ui_select_endpoint')}</option>}
            {choices.map((entry) => (
              <option key={entry.name} value={entry.name}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
        {draft.endpoint && renderParameters && (
          <section
            aria-label={t('com_ui_parameters')}
            className="border-t border-neutral-200 pt-4 dark:border-neutral-700"
          >
            {renderParameters({
              endpoint: draft.endpoint,
              endpointType: draft.endpointType ?? null,
              values: draft,
              onChange: (change) => patch(change),
            })}
          </section>
        )}
      </form>
    </Dialog>
  );
}
