import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointKind } from '@parley/shared/endpoints/kinds';
import {
  DEFAULT_KEY_EXPIRY,
  parseGoogleServiceKey,
  type GoogleServiceKey,
} from '@parley/shared/schemas/user-key';
import { UploadIcon } from '../../../components/ui/chat-icons';
import { dangerButton, primaryCompactButton, secondaryButton } from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { focusRing } from '../../../components/ui/styles';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { useKeyExpiry, useRevokeKey, useSaveKey } from '../api/keys';
import {
  buildKeyValue,
  EXPIRY_CHOICES,
  expiresAtFor,
  isKeyValid,
  keyFields,
  keyFormOf,
  type ExpiryChoice,
  type KeyField,
} from '../key-value';

export interface KeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The name the key is stored under (`userKeyNameFor`). */
  keyName: string;
  endpointLabel: string;
  kind: EndpointKind;
  azure?: boolean;
  userProvideURL?: boolean;
}

/** `TFunction` (not the hook's own `t` type, whose inference over every key runs too deep past ~880 keys). */
type Translate = TFunction;
type GoogleImport = { state: 'none' } | { state: 'invalid' } | { state: 'ok'; key: GoogleServiceKey };

function fieldLabel(field: KeyField, kind: EndpointKind, t: Translate): string {
  switch (field) {
    case 'apiKey':
      if (kind === 'chatGPTBrowser') return t('com_endpoint_access_token');
      if (kind === 'bingAI') return t('com_endpoint_bing_cookie');
      return t('com_endpoint_api_key');
    case 'baseURL':
      return t('com_endpoint_base_url');
    case 'azureOpenAIApiKey':
      return t('com_endpoint_azure_api_key');
    case 'azureOpenAIApiInstanceName':
      return t('com_endpoint_azure_instance');
    case 'azureOpenAIApiDeploymentName':
      return t('com_endpoint_azure_deployment');
    case 'azureOpenAIApiVersion':
      return t('com_endpoint_azure_version');
    case 'GOOGLE_API_KEY':
      return t('com_endpoint_google_api_key');
  }
}

function expiryLabel(choice: ExpiryChoice, t: Translate): string {
  switch (choice) {
    case '30m':
      return t('com_endpoint_expiry_30m');
    case '2h':
      return t('com_endpoint_expiry_2h');
    case '12h':
      return t('com_endpoint_expiry_12h');
    case '1d':
      return t('com_endpoint_expiry_1d');
    case '7d':
      return t('com_endpoint_expiry_7d');
    case '30d':
      return t('com_endpoint_expiry_30d');
  }
}

/** SPEC §5 "User key dialog": the fields of the endpoint's kind, an expiry, Submit and Revoke. */
export function KeyDialog(props: KeyDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t('com_endpoint_config_key_for', { endpoint: props.endpointLabel })}
      closeLabel={t('com_ui_close')}
      width="max-w-md"
    >
      {/* Remounted per opening so a closed dialog never keeps a typed secret. */}
      {props.open && <KeyForm {...props} />}
    </Dialog>
  );
}

function KeyForm({ onOpenChange, keyName, endpointLabel, kind, azure, userProvideURL }: KeyDialogProps) {
  const { t, i18n } = useTranslation();
  const form = keyFormOf(kind, { azure });
  const fields = keyFields(form, userProvideURL === true);
  const [values, setValues] = useState<Partial<Record<KeyField, string>>>({});
  const [expiry, setExpiry] = useState<ExpiryChoice>(DEFAULT_KEY_EXPIRY);
  const [missing, setMissing] = useState<KeyField[]>([]);
  const [google, setGoogle] = useState<GoogleImport>({ state: 'none' });
  const expiryQuery = useKeyExpiry(keyName);
  const save = useSaveKey();
  const revoke = useRevokeKey();
  const expiresAt = expiryQuery.data?.expiresAt ?? null;
  const hasKey = expiresAt !== null;
  const valid = isKeyValid(expiresAt, new Date());

  const submit = () => {
    const result = buildKeyValue(form, fields, values, google.state === 'ok' ? google.key : null);
    if (!result.ok) {
      setMissing(result.missing);
      return;
    }
    save.mutate(
      { name: keyName, value: result.value, expiresAt: expiresAtFor(expiry, new Date()) },
      {
        onSuccess: () => {
          showToast({ message: t('com_endpoint_key_saved', { endpoint: endpointLabel }) });
          onOpenChange(false);
        },
        onError: (error) => showErrorToast(error.message),
      },
    );
  };

  const importServiceKey = async (file: File | undefined) => {
    if (!file) return;
    const key = file.name.toLowerCase().endsWith('.json') ? parseGoogleServiceKey(await file.text()) : null;
    setGoogle(key ? { state: 'ok', key } : { state: 'invalid' });
  };

  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="text-sm text-neutral-600 dark:text-neutral-300">
        {!hasKey
          ? t('com_endpoint_key_none')
          : valid
            ? t('com_endpoint_key_expires', { date: format.format(new Date(expiresAt)) })
            : t('com_endpoint_key_expired', { date: format.format(new Date(expiresAt)) })}
      </p>
      {form === 'google' && (
        <div className="space-y-1.5">
          <span className="text-sm font-medium">{t('com_endpoint_google_service_key')}</span>
          <label
            className={`flex cursor-pointer items-center gap-2 rounded-xl border border-dashed border-neutral-300 px-3 py-2.5 text-sm hover:bg-neutral-50 has-[:focus-visible]:ring-2 dark:border-neutral-600 dark:hover:bg-neutral-800 ${focusRing}`}
          >
            <UploadIcon />
            <span>
              {google.state === 'ok'
                ? t('com_endpoint_config_key_import_json_key_success')
                : google.state === 'invalid'
                  ? t('com_endpoint_config_key_import_json_key_invalid')
                  : t('com_endpoint_config_key_import_json_key')}
            </span>
            <input
              type="file"
              accept=".json,application/json"
              className="sr-only"
              onChange={(event) => void importServiceKey(event.target.files?.[0])}
            />
          </label>
        </div>
      )}
      {fields.map((field) => (
        <FormField
          key={field}
          id={`key-${field}`}
          label={fieldLabel(field, kind, t)}
          type={
            field === 'baseURL' || field.endsWith('Name') || field.endsWith('Version') ? 'text' : 'password'
          }
          revealLabels={{ show: t('com_ui_show_value'), hide: t('com_ui_hide_value') }}
          autoComplete="off"
          spellCheck={false}
          value={values[field] ?? ''}
          onChange={(event) => setValues((old) => ({ ...old, [field]: event.target.value }))}
        />
      ))}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="key-expiry">{t('com_endpoint_key_expires_in')}</Label>
        <select
          id="key-expiry"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value as ExpiryChoice)}
          className="h-11 rounded-xl border border-neutral-300 bg-white px-3 text-[15px] outline-none focus-visible:ring-2 focus-visible:ring-neutral-900/15 dark:border-neutral-600 dark:bg-neutral-800"
        >
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {expiryLabel(choice, t)}
            </option>
          ))}
        </select>
      </div>
      {missing.length > 0 && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('com_endpoint_config_key_required', {
            fields: missing.map((field) => fieldLabel(field, kind, t)).join(', '),
          })}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        {hasKey && (
          <button
            type="button"
            className={`${dangerButton} me-auto`}
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(keyName, {
                onSuccess: () =>
                  showToast({ message: t('com_endpoint_key_revoked', { endpoint: endpointLabel }) }),
                onError: (error) => showErrorToast(error.message),
              })
            }
          >
            {t('com_ui_revoke')}
          </button>
        )}
        <button type="button" className={secondaryButton} onClick={() => onOpenChange(false)}>
          {t('com_ui_cancel')}
        </button>
        <button type="submit" className={primaryCompactButton} disabled={save.isPending}>
          {t('com_ui_submit')}
        </button>
      </div>
    </form>
  );
}
