import type { ReactElement } from 'react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import enUS from '../locales/en-US.json';

/** English strings, loaded synchronously: component tests read the real texts of the locale file. */
if (!i18n.isInitialized) {
  void i18n.use(initReactI18next).init({
    resources: { 'en-US': { translation: enUS } },
    lng: 'en-US',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}

// waitFor gives up after 1 s by default: a hang guard, not a speed limit, so as long as expect.poll's.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => cleanup());

/** Renders with a fresh query client (component tests run under happy-dom). */
export function renderWithClient(ui: ReactElement): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return { ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>), queryClient };
}
