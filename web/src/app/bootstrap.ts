import { refreshSession } from '../features/auth/api/refresh-session';
import { useAuthStore } from '../features/auth/store';
import { storedAppTitle } from '../features/config/hooks/use-app-title';
import { startThemeSync } from '../features/settings/theme-store';
import { setAccessTokenRefresher, setAccessTokenSource } from '../lib/api-client';
import { initI18n } from '../lib/i18n';
import { trackInputModality } from '../lib/input-modality';

/** Everything that must happen once, before the first render (outside React, so StrictMode cannot repeat it). */
export async function bootstrap(): Promise<void> {
  document.title = storedAppTitle();
  setAccessTokenSource(() => useAuthStore.getState().token);
  setAccessTokenRefresher(async () => (await refreshSession())?.token ?? null);
  startThemeSync();
  trackInputModality();
  void refreshSession();
  await initI18n();
}
