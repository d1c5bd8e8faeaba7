import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import type { AttachEndpoint } from '../logic/judge-attach';
import { FilesPanel } from './files-panel';

/**
 * The composer's "My files" choice: the files list of the side panel in a dialog, so a file uploaded before
 * joins the message being written without uploading it again, on a phone too (where the side panel is hidden).
 * It stays open so several files can be attached; each shows "Attached" once it is.
 */
export function MyFilesPicker({
  endpoint,
  onClose,
}: {
  endpoint: AttachEndpoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('com_nav_my_files')}
      closeLabel={t('com_ui_close')}
      width="max-w-md"
      height="h-[min(32rem,90dvh)]"
    >
      <div className="flex h-full flex-col">
        <FilesPanel endpoint={endpoint} disabled={false} headingHidden />
      </div>
    </Dialog>
  );
}
