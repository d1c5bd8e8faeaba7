import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { decideRedirect, type RouteAccess } from '../redirect-decision';
import { returnPath } from '../hooks/use-start-session';
import { selectIsAuthenticated, useAuthStore } from '../store';

interface RouteGateProps {
  access: RouteAccess;
  registrationEnabled?: boolean;
  children: ReactNode;
}

/** Renders its children only for the visitors the route serves; sends everyone else where they belong. */
export function RouteGate({ access, registrationEnabled, children }: RouteGateProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore(selectIsAuthenticated);
  const sessionChecked = useAuthStore((state) => state.sessionChecked);
  const redirect = decideRedirect({ access, isAuthenticated, sessionChecked, registrationEnabled });
  const delayedTo = redirect && redirect.delayMs > 0 ? redirect.to : null;
  const delayMs = redirect?.delayMs ?? 0;

  useEffect(() => {
    if (delayedTo === null) return;
    const timer = window.setTimeout(() => void navigate(delayedTo, { replace: true }), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayedTo, delayMs, navigate]);

  // A visitor who signs in from a shared conversation's page goes back to it (router state `from`).
  const { state } = useLocation();
  if (redirect && redirect.delayMs === 0) {
    return <Navigate to={access === 'guest' ? returnPath(state) : redirect.to} replace />;
  }
  if (access === 'signed-in' && !isAuthenticated) {
    return (
      <div className="flex h-dvh items-center justify-center">
        <Spinner label={t('com_ui_loading')} />
      </div>
    );
  }
  return children;
}
