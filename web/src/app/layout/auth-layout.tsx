import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { Footer } from './footer';
import { SkipLink } from './skip-link';

/**
 * The layout of the visitor pages (login, register, password reset): a centred card. The space above it is
 * kept small enough that the sign-up card and the footer fit a 1280×800 window whole (issue 27).
 */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-neutral-50 dark:bg-neutral-900">
      <SkipLink />
      <header className="flex justify-center pt-8 sm:pt-10">
        <LogoMark />
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 justify-center px-4 pt-6 pb-2 outline-none">
        <div className="h-fit w-full max-w-sm rounded-2xl border border-neutral-200 bg-white px-6 py-8 shadow-sm sm:px-8 dark:border-neutral-800 dark:bg-neutral-850">
          {/* The pages are one lazy chunk: the card shows a spinner, as while the startup config loads. */}
          <Suspense
            fallback={
              <div className="flex min-h-48 items-center justify-center">
                <Spinner label={t('com_ui_loading')} />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </div>
      </main>
      <Footer />
    </div>
  );
}
