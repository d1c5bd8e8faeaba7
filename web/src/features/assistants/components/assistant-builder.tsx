import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssistantCapability } from '@parley/shared/schemas/endpoints';
import { CheckIcon, CopyIcon, PlusIcon, TrashIcon } from '../../../components/ui/chat-icons';
import {
  dangerButton,
  primaryCompactButton,
  secondaryButton,
  smallIconButton,
} from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';
import { SwitchRow } from '../../../components/ui/switch';
import { Tooltip } from '../../../components/ui/tooltip';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import {
  useCreateAssistant,
  useDeleteAction,
  useDeleteAssistant,
  useUpdateAssistant,
  useUploadAssistantAvatar,
  useUpsertAction,
} from '../api/assistants';
import type { Action } from '@parley/shared/schemas/action';
import type { Assistant } from '@parley/shared/schemas/assistant';
import {
  ASSISTANT_LIMITS,
  assistantBody,
  avatarProblem,
  AVATAR_TYPES,
  emptyForm,
  formFrom,
  validateAssistant,
  type AssistantForm,
} from '../logic/assistant-form';
import { retrievalBlock } from '@parley/shared/endpoints/assistant-retrieval';
import { ActionEditor } from './action-editor';
import { AssistantAvatar } from './assistant-avatar';
import { AssistantKnowledge } from './assistant-knowledge';
import type { KnowledgeFile } from './knowledge-files';

const field =
  'w-full rounded-xl border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 outline-none focus-visible:ring-2 focus-visible:ring-neutral-900/15 aria-[invalid=true]:border-red-600 dark:border-neutral-600 dark:bg-neutral-800 dark:text-neutral-100';

/** SPEC §9: the copy feedback lasts 3 s. */
const COPY_FEEDBACK_MS = 3000;

export interface ToolsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selected: readonly string[];
  onAdd: (pluginKey: string) => void;
  onRemove: (pluginKey: string) => void;
}

export interface AssistantBuilderProps {
  assistants: readonly Assistant[];
  /** The conversation's assistant (the picker's default). */
  activeId: string | null;
  models: readonly string[];
  capabilities: readonly AssistantCapability[];
  retrievalModels?: readonly string[];
  /** Why the server cannot run the code interpreter (endpoint config); absent when it can. */
  codeInterpreterOff?: string;
  actions: readonly Action[];
  /** The caller's files, to name the knowledge files. */
  files: readonly KnowledgeFile[];
  toolLabels: Readonly<Record<string, { name: string; icon?: string }>>;
  renderToolsDialog: (props: ToolsDialogProps) => ReactNode;
  /** "Select": use this assistant in the conversation. */
  onSelect: (assistant: Assistant) => void;
  /** After a delete: the first remaining assistant, or null. */
  onDeleted: (next: Assistant | null) => void;
  /** Asks the builder to show an assistant (its id) or a new one (`''`); each request (`seq`) counts once. */
  request?: { target: string; seq: number } | null;
}

/**
 * SPEC §2 Assistant builder panel: the picker ("Create assistant" or one of the caller's), avatar, name, id,
 * description, instructions, model, capabilities, knowledge and code-interpreter files, tools and actions,
 * delete with confirmation, Select and Save/Create. The action editor opens in its place.
 */
export function AssistantBuilder(props: AssistantBuilderProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | null>(props.request?.target ?? null);
  const [seenRequest, setSeenRequest] = useState(props.request?.seq);
  if (props.request && props.request.seq !== seenRequest) {
    setSeenRequest(props.request.seq);
    setPicked(props.request.target);
  }
  const currentId = picked ?? props.activeId ?? '';
  const assistant = props.assistants.find((row) => row.id === currentId) ?? null;
  const pickerId = useId();

  return (
    <section aria-label={t('com_assistants_builder')} className="space-y-3" data-testid="assistant-builder">
      <div className="space-y-1">
        <label
          htmlFor={pickerId}
          className="px-1 text-xs font-semibold text-neutral-600 dark:text-neutral-400"
        >
          {t('com_assistants_builder')}
        </label>
        <select
          id={pickerId}
          className={`${field} h-10 py-0`}
          value={assistant ? assistant.id : ''}
          onChange={(event) => setPicked(event.target.value)}
        >
          <option value="">{t('com_assistants_create')}</option>
          {props.assistants.map((row) => (
            <option key={row.id} value={row.id}>
              {row.name || row.id}
            </option>
          ))}
        </select>
      </div>
      <BuilderForm
        key={assistant?.id ?? 'new'}
        {...props}
        assistant={assistant}
        onCreated={(created) => setPicked(created.id)}
        onDeletedHere={(next) => {
          setPicked(next?.id ?? '');
          props.onDeleted(next);
        }}
      />
    </section>
  );
}

function BuilderForm({
  assistant,
  models,
  capabilities,
  retrievalModels,
  codeInterpreterOff,
  actions,
  files,
  toolLabels,
  renderToolsDialog,
  onSelect,
  onCreated,
  onDeletedHere,
  assistants,
}: AssistantBuilderProps & {
  assistant: Assistant | null;
  onCreated: (assistant: Assistant) => void;
  onDeletedHere: (next: Assistant | null) => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [form, setForm] = useState<AssistantForm>(() =>
    assistant ? formFrom(assistant) : emptyForm(models[0] ?? ''),
  );
  const [tried, setTried] = useState(false);
  const [pendingAvatar, setPendingAvatar] = useState<File | null>(null);
  const [avatarPreview, setAvatarPreview] = useState<string | null>(null);
  const [avatarProgress, setAvatarProgress] = useState<number | null>(null);
  const [editing, setEditing] = useState<Action | 'new' | null>(null);
  const [toolsOpen, setToolsOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [copied, setCopied] = useState(false);
  const avatarInput = useRef<HTMLInputElement>(null);
  const create = useCreateAssistant();
  const update = useUpdateAssistant();
  const remove = useDeleteAssistant();
  const uploadAvatar = useUploadAssistantAvatar();
  const upsertAction = useUpsertAction();
  const deleteAction = useDeleteAction();

  const has = (capability: AssistantCapability) => capabilities.includes(capability);
  const retrievalOk =
    retrievalBlock(form.model, { capabilityOn: has('retrieval'), retrievalModels }) === null;
  // Off on this server: shown off and locked, but the assistant's own setting is kept as it is on save.
  const interpreterOff = codeInterpreterOff?.trim().replace(/\.+$/, '');
  const errors = tried ? validateAssistant(form) : {};
  const set = <K extends keyof AssistantForm>(key: K, value: AssistantForm[K]) =>
    setForm((old) => ({ ...old, [key]: value }));
  const myActions = assistant ? actions.filter((action) => action.assistant_id === assistant.id) : [];

  // SPEC §4: the retrieval toggle is reset to off when the model does not support it.
  if (form.retrieval && !retrievalOk) set('retrieval', false);

  const sendAvatar = async (id: string, model: string, file: File) => {
    setAvatarProgress(0.4);
    try {
      await uploadAvatar.mutateAsync({ id, model, file });
      showToast({ message: t('com_ui_upload_success') });
    } catch (error) {
      setAvatarPreview(null);
      showErrorToast(error instanceof Error && error.message ? error.message : t('com_ui_upload_error'));
    } finally {
      setAvatarProgress(null);
      setPendingAvatar(null);
    }
  };

  const pickAvatar = (file: File) => {
    const problem = avatarProblem(file);
    if (problem) {
      showErrorToast(t(problem));
      return;
    }
    setAvatarPreview(URL.createObjectURL(file));
    if (assistant) void sendAvatar(assistant.id, form.model, file);
    else setPendingAvatar(file);
  };

  const save = async () => {
    setTried(true);
    if (Object.keys(validateAssistant(form)).length > 0) return;
    const body = assistantBody(form, assistant);
    try {
      if (assistant) {
        await update.mutateAsync({ id: assistant.id, body });
        showToast({ message: t('com_assistants_update_success') });
      } else {
        const created = await create.mutateAsync(body);
        showToast({ message: t('com_assistants_create_success') });
        if (pendingAvatar) await sendAvatar(created.id, created.model, pendingAvatar);
        onCreated(created);
      }
    } catch (error) {
      const detail = error instanceof Error ? error.message : '';
      showErrorToast(
        `${assistant ? t('com_assistants_update_error') : t('com_assistants_create_error')}${detail ? ` ${detail}` : ''}`,
      );
    }
  };

  const copyId = () => {
    if (!assistant) return;
    void navigator.clipboard?.writeText(assistant.id);
    setCopied(true);
    window.setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  };

  if (editing !== null) {
    return (
      <ActionEditor
        assistantId={assistant?.id ?? null}
        assistantTools={assistant?.tools.length ?? 0}
        action={editing === 'new' ? null : editing}
        onBack={() => setEditing(null)}
        onWarning={(message) => showErrorToast(message)}
        onSave={async (assistantId, body) => {
          try {
            await upsertAction.mutateAsync({ assistantId, body: { ...body, model: form.model } });
            showToast({ message: t('com_assistants_update_actions_success') });
            setEditing(null);
          } catch (error) {
            const detail = error instanceof Error ? error.message : '';
            showErrorToast(detail || t('com_assistants_update_actions_error'));
            // The editor shows the server's refusal under the schema too.
            throw error;
          }
        }}
        onDelete={async (action) => {
          if (!assistant) {
            showErrorToast(t('com_assistants_no_assistant_id'));
            return;
          }
          try {
            await deleteAction.mutateAsync({ assistantId: assistant.id, action, model: form.model });
            showToast({ message: t('com_assistants_delete_actions_success') });
            setEditing(null);
          } catch (error) {
            const detail = error instanceof Error ? error.message : '';
            showErrorToast(detail || t('com_assistants_delete_actions_error'));
          }
        }}
      />
    );
  }

  const avatarSrc = avatarPreview ?? assistant?.metadata?.avatar ?? null;

  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="flex items-center gap-3">
        <button
          type="button"
          className="relative rounded-full"
          aria-label={t('com_assistants_upload_avatar')}
          title={t('com_assistants_upload_avatar')}
          onClick={() => avatarInput.current?.click()}
        >
          <AssistantAvatar src={avatarSrc} size={56} />
          {avatarProgress !== null && (
            <span className="absolute inset-0 animate-pulse rounded-full bg-white/50 dark:bg-black/50" />
          )}
        </button>
        <input
          ref={avatarInput}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          accept={AVATAR_TYPES.join(',')}
          data-testid="assistant-avatar-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) pickAvatar(file);
          }}
        />
        <div className="min-w-0 flex-1 text-xs text-neutral-500 dark:text-neutral-400">
          {t('com_assistants_avatar_hint')}
        </div>
      </div>

      <TextField
        id={`${ids}-name`}
        label={t('com_ui_name')}
        value={form.name}
        max={ASSISTANT_LIMITS.name}
        error={errors.name && t(errors.name, { max: ASSISTANT_LIMITS.name })}
        placeholder={t('com_assistants_name_placeholder')}
        onChange={(value) => set('name', value)}
      />
      {assistant && (
        <div className="flex items-center gap-1 text-xs text-neutral-500 dark:text-neutral-400">
          <span className="min-w-0 truncate font-mono" data-testid="assistant-id">
            {assistant.id}
          </span>
          <Tooltip content={copied ? t('com_ui_copied') : t('com_assistants_copy_id')}>
            <button
              type="button"
              className={smallIconButton}
              aria-label={copied ? t('com_ui_copied') : t('com_assistants_copy_id')}
              onClick={copyId}
            >
              {copied ? <CheckIcon width={14} height={14} /> : <CopyIcon width={14} height={14} />}
            </button>
          </Tooltip>
        </div>
      )}
      <TextField
        id={`${ids}-description`}
        label={t('com_assistants_description')}
        value={form.description}
        max={ASSISTANT_LIMITS.description}
        error={errors.description && t(errors.description, { max: ASSISTANT_LIMITS.description })}
        placeholder={t('com_assistants_description_placeholder')}
        onChange={(value) => set('description', value)}
      />
      <TextField
        id={`${ids}-instructions`}
        label={t('com_assistants_instructions')}
        value={form.instructions}
        max={ASSISTANT_LIMITS.instructions}
        multiline
        error={errors.instructions && t(errors.instructions, { max: ASSISTANT_LIMITS.instructions })}
        placeholder={t('com_assistants_instructions_placeholder')}
        onChange={(value) => set('instructions', value)}
      />
      <div className="space-y-1">
        <label htmlFor={`${ids}-model`} className="text-sm font-medium">
          {t('com_ui_model')}
        </label>
        <select
          id={`${ids}-model`}
          className={`${field} h-10 py-0`}
          value={form.model}
          aria-invalid={Boolean(errors.model) || undefined}
          onChange={(event) => set('model', event.target.value)}
        >
          {!form.model && <option value="">{t('com_assistants_select_model')}</option>}
          {models.map((model) => (
            <option key={model} value={model}>
              {model}
            </option>
          ))}
        </select>
        {errors.model && (
          <p role="alert" className="text-[13px] text-red-700 dark:text-red-400">
            {t(errors.model)}
          </p>
        )}
      </div>

      <div className="divide-y divide-neutral-200 dark:divide-neutral-700">
        <h3 className="pb-1 text-sm font-medium">{t('com_assistants_capabilities')}</h3>
        {has('code_interpreter') && (
          <SwitchRow
            label={t('com_assistants_code_interpreter')}
            description={
              interpreterOff === undefined
                ? t('com_assistants_code_interpreter_info')
                : [
                    t('com_assistants_code_interpreter_off', { reason: interpreterOff }),
                    ...(form.codeInterpreter ? [t('com_assistants_code_interpreter_kept')] : []),
                  ].join(' ')
            }
            checked={form.codeInterpreter && interpreterOff === undefined}
            disabled={interpreterOff !== undefined}
            onCheckedChange={(value) => set('codeInterpreter', value)}
          />
        )}
        {has('image_vision') && (
          <SwitchRow
            label={t('com_assistants_image_vision')}
            checked={form.imageVision}
            onCheckedChange={(value) => set('imageVision', value)}
          />
        )}
        {has('retrieval') && (
          <SwitchRow
            label={t('com_assistants_retrieval')}
            description={
              retrievalOk ? undefined : t('com_assistants_retrieval_unsupported', { model: form.model })
            }
            checked={form.retrieval}
            disabled={!retrievalOk}
            onCheckedChange={(value) => set('retrieval', value)}
          />
        )}
      </div>

      <AssistantKnowledge
        assistant={assistant}
        files={files}
        capabilities={capabilities}
        retrievalModels={retrievalModels}
        interpreterOff={interpreterOff}
        onRetrievalOn={() => set('retrieval', true)}
      />

      {has('tools') && (
        <section className="space-y-1.5" aria-labelledby={`${ids}-tools`}>
          <h3 id={`${ids}-tools`} className="text-sm font-medium">
            {t('com_ui_tools')}
          </h3>
          {form.tools.length > 0 && (
            <ul className="space-y-1">
              {form.tools.map((key) => (
                <li
                  key={key}
                  className="flex items-center justify-between gap-2 rounded-lg border border-neutral-200 px-2 py-1 text-sm dark:border-neutral-700"
                >
                  <span className="min-w-0 truncate">{toolLabels[key]?.name ?? key}</span>
                  <button
                    type="button"
                    className={smallIconButton}
                    aria-label={t('com_assistants_remove_tool', { tool: toolLabels[key]?.name ?? key })}
                    onClick={() =>
                      set(
                        'tools',
                        form.tools.filter((tool) => tool !== key),
                      )
                    }
                  >
                    <TrashIcon width={14} height={14} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <button type="button" className={secondaryButton} onClick={() => setToolsOpen(true)}>
            <PlusIcon width={16} height={16} />
            {t('com_assistants_add_tools')}
          </button>
        </section>
      )}

      {has('actions') && (
        <section className="space-y-1.5" aria-labelledby={`${ids}-actions`}>
          <h3 id={`${ids}-actions`} className="text-sm font-medium">
            {t('com_assistants_actions')}
          </h3>
          {myActions.length > 0 && (
            <ul className="space-y-1">
              {myActions.map((action) => (
                <li key={action.action_id}>
                  <button
                    type="button"
                    onClick={() => setEditing(action)}
                    className="flex w-full items-center justify-between gap-2 rounded-lg border border-neutral-200 px-2 py-1.5 text-start text-sm hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
                  >
                    <span className="min-w-0 truncate">{action.metadata.domain}</span>
                    <span className="text-xs text-neutral-500 dark:text-neutral-400">{t('com_ui_edit')}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              if (!assistant) showErrorToast(t('com_assistants_actions_disabled'));
              else setEditing('new');
            }}
          >
            <PlusIcon width={16} height={16} />
            {t('com_assistants_add_actions')}
          </button>
        </section>
      )}

      <div className="flex flex-wrap items-center gap-2 pt-2">
        {assistant && (
          <button
            type="button"
            className={smallIconButton}
            aria-label={t('com_assistants_delete')}
            title={t('com_assistants_delete')}
            onClick={() => setConfirmDelete(true)}
          >
            <TrashIcon width={16} height={16} />
          </button>
        )}
        <div className="flex-1" />
        {assistant && (
          <button type="button" className={secondaryButton} onClick={() => onSelect(assistant)}>
            {t('com_ui_select')}
          </button>
        )}
        <button
          type="submit"
          className={primaryCompactButton}
          disabled={create.isPending || update.isPending}
          aria-busy={create.isPending || update.isPending || undefined}
        >
          {assistant ? t('com_ui_save') : t('com_ui_create')}
        </button>
      </div>

      {renderToolsDialog({
        open: toolsOpen,
        onOpenChange: setToolsOpen,
        selected: form.tools,
        onAdd: (key) => set('tools', form.tools.includes(key) ? form.tools : [...form.tools, key]),
        onRemove: (key) =>
          set(
            'tools',
            form.tools.filter((tool) => tool !== key),
          ),
      })}
      {assistant && (
        <Dialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title={t('com_assistants_delete')}
          description={t('com_assistants_delete_confirm', { name: assistant.name || assistant.id })}
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
                  remove.mutate(
                    { id: assistant.id, model: assistant.model },
                    {
                      onSuccess: () => {
                        showToast({ message: t('com_assistants_delete_success') });
                        onDeletedHere(assistants.find((row) => row.id !== assistant.id) ?? null);
                      },
                      onError: (error) => showErrorToast(error.message || t('com_assistants_delete_error')),
                    },
                  );
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
    </form>
  );
}

function TextField({
  id,
  label,
  value,
  max,
  error,
  placeholder,
  multiline = false,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  max: number;
  error: string | undefined;
  placeholder?: string;
  multiline?: boolean;
  onChange: (value: string) => void;
}) {
  const shared = {
    id,
    value,
    placeholder,
    className: field,
    'aria-invalid': Boolean(error) || undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea {...shared} rows={5} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-[13px] text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {value.length > max && (
        <p className="text-end text-xs text-red-700 dark:text-red-400">
          {value.length} / {max}
        </p>
      )}
    </div>
  );
}
