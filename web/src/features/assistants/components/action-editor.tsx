import { useEffect, useId, useRef, useState } from 'react';
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
import { previewSpec, specOperationCount, type SpecPreview } from '../logic/spec-preview';
import { AuthDialog } from './auth-dialog';

/** SPEC §9: the schema is checked 800 ms after the last keystroke. */
export const SCHEMA_DEBOUNCE_MS = 800;

const textarea =
  'min-h-56 w-full resize-y rounded-xl border border-neutral-300 bg-white px-3 py-2 font-mono text-xs leading-relaxed text-neutral-900 outline-none focus-visible:ring-2 focus-visible:ring-neutral-900/15 dark:border-neutral-600 dark:bg-neutral-800 dark:text-neutral-100';

export interface ActionEditorProps {
  /** The assistant the action belongs to; null when it is not created yet (saving then warns). */
  assistantId: string | null;
  /** How many tools the assistant has now (its functions of this action included), for the tools limit. */
  assistantTools?: number;
  /** The action being edited, or null for a new one. */
  action: Action | null;
  onBack: () => void;
  /** Resolves once saved; rejects with the server's message, which the editor then shows under the schema. */
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
  assistantTools,
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
  /** An example chosen while the box holds a spec of the user's: replacing it waits for a yes. */
  const [pendingExample, setPendingExample] = useState<SpecExampleName | null>(null);
  /** The server's refusal of the spec as it was saved; gone once the spec changes. */
  const [refusal, setRefusal] = useState<{ spec: string; message: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setChecked(rawSpec), SCHEMA_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [rawSpec]);

  // The editor takes the builder's place in the same scrolling panel, which keeps its scroll position:
  // start at the top, with the title in view and focused (what changed is read out).
  useEffect(() => {
    const scroller = scrollParent(heading.current);
    if (scroller) scroller.scrollTop = 0;
    heading.current?.focus();
  }, []);

  const toolsKept =
    assistantTools === undefined
      ? undefined
      : Math.max(0, assistantTools - (action ? specOperationCount(action.metadata.raw_spec) : 0));
  const preview: SpecPreview | null = checked.trim() ? previewSpec(checked, toolsKept) : null;
  const refused = refusal !== null && refusal.spec === rawSpec ? refusal.message : null;
  const ready = preview?.ok === true && checked === rawSpec;

  const applyExample = (name: SpecExampleName) => {
    setExample(name);
    setRawSpec(SPEC_EXAMPLES[name]);
  };
  const chooseExample = (name: SpecExampleName | '') => {
    if (!name) return;
    const typed = rawSpec.trim() !== '' && !Object.values(SPEC_EXAMPLES).includes(rawSpec);
    if (typed) setPendingExample(name);
    else applyExample(name);
  };
  const storedType = action?.metadata.auth?.type ?? null;

  const save = async () => {
    if (!assistantId) {
      onWarning(t('com_assistants_no_assistant_id'));
      return;
    }
    if (!preview?.ok) return;
    setSaving(true);
    setRefusal(null);
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
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (message) setRefusal({ spec: rawSpec, message });
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
        <h2
          ref={heading}
          tabIndex={-1}
          className="min-w-0 flex-1 truncate text-base font-semibold outline-none"
        >
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
            onChange={(event) => chooseExample(event.target.value as SpecExampleName | '')}
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
          // A spec reads left to right in every language; the placeholder follows the page's direction.
          dir={rawSpec ? 'ltr' : undefined}
          spellCheck={false}
          value={rawSpec}
          placeholder={t('com_assistants_schema_placeholder')}
          aria-invalid={preview?.ok === false || refused !== null || undefined}
          aria-describedby={preview?.ok === false || refused !== null ? `${schemaId}-errors` : undefined}
          onChange={(event) => setRawSpec(event.target.value)}
        />
        {(preview?.ok === false || refused !== null) && (
          <div id={`${schemaId}-errors`} role="alert" className="text-[13px] text-red-700 dark:text-red-400">
            {preview?.ok === false
              ? preview.messages.map((message) => <p key={message.key}>{t(message.key, message.values)}</p>)
              : refused?.split('\n').map((line, at) => (
                  <p key={at} className="break-words">
                    {line}
                  </p>
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
                    <td className="break-all px-2 py-1.5 font-mono">
                      <span dir="ltr">{operation.name}</span>
                    </td>
                    <td className="px-2 py-1.5">{operation.method}</td>
                    <td className="break-all px-2 py-1.5 font-mono">
                      <span dir="ltr">{operation.path}</span>
                    </td>
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
        dir="ltr"
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

      <Dialog
        open={pendingExample !== null}
        onOpenChange={(open) => {
          if (!open) setPendingExample(null);
        }}
        title={t('com_assistants_example_replace_title')}
        description={t('com_assistants_example_replace_text')}
        showDescription
        closeLabel={t('com_ui_close')}
        width="max-w-sm"
        footer={
          <>
            <button type="button" className={secondaryButton} onClick={() => setPendingExample(null)}>
              {t('com_ui_cancel')}
            </button>
            <button
              type="button"
              className={primaryCompactButton}
              onClick={() => {
                if (pendingExample) applyExample(pendingExample);
                setPendingExample(null);
              }}
            >
              {t('com_assistants_example_replace')}
            </button>
          </>
        }
      >
        {null}
      </Dialog>
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

/** The nearest ancestor that scrolls vertically (the panel the editor is shown in). */
function scrollParent(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
    const { overflowY } = window.getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}
