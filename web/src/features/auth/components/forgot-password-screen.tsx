import { useTranslation } from 'react-i18next';
import { requestPasswordResetRequestSchema } from '@parley/shared/schemas/auth';
import type { StartupConfig } from '@parley/shared/schemas/startup-config';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { useRequestPasswordReset } from '../api/password-reset';
import { forgotPasswordErrorText } from '../error-messages';
import { useAuthText } from '../hooks/use-auth-text';
import { useTimedVisibility } from '../../../lib/use-timed-visibility';
import { useValidatedForm } from '../hooks/use-validated-form';
import { AuthConfigLoading } from './auth-config-loading';
import { AuthFooterLink } from './auth-footer-link';
import { AuthHeading } from './auth-heading';

/** SPEC §9: the forgot-password error banner shows for 5 s. */
export const FORGOT_PASSWORD_BANNER_MS = 5000;

interface ForgotPasswordScreenProps {
  /** The startup config; undefined while loading or if it could not be loaded (then the form shows). */
  config: StartupConfig | undefined;
  configPending: boolean;
}

/**
 * SPEC §2 Forgot password: an email form, then the sent-by-email confirmation. The link itself is never
 * shown (API.md); where the server does not reset passwords by email, the screen says whom to ask instead.
 */
export function ForgotPasswordScreen({ config, configPending }: ForgotPasswordScreenProps) {
  if (configPending) return <AuthConfigLoading />;
  if (config?.passwordResetEnabled === false) return <ResetUnavailable />;
  return <ForgotPasswordForm />;
}

function ForgotPasswordForm() {
  const { t } = useTranslation();
  const authText = useAuthText();
  const request = useRequestPasswordReset();
  const [bannerVisible, showBanner] = useTimedVisibility(FORGOT_PASSWORD_BANNER_MS);
  const form = useValidatedForm(requestPasswordResetRequestSchema, { email: '' });
  const { error, ...emailProps } = form.field('email');
  const failure = forgotPasswordErrorText(request.error);

  if (request.isSuccess) return <ResetRequested email={form.values.email.trim()} />;

  return (
    <>
      <AuthHeading title={t('com_auth_forgot_password_title')} text={t('com_auth_forgot_password_text')} />
      {bannerVisible && request.error && (
        <div className="mb-5">
          <Alert variant="error">{t(failure.key, failure.values)}</Alert>
        </div>
      )}
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((body) => request.mutate(body, { onError: showBanner }))}
      >
        <FormField
          {...emailProps}
          error={error && authText(error)}
          type="email"
          label={t('com_auth_email_address')}
          autoComplete="email"
          inputMode="email"
          autoFocus
        />
        <Button type="submit" className="mt-2" busy={request.isPending} disabled={!form.canSubmit}>
          {t('com_auth_continue')}
        </Button>
      </form>
      <AuthFooterLink linkText={t('com_auth_back_to_login')} to="/login" />
    </>
  );
}

function ResetRequested({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <>
      <AuthHeading title={t('com_auth_email_sent')} />
      <Alert variant="success">{t('com_auth_email_sent_text', { email })}</Alert>
      <AuthFooterLink linkText={t('com_auth_back_to_login')} to="/login" />
    </>
  );
}

function ResetUnavailable() {
  const { t } = useTranslation();
  return (
    <>
      <AuthHeading title={t('com_auth_forgot_password_title')} />
      <Alert variant="info">{t('com_auth_reset_unavailable_text')}</Alert>
      <AuthFooterLink linkText={t('com_auth_back_to_login')} to="/login" />
    </>
  );
}
