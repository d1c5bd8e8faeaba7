import { useEffect, useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon } from '../../../components/ui/chat-icons';
import { dangerButton, primaryCompactButton, secondaryButton } from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { iconButton } from '../../../components/ui/styles';
import type { Action, ActionSaveBody } from '@parley/shared/schemas/action';
import { authFormFrom, authMetadata, type AuthForm } from '../logic/action-auth';
import { SPEC_EXAMPLES, type SpecExampleName } from '../logic/spec-examples';
import { previewSpec, type SpecPreview } from '../logic/spec-preview';
import { AuthDialog } from './auth-dialog';

/** SPEC §9: the schema is checked 800 ms after the last keystroke. */
export const SCHEMA_DEBOUNCE_MS = 800;

const textarea =
  'min-h-56 w-full resize-y rounded-xl border border-neutral-300 bg-white px-3 py-2 font-mono text-xs leading-relaxed text-neutral-900 outline-none focus-visible:ring-2 focus-visible:ring-neutral-900/15 dark:border-neutral-600 dark:bg-neutral-800 dark:text-neutral-100';

export interface ActionEditorProps {
  /** The assistant the action belongs to; null when it is not created yet (saving then warns). */
  assistantId: string | null;
  /** The action being edited, or null for a new one. */
  action: Action | null;
  onBack: () => void;
  /** Resolves with the saved action; rejects with the server's message. */
  onSave: (assistantId: string, body: Omit<ActionSaveBody, 'model'>) => Promise<void>;
  onDelete: (action: Action) => Promise<void>;
  /** Warnings the editor shows (toasts in the app). */
  onWarning: (message: string) => void;
}

/**
 * SPEC §2 Action editor: the OpenAPI schema (JSON or YAML) with Examples, the table of the actions it
 * offers, the authentication dialog, the privacy policy URL and Create/Update. The server validates the spec
 * again and derives the functions itself; the table here is its first reading while typing.
 */
export function ActionEditor({
  assistantId,
  action,
  onBack,
  onSave,
  onDelete,
  onWarning,
}: ActionEditorProps) {
  const { t } = useTranslation();
  const schemaId = useId();
  const [rawSpec, setRawSpec] = useState(action?.metadata.raw_spec ?? '');
  const [checked, setChecked] = useState(rawSpec);
  const [privacyUrl, setPrivacyUrl] = useState(action?.metadata.privacy_policy_url ?? '');
  const [auth, setAuth] = useState<AuthForm>(() => authFormFrom(action?.metadata.auth));
  const [authOpen, setAuthOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [saving, setSaving] = useState(false);
  const [example, setExample] = useState<SpecExampleName | ''>('');

  useEffect(() => {
    const timer = window.setTimeout(() => setChecked(rawSpec), SCHEMA_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [rawSpec]);

  const preview: SpecPreview | null = checked.trim() ? previewSpec(checked) : null;
  const ready = preview?.ok === true && checked === rawSpec;
  const storedType = action?.metadata.auth?.type ?? null;

  const save = async () => {
    if (!assistantId) {
      onWarning(t('com_assistants_no_assistant_id'));
      return;
    }
    if (!preview?.ok) return;
    setSaving(true);
    try {
      await onSave(assistantId, {
        ...(action ? { action_id: action.action_id } : {}),
        metadata: {
          domain: preview.domain,
          raw_spec: rawSpec,
          ...(privacyUrl.trim() ? { privacy_policy_url: privacyUrl.trim() } : {}),
          ...authMetadata(auth),
        },
        functions: preview.operations.map((operation) => ({
          name: operation.name,
          description: operation.description,
          parameters: {},
        })),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-4" data-testid="action-editor">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          className={iconButton}
          aria-label={t('com_ui_back')}
          title={t('com_ui_back')}
          onClick={onBack}
        >
          <ChevronLeftIcon className="rtl:rotate-180" />
        </button>
        <h2 className="min-w-0 flex-1 truncate text-base font-semibold">
          {action ? t('com_assistants_edit_actions') : t('com_assistants_add_actions')}
        </h2>
        {action && (
          <button type="button" className={secondaryButton} onClick={() => setConfirmDelete(true)}>
            {t('com_ui_delete')}
          </button>
        )}
      </div>

      <div className="space-y-1.5">
        <span className="text-sm font-medium">{t('com_assistants_authentication')}</span>
        <button
          type="button"
          onClick={() => setAuthOpen(true)}
          className="flex h-10 w-full items-center justify-between rounded-xl border border-neutral-300 px-3 text-sm hover:bg-neutral-100 dark:border-neutral-600 dark:hover:bg-neutral-800"
        >
          <span>{authLabel(auth, t)}</span>
          <span className="text-xs text-neutral-500 dark:text-neutral-400">{t('com_ui_edit')}</span>
        </button>
      </div>

      <div className="space-y-1.5">
        <div className="flex items-end justify-between gap-2">
          <label htmlFor={schemaId} className="text-sm font-medium">
            {t('com_assistants_schema')}
          </label>
          <select
            aria-label={t('com_assistants_examples')}
            value={example}
            onChange={(event) => {
              const name = event.target.value as SpecExampleName | '';
              setExample(name);
              if (name) setRawSpec(SPEC_EXAMPLES[name]);
            }}
            className="h-8 rounded-lg border border-neutral-300 bg-white px-2 text-xs dark:border-neutral-600 dark:bg-neutral-800"
          >
            <option value="">{t('com_assistants_examples')}</option>
            <option value="weather">{t('com_assistants_example_weather')}</option>
            <option value="petstore">{t('com_assistants_example_petstore')}</option>
            <option value="blank">{t('com_assistants_example_blank')}</option>
          </select>
        </div>
        <textarea
          id={schemaId}
          className={textarea}
          spellCheck={false}
          value={rawSpec}
          placeholder={t('com_assistants_schema_placeholder')}
          aria-invalid={preview?.ok === false || undefined}
          aria-describedby={preview?.ok === false ? `${schemaId}-errors` : undefined}
          onChange={(event) => setRawSpec(event.target.value)}
        />
        {preview?.ok === false && (
          <div id={`${schemaId}-errors`} role="alert" className="text-[13px] text-red-700 dark:text-red-400">
            {preview.messages.map((message) => (
              <p key={message}>{t(message)}</p>
            ))}
          </div>
        )}
      </div>

      <section aria-labelledby={`${schemaId}-table`} className="space-y-1.5">
        <h3 id={`${schemaId}-table`} className="text-sm font-medium">
          {t('com_assistants_available_actions')}
        </h3>
        <div className="overflow-x-auto rounded-xl border border-neutral-200 dark:border-neutral-700">
          <table className="w-full text-start text-xs">
            <thead className="bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
              <tr>
                <th className="px-2 py-1.5 text-start font-medium">{t('com_ui_name')}</th>
                <th className="px-2 py-1.5 text-start font-medium">{t('com_assistants_method')}</th>
                <th className="px-2 py-1.5 text-start font-medium">{t('com_assistants_path')}</th>
              </tr>
            </thead>
            <tbody>
              {preview?.ok ? (
                preview.operations.map((operation) => (
                  <tr
                    key={`${operation.method} ${operation.path}`}
                    className="border-t border-neutral-200 dark:border-neutral-700"
                  >
                    <td className="break-all px-2 py-1.5 font-mono">{operation.name}</td>
                    <td className="px-2 py-1.5">{operation.method}</td>
                    <td className="break-all px-2 py-1.5 font-mono">{operation.path}</td>
                  </tr>
                ))
              ) : (
                <tr>
                  <td colSpan={3} className="px-2 py-3 text-center text-neutral-500 dark:text-neutral-400">
                    {t('com_assistants_no_actions')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </section>

      <FormField
        id={`${schemaId}-privacy`}
        label={t('com_assistants_privacy_policy_url')}
        type="url"
        placeholder="https://"
        value={privacyUrl}
        onChange={(event) => setPrivacyUrl(event.target.value)}
      />

      <button
        type="button"
        className={`${primaryCompactButton} w-full`}
        disabled={!ready || saving}
        aria-busy={saving || undefined}
        onClick={() => void save()}
      >
        {action ? t('com_ui_update') : t('com_ui_create')}
      </button>

      <AuthDialog
        open={authOpen}
        onOpenChange={setAuthOpen}
        value={auth}
        storedSecretsFor={storedType}
        onSave={setAuth}
      />
      {action && (
        <Dialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title={t('com_assistants_delete_action')}
          description={t('com_assistants_delete_action_confirm')}
          showDescription
          closeLabel={t('com_ui_close')}
          width="max-w-sm"
          footer={
            <>
              <button type="button" className={secondaryButton} onClick={() => setConfirmDelete(false)}>
                {t('com_ui_cancel')}
              </button>
              <button
                type="button"
                className={dangerButton}
                onClick={() => {
                  setConfirmDelete(false);
                  void onDelete(action);
                }}
              >
                {t('com_ui_delete')}
              </button>
            </>
          }
        >
          {null}
        </Dialog>
      )}
    </div>
  );
}

function authLabel(auth: AuthForm, t: TFunction): string {
  if (auth.type === 'service_http') {
    const kind =
      auth.authorizationType === 'bearer'
        ? t('com_assistants_auth_bearer')
        : auth.authorizationType === 'custom'
          ? t('com_assistants_auth_custom')
          : t('com_assistants_auth_basic');
    return `${t('com_assistants_auth_api_key')} (${kind})`;
  }
  if (auth.type === 'oauth') return t('com_assistants_auth_oauth');
  return t('com_assistants_auth_none');
}
