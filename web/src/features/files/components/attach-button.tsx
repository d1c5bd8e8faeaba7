import { lazy, Suspense, useRef, useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { FilesIcon, UploadIcon } from '../../../components/ui/chat-icons';
import { smallIconButton } from '../../../components/ui/chat-styles';
import { PaperclipIcon } from '../../../components/ui/icons';
import { floatingSurface, MenuItem } from '../../../components/ui/menu';
import { Tooltip } from '../../../components/ui/tooltip';
import type { AttachEndpoint } from '../logic/judge-attach';

/** The files list and its dialog load when the user first asks for them, not with the composer. */
const MyFilesPicker = lazy(() =>
  import('./my-files-picker').then((module) => ({ default: module.MyFilesPicker })),
);

/**
 * SPEC §2 the composer's attach-files button: a menu to upload new files (its hidden, multiple file input)
 * or to attach files already uploaded, chosen from My files (SPEC §5 Attach from files list).
 */
export function AttachButton({
  onFiles,
  disabled,
  endpoint,
}: {
  onFiles: (files: File[]) => void;
  disabled: boolean;
  endpoint: AttachEndpoint | null;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  return (
    <>
      <DropdownMenu.Root>
        <Tooltip content={t('com_ui_attach_files')} side="top">
          <DropdownMenu.Trigger asChild>
            <button
              type="button"
              disabled={disabled}
              aria-label={t('com_ui_attach_files')}
              className={`mb-1 shrink-0 ${smallIconButton}`}
            >
              <PaperclipIcon width={20} height={20} />
            </button>
          </DropdownMenu.Trigger>
        </Tooltip>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            side="top"
            align="start"
            sideOffset={6}
            aria-label={t('com_ui_attach_files')}
            className={`${floatingSurface} min-w-48`}
          >
            <MenuItem onSelect={() => input.current?.click()}>
              <UploadIcon width={16} height={16} />
              {t('com_ui_upload_files')}
            </MenuItem>
            <MenuItem onSelect={() => setPicking(true)}>
              <FilesIcon width={16} height={16} />
              {t('com_nav_my_files')}
            </MenuItem>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
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
      {picking && (
        <Suspense fallback={null}>
          <MyFilesPicker endpoint={endpoint} onClose={() => setPicking(false)} />
        </Suspense>
      )}
    </>
  );
}
