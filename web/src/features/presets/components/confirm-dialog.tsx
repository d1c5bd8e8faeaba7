import { useTranslation } from 'react-i18next';
import { dangerButton, secondaryButton } from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      closeLabel={t('com_ui_close')}
      width="max-w-md"
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={() => onOpenChange(false)}>
            {t('com_ui_cancel')}
          </button>
          <button
            type="button"
            className={dangerButton}
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="text-sm">{text}</p>
    </Dialog>
  );
}
