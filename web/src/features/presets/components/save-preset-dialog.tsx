import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import { primaryCompactButton, secondaryButton } from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { useSavePreset } from '../api/presets';
import { presetOptions } from '../preset-options';

/** The conversation's endpoint and options, as the header knows them. */
export type CurrentSetup = EndpointOptions & { endpoint: string; endpointType?: string | null };

/** SPEC §2: saves the current conversation's options as a new preset, named 'My Preset' unless changed. */
export function SavePresetDialog({ current, onClose }: { current: CurrentSetup; onClose: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(() => t('com_endpoint_my_preset'));
  const save = useSavePreset();
  const submit = () =>
    save.mutate(
      {
        ...presetOptions(current),
        presetId: null,
        title: title.trim() || t('com_endpoint_my_preset'),
        endpoint: current.endpoint,
        endpointType: current.endpointType ?? null,
      },
      {
        onSuccess: (saved) => {
          showToast({ message: t('com_endpoint_preset_saved', { title: saved.title }) });
          onClose();
        },
        onError: () => showErrorToast(t('com_endpoint_preset_save_error')),
      },
    );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('com_endpoint_save_as_preset')}
      closeLabel={t('com_ui_close')}
      width="max-w-md"
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t('com_ui_cancel')}
          </button>
          <button
            type="submit"
            form="save-preset-form"
            className={primaryCompactButton}
            disabled={save.isPending}
          >
            {t('com_ui_save')}
          </button>
        </>
      }
    >
      <form
        id="save-preset-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField
          id="save-preset-name"
          label={t('com_endpoint_preset_name')}
          value={title}
          maxLength={256}
          onChange={(event) => setTitle(event.target.value)}
          autoFocus
        />
      </form>
    </Dialog>
  );
}
