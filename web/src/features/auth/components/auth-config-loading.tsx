import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';

/** Shown while the startup config says which ways to sign in exist, so nothing flashes and then vanishes. */
export function AuthConfigLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-48 items-center justify-center">
      <Spinner label={t('com_ui_loading')} />
    </div>
  );
}
