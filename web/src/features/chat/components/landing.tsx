import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CakeIcon } from '../../../components/ui/chat-icons';
import { EndpointIcon } from '../../../components/ui/endpoint-icon';

interface LandingProps {
  kind: string | null;
  iconURL: string | null;
  /** A configured greeting (model spec or preset) replaces the default one. */
  greeting?: string | null;
  showBirthdayIcon: boolean;
  /** Replaces the icon and greeting (an assistant's avatar, name and description). */
  hero?: ReactNode;
  onExample: (text: string) => void;
}

const EXAMPLES = ['com_ui_example_1', 'com_ui_example_2', 'com_ui_example_3'] as const;

/** The empty conversation (SPEC §2 "Landing view" and the welcome view): icon, greeting, examples. */
export function Landing({ kind, iconURL, greeting, showBirthdayIcon, hero, onExample }: LandingProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-0 flex-1 flex-col items-center justify-center overflow-y-auto px-4 py-8">
      {hero ?? (
        <>
          <div className="relative mb-4">
            <EndpointIcon kind={kind} iconURL={iconURL} size={44} />
            {showBirthdayIcon && (
              <CakeIcon
                aria-hidden="true"
                className="absolute -end-3 -top-3 text-pink-500"
                width={22}
                height={22}
              />
            )}
          </div>
          <h1 className="text-center text-2xl font-semibold tracking-tight text-neutral-800 sm:text-3xl dark:text-neutral-100">
            {greeting || t('com_chat_greeting')}
          </h1>
        </>
      )}
      <div className="mt-8 grid w-full max-w-3xl gap-3 sm:grid-cols-3">
        <section aria-labelledby="welcome-examples" className="space-y-2">
          <h2
            id="welcome-examples"
            className="text-xs font-semibold uppercase tracking-wide text-neutral-500 dark:text-neutral-400"
          >
            {t('com_ui_examples')}
          </h2>
          {EXAMPLES.map((key) => (
            <button
              key={key}
              type="button"
              onClick={() => onExample(t(key))}
              className="block w-full rounded-xl border border-neutral-200 px-3 py-2.5 text-start text-sm text-neutral-700 hover:bg-neutral-50 focus-visible:outline-2 dark:border-neutral-700 dark:text-neutral-200 dark:hover:bg-neutral-800"
            >
              {t(key)}
            </button>
          ))}
        </section>
        <WelcomeList
          id="welcome-capabilities"
          title={t('com_ui_capabilities')}
          items={[t('com_ui_capability_1'), t('com_ui_capability_2'), t('com_ui_capability_3')]}
        />
        <WelcomeList
          id="welcome-limitations"
          title={t('com_ui_limitations')}
          items={[t('com_ui_limitation_1'), t('com_ui_limitation_2'), t('com_ui_limitation_3')]}
        />
      </div>
    </div>
  );
}

function WelcomeList({ id, title, items }: { id: string; title: string; items: string[] }) {
  return (
    <section aria-labelledby={id} className="hidden space-y-2 sm:block">
      <h2
        id={id}
        className="text-xs font-semibold uppercase tracking-wide text-neutral-500 dark:text-neutral-400"
      >
        {title}
      </h2>
      <ul className="space-y-2">
        {items.map((item) => (
          <li
            key={item}
            className="rounded-xl bg-neutral-50 px-3 py-2.5 text-sm text-neutral-600 dark:bg-neutral-800/60 dark:text-neutral-300"
          >
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
