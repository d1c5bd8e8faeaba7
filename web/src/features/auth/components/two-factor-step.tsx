import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthResponse } from '@parley/shared/schemas/auth';
import type { LoginChallenge } from '@parley/shared/schemas/two-factor';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { textLink } from '../../../components/ui/styles';
import { confirmTwoFactorAtSignIn, enableTwoFactorAtSignIn, verifySignInCode } from '../api/two-factor';
import { useStartSession } from '../hooks/use-start-session';
import { secondFactorOf, twoFactorErrorKey } from '../two-factor-errors';
import { AuthHeading } from './auth-heading';
import { TwoFactorSetup } from './two-factor-setup';

interface TwoFactorStepProps {
  challenge: LoginChallenge;
  /** Back to the email and password form. */
  onBack: () => void;
}

/** The sign-in's second step: a code (or backup code), or setting two-factor sign-in up where it is required. */
export function TwoFactorStep({ challenge, onBack }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const back = (
    <button type="button" onClick={onBack} className={`mt-6 self-center text-sm ${textLink}`}>
      {t('com_auth_2fa_back_to_login')}
    </button>
  );
  return (
    <div className="flex flex-col">
      {'twoFAPending' in challenge ? (
        <CodeStep tempToken={challenge.tempToken} />
      ) : (
        <SetupStep tempToken={challenge.tempToken} />
      )}
      {back}
    </div>
  );
}

function CodeStep({ tempToken }: { tempToken: string }) {
  const { t } = useTranslation();
  const id = useId();
  const startSession = useStartSession();
  const [code, setCode] = useState('');
  const verify = useMutation({
    mutationFn: (typed: string) => verifySignInCode(tempToken, secondFactorOf(typed)),
    onSuccess: startSession,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) verify.mutate(code);
  };
  return (
    <>
      <AuthHeading title={t('com_auth_2fa_title')} text={t('com_auth_2fa_enter_code')} />
      {verify.isError && (
        <div className="mb-5">
          <Alert variant="error">{t(twoFactorErrorKey(verify.error))}</Alert>
        </div>
      )}
      <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
        <FormField
          id={id}
          label={t('com_auth_2fa_code_label')}
          value={code}
          autoComplete="one-time-code"
          autoFocus
          maxLength={32}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" className="mt-2" busy={verify.isPending} disabled={!code.trim()}>
          {t('com_auth_2fa_verify')}
        </Button>
      </form>
    </>
  );
}

function SetupStep({ tempToken }: { tempToken: string }) {
  const { t } = useTranslation();
  const startSession = useStartSession();
  const enable = useMutation({ mutationFn: () => enableTwoFactorAtSignIn(tempToken) });
  const confirm = useMutation({
    mutationFn: (code: string) => confirmTwoFactorAtSignIn(tempToken, code),
    onSuccess: (session: AuthResponse) => startSession(session),
  });
  const { mutate: start } = enable;
  useEffect(() => start(), [start]);

  return (
    <>
      <AuthHeading title={t('com_auth_2fa_setup_title')} text={t('com_auth_2fa_setup_required')} />
      {enable.isError && <Alert variant="error">{t(twoFactorErrorKey(enable.error))}</Alert>}
      {enable.data && (
        <TwoFactorSetup
          setup={enable.data}
          busy={confirm.isPending}
          error={confirm.isError ? t(twoFactorErrorKey(confirm.error)) : null}
          onConfirm={(code) => confirm.mutate(code)}
        />
      )}
    </>
  );
}
