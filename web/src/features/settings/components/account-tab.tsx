import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from '../../../components/ui/chat-icons';
import { dangerButton, secondaryButton } from '../../../components/ui/chat-styles';
import { focusRing } from '../../../components/ui/styles';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { accountErrorKey, emailConfirmed, nameProblem, passwordProblem } from '../account-form';
import { avatarProblem } from '../avatar-file';

export interface AccountActions {
  /** The signed-in user as the tab shows it; `hasPassword` is false for social-only accounts. */
  account: { name: string; email: string; hasPassword: boolean };
  onUploadAvatar: (file: File) => Promise<void>;
  onRename: (name: string) => Promise<void>;
  /** Resolves to how many other sessions were signed out. */
  onChangePassword: (input: {
    currentPassword: string;
    password: string;
    confirm_password: string;
  }) => Promise<number>;
  onSignOutOthers: () => Promise<number>;
  /** Two-factor sign-in's section (the auth feature's), shown after the password. */
  twoFactor?: ReactNode;
  /** The user's usage this month and their limits (the usage feature's), shown after two-factor sign-in. */
  usage?: ReactNode;
  /** Deletes the account (the email typed again as confirmation), then leaves for /login. */
  onDeleteAccount: (email: string) => Promise<void>;
}

const input =
  'h-9 w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900 outline-none focus-visible:ring-2 focus-visible:ring-neutral-900 dark:border-neutral-600 dark:bg-neutral-900 dark:text-neutral-100 dark:focus-visible:ring-neutral-100';
const disabledLook = 'disabled:cursor-not-allowed disabled:opacity-50';

function Section({
  title,
  hint,
  headingId,
  children,
}: {
  title: string;
  hint?: string;
  /** The heading's id, when it also names the section's single field. */
  headingId?: string;
  children: ReactNode;
}) {
  return (
    <section className="space-y-2 border-b border-neutral-100 py-3 dark:border-neutral-700/60">
      <h3 id={headingId} className="text-sm font-medium">
        {title}
      </h3>
      {hint && <p className="text-xs text-neutral-500 dark:text-neutral-400">{hint}</p>}
      {children}
    </section>
  );
}

function Field({ label, ...props }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  // A field its section's heading already names shows no second label.
  if (props['aria-labelledby']) return <input id={id} className={input} {...props} />;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs text-neutral-600 dark:text-neutral-300">
        {label}
      </label>
      <input id={id} className={input} {...props} />
    </div>
  );
}

/** SPEC §2 Account: avatar, name, password, other sessions, and deleting the account. */
export function AccountTab(props: AccountActions) {
  const { t } = useTranslation();
  const { account } = props;
  const [busy, setBusy] = useState<string | null>(null);
  const [name, setName] = useState(account.name);
  const [password, setPassword] = useState({ current: '', next: '', confirm: '' });
  const [typedEmail, setTypedEmail] = useState('');
  const nameHeadingId = useId();

  const fail = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const key = accountErrorKey(message);
    showErrorToast(key ? t(key) : message);
  };
  const run = (what: string, work: () => Promise<void>) => {
    setBusy(what);
    work()
      .catch(fail)
      .finally(() => setBusy(null));
  };

  const upload = (file: File | undefined) => {
    if (!file) return;
    if (avatarProblem(file)) {
      showErrorToast(t('com_ui_upload_invalid'));
      return;
    }
    setBusy('avatar');
    props
      .onUploadAvatar(file)
      .then(() => showToast({ message: t('com_ui_upload_success') }))
      .catch(() => showErrorToast(t('com_ui_upload_error')))
      .finally(() => setBusy(null));
  };

  const rename = (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(name);
    if (problem) return showErrorToast(t(problem));
    run('name', async () => {
      await props.onRename(name.trim());
      showToast({ message: t('com_nav_account_name_saved') });
    });
  };

  const changePassword = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(password);
    if (problem) return showErrorToast(t(problem));
    run('password', async () => {
      const revoked = await props.onChangePassword({
        currentPassword: password.current,
        password: password.next,
        confirm_password: password.confirm,
      });
      setPassword({ current: '', next: '', confirm: '' });
      showToast({ message: t('com_nav_account_password_changed', { count: revoked }) });
    });
  };

  const canDelete = emailConfirmed(typedEmail, account.email);

  return (
    <div>
      <div className="flex items-center justify-between gap-4 border-b border-neutral-100 py-3 dark:border-neutral-700/60">
        <div>
          <p className="text-sm">{t('com_nav_profile_picture')}</p>
          <p className="text-xs text-neutral-500 dark:text-neutral-400">
            {t('com_nav_profile_picture_hint')}
          </p>
        </div>
        <label
          className={`inline-flex h-9 cursor-pointer items-center gap-2 rounded-full border border-neutral-300 px-4 text-sm font-medium hover:bg-neutral-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-neutral-900 dark:border-neutral-600 dark:hover:bg-neutral-700 ${focusRing} ${busy === 'avatar' ? 'pointer-events-none opacity-50' : ''}`}
        >
          <UploadIcon width={16} height={16} />
          {t('com_nav_change_picture')}
          <input
            type="file"
            accept="image/png,image/jpeg,.png,.jpg,.jpeg"
            className="sr-only"
            disabled={busy === 'avatar'}
            onChange={(event) => upload(event.target.files?.[0])}
          />
        </label>
      </div>

      <Section title={t('com_auth_full_name')} headingId={nameHeadingId}>
        <form className="flex items-end gap-2" onSubmit={rename}>
          <div className="min-w-0 flex-1">
            <Field
              label={t('com_auth_full_name')}
              aria-labelledby={nameHeadingId}
              value={name}
              maxLength={80}
              autoComplete="name"
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <button
            type="submit"
            className={`${secondaryButton} ${disabledLook}`}
            disabled={busy !== null || name.trim() === account.name}
          >
            {t('com_ui_save')}
          </button>
        </form>
      </Section>

      {account.hasPassword && (
        <Section title={t('com_nav_account_change_password')}>
          <form className="space-y-2" onSubmit={changePassword}>
            <Field
              label={t('com_nav_account_current_password')}
              type="password"
              autoComplete="current-password"
              value={password.current}
              onChange={(event) => setPassword({ ...password, current: event.target.value })}
            />
            <Field
              label={t('com_nav_account_new_password')}
              type="password"
              autoComplete="new-password"
              value={password.next}
              onChange={(event) => setPassword({ ...password, next: event.target.value })}
            />
            <Field
              label={t('com_auth_confirm_password')}
              type="password"
              autoComplete="new-password"
              value={password.confirm}
              onChange={(event) => setPassword({ ...password, confirm: event.target.value })}
            />
            <button type="submit" className={`${secondaryButton} ${disabledLook}`} disabled={busy !== null}>
              {t('com_nav_account_change_password')}
            </button>
          </form>
        </Section>
      )}

      {props.twoFactor}

      {props.usage}

      <Section title={t('com_nav_account_sessions')} hint={t('com_nav_account_sessions_hint')}>
        <button
          type="button"
          className={`${secondaryButton} ${disabledLook}`}
          disabled={busy !== null}
          onClick={() =>
            run('sessions', async () => {
              const revoked = await props.onSignOutOthers();
              showToast({ message: t('com_nav_account_signed_out_others', { count: revoked }) });
            })
          }
        >
          {t('com_nav_account_sign_out_others')}
        </button>
      </Section>

      <Section title={t('com_nav_account_delete')} hint={t('com_nav_account_delete_hint')}>
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (canDelete) run('delete', () => props.onDeleteAccount(typedEmail.trim()));
          }}
        >
          <Field
            label={t('com_nav_account_delete_confirm', { email: account.email })}
            type="email"
            autoComplete="off"
            value={typedEmail}
            onChange={(event) => setTypedEmail(event.target.value)}
          />
          <button
            type="submit"
            className={`${dangerButton} ${disabledLook}`}
            disabled={!canDelete || busy !== null}
          >
            {t('com_nav_account_delete_button')}
          </button>
        </form>
      </Section>
    </div>
  );
}
