import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from '../../../components/ui/chat-icons';
import { focusRing } from '../../../components/ui/styles';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { avatarProblem } from '../avatar-file';

/** SPEC §2 Account: avatar upload (png or jpg, 2 MB at most). */
export function AccountTab({ onUploadAvatar }: { onUploadAvatar: (file: File) => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const upload = (file: File | undefined) => {
    if (!file) return;
    if (avatarProblem(file)) {
      showErrorToast(t('com_ui_upload_invalid'));
      return;
    }
    setBusy(true);
    onUploadAvatar(file)
      .then(() => showToast({ message: t('com_ui_upload_success') }))
      .catch(() => showErrorToast(t('com_ui_upload_error')))
      .finally(() => setBusy(false));
  };

  return (
    <div className="flex items-center justify-between gap-4 border-b border-neutral-100 py-3 dark:border-neutral-700/60">
      <div>
        <p className="text-sm">{t('com_nav_profile_picture')}</p>
        <p className="text-xs text-neutral-500 dark:text-neutral-400">{t('com_nav_profile_picture_hint')}</p>
      </div>
      <label
        className={`inline-flex h-9 cursor-pointer items-center gap-2 rounded-full border border-neutral-300 px-4 text-sm font-medium hover:bg-neutral-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-neutral-900 dark:border-neutral-600 dark:hover:bg-neutral-700 ${focusRing} ${busy ? 'pointer-events-none opacity-50' : ''}`}
      >
        <UploadIcon width={16} height={16} />
        {t('com_nav_change_picture')}
        <input
          type="file"
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          className="sr-only"
          disabled={busy}
          onChange={(event) => upload(event.target.files?.[0])}
        />
      </label>
    </div>
  );
}
