import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dangerButton, secondaryButton } from '../../../components/ui/chat-styles';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { useTwoClickConfirm } from '../../../lib/use-two-click-confirm';

function ConfirmRow({
  label,
  action,
  confirmLabel,
  run,
}: {
  label: string;
  action: string;
  confirmLabel: string;
  run: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const confirm = useTwoClickConfirm(button, () => {
    setBusy(true);
    run()
      .then(() => showToast({ message: t('com_ui_done') }))
      .catch((error: unknown) => showErrorToast(error instanceof Error ? error.message : String(error)))
      .finally(() => setBusy(false));
  });
  return (
    <div className="flex items-center justify-between gap-4 border-b border-neutral-100 py-3 dark:border-neutral-700/60">
      <span className="text-sm">{label}</span>
      <button
        ref={button}
        type="button"
        className={confirm.armed ? dangerButton : secondaryButton}
        disabled={busy}
        onClick={confirm.onClick}
      >
        {confirm.armed ? confirmLabel : action}
      </button>
    </div>
  );
}

/** SPEC §2 Data tab: clear all chats, revoke all keys; each a two-click confirm. */
export function DataTab({
  onClearChats,
  onRevokeKeys,
}: {
  onClearChats: () => Promise<void>;
  onRevokeKeys: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <ConfirmRow
        label={t('com_nav_clear_all_chats')}
        action={t('com_ui_clear')}
        confirmLabel={t('com_ui_confirm_clear')}
        run={onClearChats}
      />
      <ConfirmRow
        label={t('com_nav_revoke_all_keys')}
        action={t('com_ui_revoke')}
        confirmLabel={t('com_ui_confirm_revoke')}
        run={onRevokeKeys}
      />
    </div>
  );
}
