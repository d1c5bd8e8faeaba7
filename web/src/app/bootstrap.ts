import type { QueryClient } from '@tanstack/react-query';
import { refreshSession } from '../features/auth/api/refresh-session';
import { useAuthStore } from '../features/auth/store';
import { storedAppTitle } from '../features/config/hooks/use-app-title';
import { startThemeSync } from '../features/settings/theme-store';
import { setAccessTokenRefresher, setAccessTokenSource } from '../lib/api-client';
import { initI18n } from '../lib/i18n';
import { prefetchOpenedConversation } from './chat/prefetch-conversation';
import { trackInputModality } from '../lib/input-modality';

/** Everything that must happen once, before the first render (outside React, so StrictMode cannot repeat it). */
export async function bootstrap(queryClient: QueryClient): Promise<void> {
  document.title = storedAppTitle();
  setAccessTokenSource(() => useAuthStore.getState().token);
  setAccessTokenRefresher(async () => (await refreshSession())?.token ?? null);
  startThemeSync();
  trackInputModality();
  // A conversation's address asks for its first page as soon as the session is there, ahead of everything
  // the shell asks for once it renders (the embedded database answers one query at a time).
  const opening = prefetchOpenedConversation(queryClient, window.location.pathname);
  // Called as the token is stored, before React renders (and asks) for that change.
  if (opening) whenSignedIn(opening);
  void refreshSession();
  await initI18n();
}

/** Runs `then` once, the moment the start-up session check stores a token (not at all when it fails). */
function whenSignedIn(then: () => void): void {
  const stop = useAuthStore.subscribe((state) => {
    if (!state.sessionChecked) return;
    stop();
    if (state.token) then();
  });
}
