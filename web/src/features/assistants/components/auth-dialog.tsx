import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryCompactButton, secondaryButton } from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import {
  validateAuth,
  type AuthErrors,
  type AuthField,
  type AuthForm,
  type AuthType,
  type AuthorizationType,
  type TokenExchangeMethod,
} from '../logic/action-auth';

export interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value: AuthForm;
  /** The action is saved with secrets of this auth type: empty secret fields keep them. */
  storedSecretsFor: AuthType | null;
  onSave: (value: AuthForm) => void;
}

/**
 * SPEC §2 Authentication dialog: None, API Key (Basic, Bearer or a custom header) or OAuth client
 * credentials, with Save and Cancel. Saved secrets are never shown: their fields start empty and say so.
 */
export function AuthDialog({ open, onOpenChange, value, storedSecretsFor, onSave }: AuthDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('com_assistants_auth_title')}
      closeLabel={t('com_ui_close')}
      width="max-w-md"
    >
      {open && (
        <AuthDialogBody
          initial={value}
          storedSecretsFor={storedSecretsFor}
          onCancel={() => onOpenChange(false)}
          onSave={(next) => {
            onSave(next);
            onOpenChange(false);
          }}
        />
      )}
    </Dialog>
  );
}

function AuthDialogBody({
  initial,
  storedSecretsFor,
  onCancel,
  onSave,
}: {
  initial: AuthForm;
  storedSecretsFor: AuthType | null;
  onCancel: () => void;
  onSave: (value: AuthForm) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<AuthForm>(initial);
  const [tried, setTried] = useState(false);
  const stored = storedSecretsFor !== null && storedSecretsFor === form.type;
  const errors: AuthErrors = tried ? validateAuth(form, stored) : {};
  const set = <K extends keyof AuthForm>(key: K, next: AuthForm[K]) =>
    setForm((old) => ({ ...old, [key]: next }));
  const errorOf = (field: AuthField) => (errors[field] ? t(errors[field]) : undefined);
  const secretPlaceholder = stored ? t('com_assistants_auth_secret_saved') : undefined;
  const reveal = { show: t('com_auth_show_password'), hide: t('com_auth_hide_password') };

  const save = () => {
    setTried(true);
    if (Object.keys(validateAuth(form, stored)).length === 0) onSave(form);
  };

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <RadioGroup<AuthType>
        legend={t('com_assistants_auth_type')}
        value={form.type}
        onChange={(type) => set('type', type)}
        options={[
          { value: 'none', label: t('com_assistants_auth_none') },
          { value: 'service_http', label: t('com_assistants_auth_api_key') },
          { value: 'oauth', label: t('com_assistants_auth_oauth') },
        ]}
      />
      {form.type === 'service_http' && (
        <div className="space-y-4">
          <FormField
            id="action-api-key"
            label={t('com_assistants_auth_api_key')}
            type="password"
            autoComplete="off"
            revealLabels={reveal}
            value={form.apiKey}
            placeholder={secretPlaceholder}
            error={errorOf('apiKey')}
            onChange={(event) => set('apiKey', event.target.value)}
          />
          <RadioGroup<AuthorizationType>
            legend={t('com_assistants_auth_header_type')}
            value={form.authorizationType}
            onChange={(type) => set('authorizationType', type)}
            options={[
              { value: 'basic', label: t('com_assistants_auth_basic') },
              { value: 'bearer', label: t('com_assistants_auth_bearer') },
              { value: 'custom', label: t('com_assistants_auth_custom') },
            ]}
          />
          {form.authorizationType === 'custom' && (
            <FormField
              id="action-custom-header"
              label={t('com_assistants_auth_custom_header')}
              placeholder="X-Api-Key"
              autoComplete="off"
              value={form.customAuthHeader}
              error={errorOf('customAuthHeader')}
              onChange={(event) => set('customAuthHeader', event.target.value)}
            />
          )}
        </div>
      )}
      {form.type === 'oauth' && (
        <div className="space-y-4">
          <FormField
            id="action-client-id"
            label={t('com_assistants_auth_client_id')}
            type="password"
            autoComplete="off"
            revealLabels={reveal}
            value={form.clientId}
            placeholder={secretPlaceholder}
            error={errorOf('clientId')}
            onChange={(event) => set('clientId', event.target.value)}
          />
          <FormField
            id="action-client-secret"
            label={t('com_assistants_auth_client_secret')}
            type="password"
            autoComplete="off"
            revealLabels={reveal}
            value={form.clientSecret}
            placeholder={secretPlaceholder}
            error={errorOf('clientSecret')}
            onChange={(event) => set('clientSecret', event.target.value)}
          />
          <FormField
            id="action-authorization-url"
            label={t('com_assistants_auth_authorization_url')}
            type="url"
            value={form.authorizationUrl}
            error={errorOf('authorizationUrl')}
            onChange={(event) => set('authorizationUrl', event.target.value)}
          />
          <FormField
            id="action-token-url"
            label={t('com_assistants_auth_token_url')}
            type="url"
            value={form.tokenUrl}
            error={errorOf('tokenUrl')}
            onChange={(event) => set('tokenUrl', event.target.value)}
          />
          <FormField
            id="action-scope"
            label={t('com_assistants_auth_scope')}
            value={form.scope}
            error={errorOf('scope')}
            onChange={(event) => set('scope', event.target.value)}
          />
          <RadioGroup<TokenExchangeMethod>
            legend={t('com_assistants_auth_token_exchange')}
            value={form.tokenExchangeMethod}
            onChange={(method) => set('tokenExchangeMethod', method)}
            options={[
              { value: 'default_post', label: t('com_assistants_auth_default_post') },
              { value: 'basic_auth_header', label: t('com_assistants_auth_basic_header') },
            ]}
          />
        </div>
      )}
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          {t('com_ui_cancel')}
        </button>
        <button type="submit" className={primaryCompactButton}>
          {t('com_ui_save')}
        </button>
      </div>
    </form>
  );
}

function RadioGroup<T extends string>({
  legend,
  value,
  onChange,
  options,
}: {
  legend: string;
  value: T;
  onChange: (value: T) => void;
  options: Array<{ value: T; label: string }>;
}): ReactNode {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-emerald-600"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
