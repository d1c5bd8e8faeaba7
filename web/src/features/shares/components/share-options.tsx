import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_EXPIRIES, type ShareExpiry, type ShareVisibility } from '@parley/shared/schemas/share';

export type ExpiryChoice = ShareExpiry | 'never';

const expiryKeys = {
  '1h': 'com_ui_share_expires_1h',
  '1d': 'com_ui_share_expires_1d',
  '7d': 'com_ui_share_expires_7d',
  '30d': 'com_ui_share_expires_30d',
  never: 'com_ui_share_expires_never',
} as const satisfies Record<ExpiryChoice, string>;

const select =
  'h-9 w-full rounded-lg border border-neutral-300 bg-white px-2 text-sm text-neutral-900 outline-none focus-visible:ring-2 focus-visible:ring-neutral-900 disabled:opacity-50 dark:border-neutral-600 dark:bg-neutral-800 dark:text-neutral-100 dark:focus-visible:ring-neutral-100';

/** Who may open a link and how long it lives: two selects, the public choice offered only where allowed. */
export function ShareOptions({
  visibility,
  expiry,
  publicAllowed,
  disabled,
  onVisibility,
  onExpiry,
}: {
  visibility: ShareVisibility;
  /** Null for an existing link: its expiry is shown as a date and only a new choice changes it. */
  expiry: ExpiryChoice | null;
  publicAllowed: boolean;
  disabled: boolean;
  onVisibility: (visibility: ShareVisibility) => void;
  onExpiry: (expiry: ExpiryChoice) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-visibility`} className="mb-1 block text-sm font-medium">
          {t('com_ui_share_visibility')}
        </label>
        <select
          id={`${id}-visibility`}
          className={select}
          value={visibility}
          disabled={disabled}
          onChange={(event) => onVisibility(event.target.value as ShareVisibility)}
        >
          <option value="signed_in">{t('com_ui_share_signed_in')}</option>
          {(publicAllowed || visibility === 'public') && (
            <option value="public">{t('com_ui_share_public')}</option>
          )}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-expiry`} className="mb-1 block text-sm font-medium">
          {t('com_ui_share_expires')}
        </label>
        <select
          id={`${id}-expiry`}
          className={select}
          value={expiry ?? ''}
          disabled={disabled}
          onChange={(event) => onExpiry(event.target.value as ExpiryChoice)}
        >
          {expiry === null && <option value="">{t('com_ui_share_expires_keep')}</option>}
          {[...SHARE_EXPIRIES, 'never' as const].map((choice) => (
            <option key={choice} value={choice}>
              {t(expiryKeys[choice])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

export const expiresInOf = (choice: ExpiryChoice): ShareExpiry | null => (choice === 'never' ? null : choice);
