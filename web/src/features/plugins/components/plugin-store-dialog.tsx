import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plugin } from '@parley/shared/schemas/plugin';
import { Alert } from '../../../components/ui/alert';
import { ChevronLeftIcon, ChevronRightIcon, SearchIcon } from '../../../components/ui/chat-icons';
import { primaryCompactButton, secondaryButton, smallIconButton } from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import type { LocaleKey } from '../../../lib/locale-key';
import { useTimedVisibility } from '../../../lib/use-timed-visibility';
import { useMediaQuery } from '../../../lib/use-media-query';
import { needsAuthForm } from '../logic/auth-form';
import { pageCount, searchTools, storeGrid } from '../logic/store-grid';
import { PluginAuthForm } from './plugin-auth-form';
import { PluginIcon } from './plugin-icon';

/** SPEC §8: the install/uninstall error stays 5 s. */
const ERROR_ALERT_MS = 5000;

/**
 * SPEC §2 names the two uses apart: the Plugin store installs tools for plugins chats (Install/Uninstall);
 * the Tools dialog of the assistant builder only attaches them to the assistant being edited (Add/Remove).
 */
const WORDS = {
  store: {
    title: 'com_nav_plugin_store',
    description: 'com_nav_plugin_store_description',
    add: 'com_nav_plugin_install',
    remove: 'com_nav_plugin_uninstall',
    addNamed: 'com_nav_plugin_install_named',
    removeNamed: 'com_nav_plugin_uninstall_named',
    error: 'com_nav_plugin_auth_error',
    search: 'com_nav_plugin_search',
    noneFound: 'com_nav_plugin_none_found',
    pages: 'com_nav_plugin_pages',
  },
  assistant: {
    title: 'com_assistants_add_tools',
    description: 'com_assistants_tools_description',
    add: 'com_assistants_tool_add',
    remove: 'com_assistants_tool_remove',
    addNamed: 'com_assistants_tool_add_named',
    removeNamed: 'com_assistants_tool_remove_named',
    error: 'com_assistants_tool_auth_error',
    search: 'com_assistants_tools_search',
    noneFound: 'com_assistants_tools_none_found',
    pages: 'com_assistants_tools_pages',
  },
} as const satisfies Record<string, Record<string, LocaleKey>>;

type Words = (typeof WORDS)[keyof typeof WORDS];

export interface PluginStoreProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plugins: readonly Plugin[] | undefined;
  loading: boolean;
  installed: readonly string[];
  /** Resolves once the server answered; rejects with the server's message. */
  onInstall: (plugin: Plugin, auth?: Record<string, string>) => Promise<void>;
  onUninstall: (plugin: Plugin) => Promise<void>;
  /** `assistant`: the builder's Tools dialog (Add tools, Add/Remove); default the Plugin store. */
  purpose?: keyof typeof WORDS;
}

/**
 * SPEC §2 Plugin store and Tools dialog: a searchable, paged grid of every tool with Install or Uninstall
 * (Add or Remove for an assistant); a tool that needs credentials asks for them first. Its state lives inside
 * the dialog's content, so closing it resets the page to 1 and clears the search.
 */
export function PluginStoreDialog(props: PluginStoreProps) {
  const { t } = useTranslation();
  const words = WORDS[props.purpose ?? 'store'];
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t(words.title)}
      description={t(words.description)}
      closeLabel={t('com_ui_close')}
      width="max-w-5xl"
      // One size whatever the page holds: a last page with fewer tools does not make the dialog jump.
      height="h-[min(42rem,90dvh)]"
    >
      <PluginStoreBody {...props} words={words} />
    </Dialog>
  );
}

function useGrid() {
  const sm = useMediaQuery('(min-width: 501px)');
  const md = useMediaQuery('(min-width: 640px)');
  const lg = useMediaQuery('(min-width: 1024px)');
  return storeGrid(lg ? 1024 : md ? 640 : sm ? 501 : 0);
}

const columnsClass: Record<number, string> = {
  1: 'grid-cols-1',
  2: 'grid-cols-2',
  3: 'grid-cols-3',
  4: 'grid-cols-4',
};

function PluginStoreBody({
  plugins,
  loading,
  installed,
  onInstall,
  onUninstall,
  words,
}: PluginStoreProps & { words: Words }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [authFor, setAuthFor] = useState<Plugin | null>(null);
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  const [errorText, setErrorText] = useState('');
  const [errorVisible, showError] = useTimedVisibility(ERROR_ALERT_MS);
  const grid = useGrid();

  const matches = searchTools(plugins ?? [], search);
  const pages = pageCount(matches.length, grid.pageSize);
  const current = Math.min(page, pages);
  const shown = matches.slice((current - 1) * grid.pageSize, current * grid.pageSize);

  const run = async (plugin: Plugin, action: () => Promise<void>) => {
    setPendingKey(plugin.pluginKey);
    try {
      await action();
      setAuthFor(null);
    } catch (error) {
      setErrorText(error instanceof Error ? error.message : '');
      showError();
    } finally {
      setPendingKey(null);
    }
  };

  const install = (plugin: Plugin) => {
    if (needsAuthForm(plugin)) setAuthFor(plugin);
    else void run(plugin, () => onInstall(plugin));
  };

  return (
    <div className="flex min-h-full flex-col gap-4">
      {errorVisible && (
        <Alert variant="error">
          {t(words.error)}
          {errorText && <span className="block text-xs opacity-80">{errorText}</span>}
        </Alert>
      )}
      {authFor ? (
        <PluginAuthForm
          plugin={authFor}
          pending={pendingKey === authFor.pluginKey}
          onCancel={() => setAuthFor(null)}
          onSubmit={(auth) => void run(authFor, () => onInstall(authFor, auth))}
        />
      ) : (
        <>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute inset-y-0 start-3 my-auto text-neutral-400" />
            <input
              type="search"
              autoFocus
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
              placeholder={t(words.search)}
              aria-label={t(words.search)}
              className="h-10 w-full rounded-xl border border-neutral-300 bg-white ps-10 pe-3 text-sm outline-none focus-visible:border-neutral-500 focus-visible:ring-2 focus-visible:ring-neutral-900/15 dark:border-neutral-600 dark:bg-neutral-900 dark:focus-visible:ring-neutral-100/20"
            />
          </div>
          {loading ? (
            <div className="flex justify-center py-10">
              <Spinner label={t('com_ui_loading')} />
            </div>
          ) : shown.length === 0 ? (
            <p className="py-10 text-center text-sm text-neutral-500 dark:text-neutral-400">
              {t(words.noneFound)}
            </p>
          ) : (
            <ul aria-label={t(words.title)} className={`grid gap-3 ${columnsClass[grid.columns]}`}>
              {shown.map((plugin) => (
                <PluginCard
                  key={plugin.pluginKey}
                  plugin={plugin}
                  isInstalled={installed.includes(plugin.pluginKey)}
                  pending={pendingKey === plugin.pluginKey}
                  words={words}
                  onInstall={() => install(plugin)}
                  onUninstall={() => void run(plugin, () => onUninstall(plugin))}
                />
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav aria-label={t(words.pages)} className="mt-auto flex items-center justify-center gap-2">
              <button
                type="button"
                className={smallIconButton}
                aria-label={t('com_ui_prev')}
                title={t('com_ui_prev')}
                disabled={current <= 1}
                onClick={() => setPage(current - 1)}
              >
                <ChevronLeftIcon className="rtl:rotate-180" />
              </button>
              <span
                className="text-sm tabular-nums text-neutral-600 dark:text-neutral-300"
                aria-live="polite"
              >
                {t('com_ui_page_of', { page: current, total: pages })}
              </span>
              <button
                type="button"
                className={smallIconButton}
                aria-label={t('com_ui_next')}
                title={t('com_ui_next')}
                disabled={current >= pages}
                onClick={() => setPage(current + 1)}
              >
                <ChevronRightIcon className="rtl:rotate-180" />
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

function PluginCard({
  plugin,
  isInstalled,
  pending,
  words,
  onInstall,
  onUninstall,
}: {
  plugin: Plugin;
  isInstalled: boolean;
  pending: boolean;
  words: Words;
  onInstall: () => void;
  onUninstall: () => void;
}) {
  const { t } = useTranslation();
  const nameId = `plugin-${plugin.pluginKey}-name`;
  return (
    <li
      aria-labelledby={nameId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-neutral-200 p-3 dark:border-neutral-700"
    >
      <div className="flex min-w-0 items-start gap-3">
        <PluginIcon icon={plugin.icon} size={40} />
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="truncate text-sm font-semibold" title={plugin.name}>
            {plugin.name}
          </h3>
          {isInstalled ? (
            <button
              type="button"
              className={`${secondaryButton} mt-1.5 h-8 px-3 text-xs`}
              disabled={pending}
              aria-label={t(words.removeNamed, { name: plugin.name })}
              onClick={onUninstall}
            >
              {t(words.remove)}
            </button>
          ) : (
            <button
              type="button"
              className={`${primaryCompactButton} mt-1.5 h-8 px-3 text-xs`}
              disabled={pending}
              aria-label={t(words.addNamed, { name: plugin.name })}
              onClick={onInstall}
            >
              {t(words.add)}
            </button>
          )}
        </div>
      </div>
      {plugin.description && (
        <p className="line-clamp-3 text-xs leading-relaxed text-neutral-600 dark:text-neutral-300">
          {plugin.description}
        </p>
      )}
    </li>
  );
}
