import { useTranslation } from 'react-i18next';
import { registerRequestSchema, type RegisterRequest } from '@parley/shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { useAuthText } from '../hooks/use-auth-text';
import { useValidatedForm } from '../hooks/use-validated-form';

type Field = keyof typeof EMPTY;
const EMPTY = { name: '', username: '', email: '', password: '', confirm_password: '' };

interface RegisterFormProps {
  pending: boolean;
  /** `showFieldErrors` puts a server `400 {fields}` under the inputs concerned. */
  onSubmit: (body: RegisterRequest, showFieldErrors: (error: unknown) => void) => void;
}

/** SPEC §5 registration rules, checked on change with the same schema the server uses. */
export function RegisterForm({ pending, onSubmit }: RegisterFormProps) {
  const { t } = useTranslation();
  const authText = useAuthText();
  const form = useValidatedForm(registerRequestSchema, EMPTY);
  const field = (name: Field) => {
    const { error, ...props } = form.field(name);
    return { ...props, error: error && authText(error) };
  };
  const reveal = { show: t('com_auth_show_password'), hide: t('com_auth_hide_password') };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((body) => onSubmit(body, form.showServerErrors))}
    >
      <FormField {...field('name')} label={t('com_auth_full_name')} autoComplete="name" autoFocus />
      <FormField
        {...field('username')}
        label={t('com_auth_username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <FormField
        {...field('email')}
        type="email"
        label={t('com_auth_email_address')}
        autoComplete="email"
        inputMode="email"
      />
      <FormField
        {...field('password')}
        type="password"
        label={t('com_auth_password')}
        autoComplete="new-password"
        revealLabels={reveal}
      />
      <FormField
        {...field('confirm_password')}
        type="password"
        label={t('com_auth_confirm_password')}
        autoComplete="new-password"
        revealLabels={reveal}
      />
      <Button type="submit" className="mt-2" busy={pending} disabled={!form.canSubmit}>
        {t('com_auth_submit_registration')}
      </Button>
    </form>
  );
}
