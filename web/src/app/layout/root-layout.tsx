import { Outlet } from 'react-router';
import { useAppTitle } from '../../features/config/hooks/use-app-title';

/** Root of every route: loads the startup config and keeps the document title in step with it. */
export function RootLayout() {
  useAppTitle();
  return <Outlet />;
}
