import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import type { TwoFactorEnableResponse } from '@parley/shared/schemas/two-factor';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { showToast } from '../../../lib/toast-store';
import { groupedKey } from '../two-factor-errors';

interface TwoFactorSetupProps {
  setup: TwoFactorEnableResponse;
  busy: boolean;
  /** A translated refusal of the last code, if any. */
  error: string | null;
  onConfirm: (code: string) => void;
}

/**
 * Setting up two-factor sign-in: the QR code and the key for an authenticator app, the 10 backup codes
 * (shown this once), and the first code that turns it on. In Settings and at a sign-in that requires it.
 */
export function TwoFactorSetup({ setup, busy, error, onConfirm }: TwoFactorSetupProps) {
  const { t } = useTranslation();
  const keyId = useId();
  const codesId = useId();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onConfirm(code.trim());
  };
  const copyCodes = () => {
    void navigator.clipboard
      ?.writeText(setup.backupCodes.join('\n'))
      .then(() => showToast({ message: t('com_ui_copied') }));
  };

  return (
    <div className="flex flex-col gap-4 text-sm">
      <p className="text-neutral-700 dark:text-neutral-300">{t('com_auth_2fa_scan')}</p>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        {/* Dark modules on white in both schemes: phone cameras read it either way. */}
        <div className="shrink-0 rounded-xl bg-white p-2 ring-1 ring-neutral-200 dark:ring-neutral-600">
          <QRCodeSVG value={setup.otpauthUrl} size={160} marginSize={1} title={t('com_auth_2fa_qr_label')} />
        </div>
        <div className="min-w-0 flex-1 space-y-1 self-stretch">
          <p id={keyId} className="text-xs text-neutral-600 dark:text-neutral-400">
            {t('com_auth_2fa_key_label')}
          </p>
          <p
            aria-labelledby={keyId}
            data-testid="two-factor-key"
            className="rounded-lg bg-neutral-100 px-3 py-2 font-mono text-sm break-words text-neutral-900 select-all dark:bg-neutral-900 dark:text-neutral-100"
          >
            {groupedKey(setup.secret)}
          </p>
        </div>
      </div>

      <section aria-labelledby={codesId} className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <h3 id={codesId} className="font-medium text-neutral-900 dark:text-neutral-100">
            {t('com_auth_2fa_backup_codes_title')}
          </h3>
          <button
            type="button"
            onClick={copyCodes}
            className="rounded-md px-2 py-1 text-xs font-medium text-emerald-700 hover:underline focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none dark:text-emerald-400 dark:focus-visible:ring-neutral-100"
          >
            {t('com_auth_2fa_copy_codes')}
          </button>
        </div>
        <p className="text-xs text-neutral-600 dark:text-neutral-400">
          {t('com_auth_2fa_backup_codes_hint')}
        </p>
        <BackupCodeList codes={setup.backupCodes} />
      </section>

      <form noValidate className="flex flex-col gap-3" onSubmit={submit}>
        <FormField
          id={`${keyId}-code`}
          label={t('com_auth_2fa_confirm_hint')}
          value={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          onChange={(event) => setCode(event.target.value)}
        />
        {error && <Alert variant="error">{error}</Alert>}
        <Button type="submit" busy={busy} disabled={!code.trim()}>
          {t('com_auth_2fa_confirm')}
        </Button>
      </form>
    </div>
  );
}

/** Backup codes in two columns, each on one line. */
export function BackupCodeList({ codes }: { codes: readonly string[] }) {
  return (
    <ol
      data-testid="backup-codes"
      className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-neutral-100 px-3 py-2 font-mono text-sm text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100"
    >
      {codes.map((code) => (
        <li key={code} className="whitespace-nowrap">
          {code}
        </li>
      ))}
    </ol>
  );
}
