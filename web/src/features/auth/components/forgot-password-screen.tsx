import { useTranslation } from 'react-i18next';
import {
  requestPasswordResetRequestSchema,
  type RequestPasswordResetResponse,
} from '@parley/shared/schemas/auth';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { useRequestPasswordReset } from '../api/password-reset';
import { useAuthText } from '../hooks/use-auth-text';
import { useTimedVisibility } from '../../../lib/use-timed-visibility';
import { useValidatedForm } from '../hooks/use-validated-form';
import { AuthFooterLink } from './auth-footer-link';
import { AuthHeading } from './auth-heading';

/** SPEC §9: the forgot-password error banner shows for 5 s. */
export const FORGOT_PASSWORD_BANNER_MS = 5000;

/** SPEC §2 Forgot password: an email form, then a sent confirmation or (email off) the reset link itself. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const authText = useAuthText();
  const request = useRequestPasswordReset();
  const [bannerVisible, showBanner] = useTimedVisibility(FORGOT_PASSWORD_BANNER_MS);
  const form = useValidatedForm(requestPasswordResetRequestSchema, { email: '' });
  const { error, ...emailProps } = form.field('email');

  if (request.isSuccess) return <ResetRequested answer={request.data} email={form.values.email.trim()} />;

  return (
    <>
      <AuthHeading title={t('com_auth_forgot_password_title')} text={t('com_auth_forgot_password_text')} />
      {bannerVisible && (
        <div className="mb-5">
          <Alert variant="error">{t('com_auth_error_reset_password')}</Alert>
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

function ResetRequested({ answer, email }: { answer: RequestPasswordResetResponse; email: string }) {
  const { t } = useTranslation();
  // API.md: with email sending off (and the account known) the answer carries the link itself.
  if (answer.link) {
    return (
      <>
        <AuthHeading title={t('com_auth_forgot_password_title')} text={t('com_auth_reset_link_text')} />
        <a href={answer.link} className={buttonClass('primary')}>
          {t('com_auth_reset_password')}
        </a>
        <AuthFooterLink linkText={t('com_auth_back_to_login')} to="/login" />
      </>
    );
  }
  return (
    <>
      <AuthHeading title={t('com_auth_email_sent')} />
      <Alert variant="success">{t('com_auth_email_sent_text', { email })}</Alert>
      <AuthFooterLink linkText={t('com_auth_back_to_login')} to="/login" />
    </>
  );
}
