import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visibleThread } from '@parley/shared/messages/tree';
import type { Conversation } from '@parley/shared/schemas/conversation';
import { primaryCompactButton, secondaryButton } from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { downloadFile } from '../../../lib/download-file';
import { showErrorToast } from '../../../lib/toast-store';
import { fetchSavedMessages } from '../api/export-messages';
import {
  allowedOptions,
  exportFileName,
  EXPORT_TYPES,
  type ExportSettings,
  type ExportType,
} from '../export-options';
import { produceExport } from '../produce-export';
import { displayTitle } from '../../../lib/display-title';

export interface ExportDialogProps {
  conversation: Conversation;
  /** The sibling chosen at each branch of the thread on screen (parent id → index). */
  selection: Readonly<Record<string, number>>;
  /** Renders the conversation as a PNG; without it the screenshot type cannot be exported yet. */
  screenshot?: () => Promise<Blob>;
  onClose: () => void;
}

const typeLabelKeys = {
  screenshot: 'com_nav_export_type_screenshot',
  text: 'com_nav_export_type_text',
  markdown: 'com_nav_export_type_markdown',
  json: 'com_nav_export_type_json',
  csv: 'com_nav_export_type_csv',
} as const satisfies Record<ExportType, string>;

/** SPEC §2 Export dialog: opens on the screenshot type with the title as file name. */
export function ExportDialog({ conversation, selection, screenshot, onClose }: ExportDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [settings, setSettings] = useState<ExportSettings>({
    type: 'screenshot',
    filename: displayTitle(conversation.title, t),
    includeOptions: false,
    branches: false,
    recursive: true,
  });
  const allowed = allowedOptions(settings.type);
  const set = (patch: Partial<ExportSettings>) => setSettings((old) => ({ ...old, ...patch }));
  const unavailable = settings.type === 'screenshot' && !screenshot;

  const run = async () => {
    setBusy(true);
    try {
      const name = exportFileName(settings);
      if (settings.type === 'screenshot') {
        if (screenshot) downloadFile(name, await screenshot());
      } else {
        const all = await fetchSavedMessages(conversation.conversationId);
        const source = {
          conversation,
          all,
          visible: visibleThread(all, selection),
          exportAt: new Date().toISOString(),
        };
        const { content, mime } = produceExport(source, settings);
        downloadFile(name, content, mime);
      }
      onClose();
    } catch (error) {
      showErrorToast(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const check = (name: 'includeOptions' | 'branches' | 'recursive', label: string) => (
    <label className={`flex items-center gap-2.5 text-sm ${allowed[name] ? '' : 'opacity-50'}`}>
      <input
        type="checkbox"
        className="size-4 shrink-0 accent-neutral-900 dark:accent-white"
        checked={allowed[name] && settings[name]}
        disabled={!allowed[name]}
        onChange={(event) => set({ [name]: event.target.checked })}
      />
      {label}
    </label>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('com_nav_export_conversation')}
      closeLabel={t('com_ui_close')}
      width="max-w-lg"
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t('com_ui_cancel')}
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className={primaryCompactButton}
            disabled={busy || unavailable}
            aria-busy={busy || undefined}
          >
            {t('com_endpoint_export')}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        <FormField
          id={`${id}-filename`}
          label={t('com_nav_export_filename')}
          value={settings.filename}
          maxLength={200}
          onChange={(event) => set({ filename: event.target.value })}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t('com_nav_export_type')}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {EXPORT_TYPES.map((type) => (
              <label
                key={type}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-neutral-200 px-3 py-2 text-sm has-[:checked]:border-neutral-900 has-[:checked]:bg-neutral-100 dark:border-neutral-700 dark:has-[:checked]:border-neutral-100 dark:has-[:checked]:bg-neutral-700"
              >
                <input
                  type="radio"
                  name={`${id}-type`}
                  value={type}
                  checked={settings.type === type}
                  onChange={() => set({ type })}
                  className="shrink-0 accent-neutral-900 dark:accent-white"
                />
                {t(typeLabelKeys[type])}
              </label>
            ))}
          </div>
          {unavailable && (
            <p className="mt-2 text-[13px] text-neutral-600 dark:text-neutral-400">
              {t('com_nav_export_screenshot_unavailable')}
            </p>
          )}
        </fieldset>
        <fieldset className="space-y-2.5">
          <legend className="mb-2 text-sm font-medium">{t('com_nav_export_options')}</legend>
          {check('includeOptions', t('com_nav_export_include_endpoint_options'))}
          {check('branches', t('com_nav_export_all_message_branches'))}
          {check('recursive', t('com_nav_export_recursive'))}
        </fieldset>
      </form>
    </Dialog>
  );
}
