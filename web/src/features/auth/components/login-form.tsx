import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginRequestSchema, type LoginRequest } from '@parley/shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { textLink } from '../../../components/ui/styles';
import { useAuthText } from '../hooks/use-auth-text';
import { useValidatedForm } from '../hooks/use-validated-form';

interface LoginFormProps {
  pending: boolean;
  onSubmit: (body: LoginRequest) => void;
}

/** Email and password, validated on change (SPEC §5 "Email (login)", "Password"). */
export function LoginForm({ pending, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const authText = useAuthText();
  const form = useValidatedForm(loginRequestSchema, { email: '', password: '' });
  const field = (name: 'email' | 'password') => {
    const { error, ...props } = form.field(name);
    return { ...props, error: error && authText(error) };
  };

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit(onSubmit)}>
      <FormField
        {...field('email')}
        type="email"
        label={t('com_auth_email_address')}
        autoComplete="email"
        inputMode="email"
        autoFocus
      />
      <div className="flex flex-col gap-2">
        <FormField
          {...field('password')}
          type="password"
          label={t('com_auth_password')}
          autoComplete="current-password"
          revealLabels={{ show: t('com_auth_show_password'), hide: t('com_auth_hide_password') }}
        />
        <Link to="/forgot-password" className={`self-start text-sm ${textLink}`}>
          {t('com_auth_forgot_password')}
        </Link>
      </div>
      <Button type="submit" className="mt-2" busy={pending} disabled={!form.canSubmit}>
        {t('com_auth_login')}
      </Button>
    </form>
  );
}
