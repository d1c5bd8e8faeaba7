import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '@parley/shared/constants';
import { useStartupConfig } from '../../features/config/api/startup-config';
import { storedAppTitle } from '../../features/config/hooks/use-app-title';
import { textLink } from '../../components/ui/styles';

/** SPEC §1: custom footer text, or the app title with version and the tagline; then policy links. */
export function Footer() {
  const { t } = useTranslation();
  const config = useStartupConfig().data;
  const title = config?.appTitle || storedAppTitle();
  const links = [
    { label: t('com_ui_privacy_policy'), link: config?.interface.privacyPolicy },
    { label: t('com_ui_terms_of_service'), link: config?.interface.termsOfService },
  ].filter((entry) => isSafeHref(entry.link?.externalUrl));

  return (
    <footer className="px-4 py-3 text-center text-xs text-neutral-500 dark:text-neutral-400">
      <p>{config?.customFooter || `${title} ${APP_VERSION} — ${t('com_ui_tagline')}`}</p>
      {links.length > 0 && (
        <p className="mt-1 flex justify-center gap-4">
          {links.map(({ label, link }) => (
            <a
              key={label}
              href={link?.externalUrl}
              className={textLink}
              {...(link?.openNewTab ? { target: '_blank', rel: 'noreferrer' } : {})}
            >
              {label}
            </a>
          ))}
        </p>
      )}
    </footer>
  );
}

/** Configured URLs reach an href only when they are web or same-site links (never `javascript:`). */
function isSafeHref(url: string | undefined): url is string {
  return url !== undefined && /^(https?:\/\/|\/(?!\/))/i.test(url);
}
