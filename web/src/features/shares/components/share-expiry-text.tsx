import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "Never expires", "Expires 28 Nov 2026, 10:00" or "Expired", in the user's language. */
export function ShareExpiryText({ expiresAt }: { expiresAt: string | null }) {
  const { t, i18n } = useTranslation();
  // Judged once, as the row appears: a link expiring while the list is open is not re-rendered for it.
  const [now] = useState(() => Date.now());
  if (expiresAt === null) return <>{t('com_ui_share_never_expires')}</>;
  const at = new Date(expiresAt);
  if (at.getTime() <= now) return <>{t('com_ui_share_expired')}</>;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  return <>{t('com_ui_share_expires_at', { date })}</>;
}
