import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TwoFactorEnableResponse } from '@parley/shared/schemas/two-factor';
import { dangerButton, secondaryButton } from '../../../components/ui/chat-styles';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  fetchTwoFactorStatus,
  regenerateBackupCodes,
  TWO_FACTOR_STATUS_KEY,
} from '../api/two-factor';
import { secondFactorOf, twoFactorErrorKey } from '../two-factor-errors';
import { BackupCodeList, TwoFactorSetup } from './two-factor-setup';
import { readAgain } from '../../../lib/update-cached-list';

const input =
  'h-9 w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900 outline-none focus-visible:ring-2 focus-visible:ring-neutral-900 dark:border-neutral-600 dark:bg-neutral-900 dark:text-neutral-100 dark:focus-visible:ring-neutral-100';
const disabledLook = 'disabled:cursor-not-allowed disabled:opacity-50';

function Field({ label, ...props }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs text-neutral-600 dark:text-neutral-300">
        {label}
      </label>
      <input id={id} className={input} {...props} />
    </div>
  );
}

/**
 * Settings → Account "Two-factor sign-in": set it up with the password typed again (QR code, key, backup
 * codes, a first code), then see the backup codes left, make new ones, or turn it off (password and a code).
 */
export function TwoFactorSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: TWO_FACTOR_STATUS_KEY, queryFn: fetchTwoFactorStatus });
  const [password, setPassword] = useState('');
  const [setup, setSetup] = useState<TwoFactorEnableResponse | null>(null);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [disable, setDisable] = useState({ password: '', code: '' });
  const refresh = () => readAgain(queryClient, { queryKey: TWO_FACTOR_STATUS_KEY });
  const fail = (error: unknown) => showErrorToast(t(twoFactorErrorKey(error)));

  const enable = useMutation({
    mutationFn: () => enableTwoFactor(password),
    onSuccess: (started) => {
      setSetup(started);
      setPassword('');
    },
    onError: fail,
  });
  const confirm = useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: async () => {
      setSetup(null);
      await refresh();
      showToast({ message: t('com_nav_2fa_enabled_toast') });
    },
  });
  const regenerate = useMutation({
    mutationFn: () => regenerateBackupCodes(code.trim()),
    onSuccess: async (codes) => {
      setFreshCodes(codes);
      setCode('');
      await refresh();
    },
    onError: fail,
  });
  const turnOff = useMutation({
    mutationFn: () => disableTwoFactor({ password: disable.password, ...secondFactorOf(disable.code) }),
    onSuccess: async () => {
      setDisable({ password: '', code: '' });
      setFreshCodes(null);
      await refresh();
      showToast({ message: t('com_nav_2fa_disabled_toast') });
    },
    onError: fail,
  });
  const busy = enable.isPending || confirm.isPending || regenerate.isPending || turnOff.isPending;
  const submit = (work: () => void) => (event: FormEvent) => {
    event.preventDefault();
    work();
  };

  let body;
  if (setup) {
    body = (
      <TwoFactorSetup
        setup={setup}
        busy={confirm.isPending}
        error={confirm.isError ? t(twoFactorErrorKey(confirm.error)) : null}
        onConfirm={(typed) => confirm.mutate(typed)}
      />
    );
  } else if (!status.data) {
    body = null;
  } else if (!status.data.enabled) {
    body = hasPassword ? (
      <form className="space-y-2" onSubmit={submit(() => enable.mutate())}>
        <Field
          label={t('com_auth_password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className={`${secondaryButton} ${disabledLook}`} disabled={busy || !password}>
          {t('com_nav_2fa_enable')}
        </button>
      </form>
    ) : (
      <p className="text-xs text-neutral-500 dark:text-neutral-400">{t('com_nav_2fa_social_only')}</p>
    );
  } else {
    body = (
      <div className="space-y-4">
        <p className="text-sm" role="status">
          <span className="font-medium text-emerald-700 dark:text-emerald-400">
            {t('com_nav_2fa_status_on')}
          </span>{' '}
          <span className="text-neutral-600 dark:text-neutral-300">
            {t('com_nav_2fa_codes_left', { count: status.data.backupCodesLeft })}
          </span>
        </p>
        {freshCodes ? (
          <div className="space-y-2">
            <p className="text-xs text-neutral-600 dark:text-neutral-400">
              {t('com_auth_2fa_backup_codes_hint')}
            </p>
            <BackupCodeList codes={freshCodes} />
            <button type="button" className={secondaryButton} onClick={() => setFreshCodes(null)}>
              {t('com_ui_done')}
            </button>
          </div>
        ) : (
          <form className="space-y-2" onSubmit={submit(() => regenerate.mutate())}>
            <Field
              label={t('com_nav_2fa_regenerate_hint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <button
              type="submit"
              className={`${secondaryButton} ${disabledLook}`}
              disabled={busy || !code.trim()}
            >
              {t('com_nav_2fa_regenerate')}
            </button>
          </form>
        )}
        <form className="space-y-2" onSubmit={submit(() => turnOff.mutate())}>
          <p className="text-xs text-neutral-500 dark:text-neutral-400">{t('com_nav_2fa_disable_hint')}</p>
          <Field
            label={t('com_auth_password')}
            type="password"
            autoComplete="current-password"
            value={disable.password}
            onChange={(event) => setDisable({ ...disable, password: event.target.value })}
          />
          <Field
            label={t('com_auth_2fa_code_label')}
            autoComplete="one-time-code"
            maxLength={32}
            value={disable.code}
            onChange={(event) => setDisable({ ...disable, code: event.target.value })}
          />
          <button
            type="submit"
            className={`${dangerButton} ${disabledLook}`}
            disabled={busy || !disable.password || !disable.code.trim()}
          >
            {t('com_nav_2fa_disable')}
          </button>
        </form>
      </div>
    );
  }

  return (
    <section className="space-y-2 border-b border-neutral-100 py-3 dark:border-neutral-700/60">
      <h3 className="text-sm font-medium">{t('com_auth_2fa_title')}</h3>
      {!status.data?.enabled && !setup && (
        <p className="text-xs text-neutral-500 dark:text-neutral-400">{t('com_nav_2fa_hint')}</p>
      )}
      {body}
    </section>
  );
}
