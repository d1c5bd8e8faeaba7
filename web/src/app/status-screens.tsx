import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusScreen } from '../components/ui/status-screen';
import { primaryButton } from '../components/ui/styles';

/** Any URL no route serves. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      title={t('com_ui_not_found_title')}
      text={t('com_ui_not_found_text')}
      action={
        <Link to="/c/new" className={primaryButton}>
          {t('com_ui_go_to_chat')}
        </Link>
      }
    />
  );
}

/** The root errorElement: a render or routing failure shows this instead of a raw error page. */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error('Route error', error), [error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <StatusScreen
      title={t('com_ui_error_title')}
      text={t('com_ui_error_text')}
      action={
        <button type="button" className={primaryButton} onClick={() => window.location.reload()}>
          {t('com_ui_reload')}
        </button>
      }
    />
  );
}
