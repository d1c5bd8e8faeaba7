import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { smallIconButton } from '../../../components/ui/chat-styles';
import { PaperclipIcon } from '../../../components/ui/icons';

/** SPEC §2: the composer's attach-files button with its hidden, multiple file input. */
export function AttachButton({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        aria-label={t('com_ui_attach_files')}
        title={t('com_ui_attach_files')}
        onClick={() => input.current?.click()}
        className={`mb-1 shrink-0 ${smallIconButton}`}
      >
        <PaperclipIcon width={20} height={20} />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        data-testid="attach-files-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file can be picked again after its chip was removed.
          event.target.value = '';
          onFiles(files);
        }}
      />
    </>
  );
}
