import { LoginScreen } from '../features/auth/components/login-screen';
import { RegisterScreen } from '../features/auth/components/register-screen';
import { RouteGate } from '../features/auth/components/route-gate';
import { useStartupConfig } from '../features/config/api/startup-config';

/** Route elements that join features: screens get their config here, so features never import each other. */

export { ChatRoute } from './chat/chat-route';

export function LoginRoute() {
  const { data: config, isPending } = useStartupConfig();
  return (
    <RouteGate access="guest">
      <LoginScreen config={config} configPending={isPending} />
    </RouteGate>
  );
}

export function RegisterRoute() {
  const { data: config, isPending } = useStartupConfig();
  return (
    <RouteGate access="register" registrationEnabled={config?.registrationEnabled}>
      <RegisterScreen config={config} configPending={isPending} />
    </RouteGate>
  );
}
