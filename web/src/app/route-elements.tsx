import { useTranslation } from 'react-i18next';
import { RouteGate } from '../features/auth/components/route-gate';
import { useAuthStore } from '../features/auth/store';
import { useStartupConfig } from '../features/config/api/startup-config';
import { lazyChunk } from '../lib/lazy-chunk';

/** Route elements that join features: screens get their config here, so features never import each other. */

export { ChatRoute } from './chat/chat-route';

/** The admin console in a chunk of its own: only administrators ever load it. */
const AdminConsole = lazyChunk(() => import('./admin-console').then((module) => module.AdminConsole));

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
  return <AdminConsole user={user} />;
}

const loadAuthScreens = () => import('./auth-screens');
// One chunk for all four (AuthLayout shows a spinner while it loads); the gates stay here, so a signed-in
// visitor is sent on without fetching it.
const LoginScreen = lazyChunk(() => loadAuthScreens().then((module) => module.LoginScreen));
const RegisterScreen = lazyChunk(() => loadAuthScreens().then((module) => module.RegisterScreen));
const ForgotPasswordScreen = lazyChunk(() => loadAuthScreens().then((module) => module.ForgotPasswordScreen));
export const ResetPasswordRoute = lazyChunk(() =>
  loadAuthScreens().then((module) => module.ResetPasswordScreen),
);

export function LoginRoute() {
  const { data: config, isPending } = useStartupConfig();
  return (
    <RouteGate access="guest">
      <LoginScreen config={config} configPending={isPending} />
    </RouteGate>
  );
}

export function ForgotPasswordRoute() {
  const { data: config, isPending } = useStartupConfig();
  return <ForgotPasswordScreen config={config} configPending={isPending} />;
}

export function RegisterRoute() {
  const { data: config, isPending } = useStartupConfig();
  return (
    <RouteGate access="register" registrationEnabled={config?.registrationEnabled}>
      <RegisterScreen config={config} configPending={isPending} />
    </RouteGate>
  );
}
