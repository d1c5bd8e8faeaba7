import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@parley/shared/constants';
import { SwitchRow } from '../../../components/ui/switch';
import type { LanguagePreference } from '../../../lib/detect-language';
import { getLanguagePreference, setLanguagePreference } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { LANGUAGE_NAMES } from '../language-names';
import { THEME_PREFERENCES, type ThemePreference } from '../resolve-theme';
import { useThemeStore } from '../theme-store';

const selectClass =
  'h-9 min-w-40 rounded-lg border border-neutral-300 bg-white px-2.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-neutral-900/20 dark:border-neutral-600 dark:bg-neutral-900 dark:focus-visible:ring-neutral-100/30';

function SelectRow({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 border-b border-neutral-100 py-3 dark:border-neutral-700/60">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** Theme, language and the everyday toggles (SPEC §2). */
export function GeneralTab() {
  const { t } = useTranslation();
  const theme = useThemeStore((state) => state.preference);
  const setTheme = useThemeStore((state) => state.setPreference);
  const [language, setLanguage] = useState<LanguagePreference>(getLanguagePreference);
  const preferences = usePreferences();
  const themeLabel = (value: ThemePreference) =>
    value === 'system'
      ? t('com_nav_theme_system')
      : value === 'dark'
        ? t('com_nav_theme_dark')
        : t('com_nav_theme_light');

  return (
    <div>
      <SelectRow label={t('com_nav_theme')}>
        {(id) => (
          <select
            id={id}
            className={selectClass}
            value={theme}
            onChange={(event) => setTheme(event.target.value as ThemePreference)}
          >
            {THEME_PREFERENCES.map((value) => (
              <option key={value} value={value}>
                {themeLabel(value)}
              </option>
            ))}
          </select>
        )}
      </SelectRow>
      <SelectRow label={t('com_nav_language')}>
        {(id) => (
          <select
            id={id}
            className={selectClass}
            value={language}
            onChange={(event) => {
              const next = event.target.value as LanguagePreference;
              setLanguage(next);
              void setLanguagePreference(next);
            }}
          >
            <option value="auto">{t('com_nav_lang_auto')}</option>
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        )}
      </SelectRow>
      <div className="divide-y divide-neutral-100 dark:divide-neutral-700/60">
        <SwitchRow
          label={t('com_nav_auto_scroll')}
          checked={preferences.autoScroll}
          onCheckedChange={(value) => preferences.setPreference('autoScroll', value)}
        />
        <SwitchRow
          label={t('com_nav_enter_to_send')}
          description={t('com_nav_enter_to_send_description')}
          checked={preferences.enterToSend}
          onCheckedChange={(value) => preferences.setPreference('enterToSend', value)}
        />
        <SwitchRow
          label={t('com_nav_hide_panel')}
          checked={preferences.hideSidePanel}
          onCheckedChange={(value) => preferences.setPreference('hideSidePanel', value)}
        />
        <SwitchRow
          label={t('com_nav_show_code')}
          checked={preferences.showCode}
          onCheckedChange={(value) => preferences.setPreference('showCode', value)}
        />
        <SwitchRow
          label={t('com_nav_user_name_display')}
          checked={preferences.usernameDisplay}
          onCheckedChange={(value) => preferences.setPreference('usernameDisplay', value)}
        />
      </div>
    </div>
  );
}

/** Features still settling in (SPEC §2): switching endpoints mid-conversation, LaTeX. */
export function BetaTab() {
  const { t } = useTranslation();
  const preferences = usePreferences();
  return (
    <div className="divide-y divide-neutral-100 dark:divide-neutral-700/60">
      <SwitchRow
        label={t('com_nav_modular_chat')}
        description={t('com_nav_modular_chat_description')}
        checked={preferences.modularChat}
        onCheckedChange={(value) => preferences.setPreference('modularChat', value)}
      />
      <SwitchRow
        label={t('com_nav_latex_parsing')}
        description={t('com_nav_latex_parsing_description')}
        checked={preferences.latexParsing}
        onCheckedChange={(value) => preferences.setPreference('latexParsing', value)}
      />
    </div>
  );
}
