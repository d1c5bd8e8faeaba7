import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../auth/store';
import { AdminPage } from './admin-page';

/** `/admin` for administrators; anyone else is told it is not for them (the server refuses them anyway). */
export function AdminRoute() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  if (user.role !== 'ADMIN') {
    return (
      <p role="alert" className="p-6 text-sm text-neutral-600 dark:text-neutral-400">
        {t('com_admin_error_forbidden')}
      </p>
    );
  }
  return <AdminPage user={user} />;
}
