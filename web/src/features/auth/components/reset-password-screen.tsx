import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resetPasswordRequestSchema } from '@parley/shared/schemas/auth';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { textLink } from '../../../components/ui/styles';
import { useResetPassword } from '../api/password-reset';
import { resetErrorKey } from '../error-messages';
import { useAuthText } from '../hooks/use-auth-text';
import { useValidatedForm } from '../hooks/use-validated-form';
import { AuthHeading } from './auth-heading';

/** SPEC §2 Reset: a new password for the `token` and `userId` of the emailed link, then a success panel. */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const authText = useAuthText();
  const [searchParams] = useSearchParams();
  const reset = useResetPassword();
  const form = useValidatedForm(
    resetPasswordRequestSchema,
    {
      token: searchParams.get('token') ?? '',
      userId: searchParams.get('userId') ?? '',
      password: '',
      confirm_password: '',
    },
    // The link's values are not typed by anyone: a missing one is reported at once.
    { initiallyTouched: ['token', 'userId'] },
  );

  if (reset.isSuccess) {
    return (
      <>
        <AuthHeading title={t('com_auth_reset_success')} text={t('com_auth_reset_success_text')} />
        <Link to="/login" className={buttonClass('primary')}>
          {t('com_auth_continue')}
        </Link>
      </>
    );
  }

  const linkProblems = [form.errors.token, form.errors.userId].filter((text) => text !== undefined);
  const problems = reset.isError ? [t(resetErrorKey(reset.error))] : linkProblems.map(authText);
  const field = (name: 'password' | 'confirm_password') => {
    const { error, ...props } = form.field(name);
    return { ...props, error: error && authText(error) };
  };
  const reveal = { show: t('com_auth_show_password'), hide: t('com_auth_hide_password') };

  return (
    <>
      <AuthHeading title={t('com_auth_reset_password_title')} text={t('com_auth_reset_password_text')} />
      {problems.length > 0 && (
        <div className="mb-5">
          <Alert variant="error">
            {problems.map((problem) => (
              <p key={problem}>{problem}</p>
            ))}
            <Link to="/forgot-password" className={`mt-1 inline-block ${textLink}`}>
              {t('com_auth_request_new_link')}
            </Link>
          </Alert>
        </div>
      )}
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((body) => reset.mutate(body))}
      >
        <FormField
          {...field('password')}
          type="password"
          label={t('com_auth_new_password')}
          autoComplete="new-password"
          revealLabels={reveal}
          autoFocus
        />
        <FormField
          {...field('confirm_password')}
          type="password"
          label={t('com_auth_confirm_password')}
          autoComplete="new-password"
          revealLabels={reveal}
        />
        <Button type="submit" className="mt-2" busy={reset.isPending} disabled={!form.canSubmit}>
          {t('com_auth_reset_password')}
        </Button>
      </form>
    </>
  );
}
