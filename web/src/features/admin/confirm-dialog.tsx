import { useTranslation } from 'react-i18next';
import { dangerButton, secondaryButton } from '../../components/ui/chat-styles';
import { Dialog } from '../../components/ui/dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a destructive admin action (disable, demote, delete, sign out everywhere). */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={title}
      closeLabel={t('com_ui_close')}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onCancel}>
            {t('com_ui_cancel')}
          </button>
          <button type="button" className={dangerButton} disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      }
    >
      <p className="text-sm text-neutral-700 dark:text-neutral-300">{body}</p>
    </Dialog>
  );
}
