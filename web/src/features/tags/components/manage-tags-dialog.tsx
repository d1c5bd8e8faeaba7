import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TAG_DESCRIPTION_MAX_LENGTH, TAG_MAX_LENGTH, type Tag } from '@parley/shared/schemas/tag';
import { dangerButton, secondaryButton } from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';
import { iconButton } from '../../../components/ui/styles';
import { showErrorToast } from '../../../lib/toast-store';
import { ArrowDownSmallIcon, ArrowUpSmallIcon } from '../../../components/ui/organise-icons';
import { useTwoClickConfirm } from '../../../lib/use-two-click-confirm';
import { useCreateTag, useDeleteTag, useTags, useUpdateTag } from '../api/tags';

const fieldClass =
  'h-9 min-w-0 rounded-lg border border-neutral-300 bg-white px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-neutral-900 dark:border-neutral-600 dark:bg-neutral-900 dark:focus-visible:ring-neutral-100';

const onError = (error: Error) => showErrorToast(error.message);

function TagRow({ tag, index, last }: { tag: Tag; index: number; last: number }) {
  const { t } = useTranslation();
  const update = useUpdateTag();
  const remove = useDeleteTag();
  const deleteButton = useRef<HTMLButtonElement>(null);
  const confirm = useTwoClickConfirm(deleteButton, () => remove.mutate(tag.tag, { onError }));
  const [name, setName] = useState(tag.tag);
  const [description, setDescription] = useState(tag.description ?? '');
  const rename = () => {
    const next = name.trim();
    if (next === '' || next === tag.tag) return setName(tag.tag);
    update.mutate(
      { tag: tag.tag, newName: next },
      { onError: (error) => (setName(tag.tag), onError(error)) },
    );
  };
  const describe = () => {
    if (description.trim() === (tag.description ?? '')) return;
    update.mutate({ tag: tag.tag, description: description.trim() || null }, { onError });
  };
  return (
    <li className="flex flex-col gap-2 border-b border-neutral-100 py-3 sm:flex-row sm:items-center dark:border-neutral-700/60">
      <input
        aria-label={t('com_ui_tag_name', { tag: tag.tag })}
        value={name}
        maxLength={TAG_MAX_LENGTH}
        onChange={(event) => setName(event.target.value)}
        onBlur={rename}
        onKeyDown={(event) => event.key === 'Enter' && rename()}
        className={`${fieldClass} sm:w-36`}
      />
      <input
        aria-label={t('com_ui_tag_description', { tag: tag.tag })}
        placeholder={t('com_ui_description')}
        value={description}
        maxLength={TAG_DESCRIPTION_MAX_LENGTH}
        onChange={(event) => setDescription(event.target.value)}
        onBlur={describe}
        onKeyDown={(event) => event.key === 'Enter' && describe()}
        className={`${fieldClass} flex-1`}
      />
      <div className="flex items-center gap-1">
        <span className="me-1 text-xs text-neutral-500 dark:text-neutral-400">
          {t('com_ui_chats_count', { count: tag.count })}
        </span>
        <button
          type="button"
          className={iconButton}
          aria-label={t('com_ui_move_up', { tag: tag.tag })}
          disabled={index === 0}
          onClick={() => update.mutate({ tag: tag.tag, position: index - 1 }, { onError })}
        >
          <ArrowUpSmallIcon />
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={t('com_ui_move_down', { tag: tag.tag })}
          disabled={index === last}
          onClick={() => update.mutate({ tag: tag.tag, position: index + 1 }, { onError })}
        >
          <ArrowDownSmallIcon />
        </button>
        <button
          ref={deleteButton}
          type="button"
          className={confirm.armed ? dangerButton : secondaryButton}
          onClick={confirm.onClick}
          aria-label={confirm.armed ? undefined : t('com_ui_delete_tag', { tag: tag.tag })}
        >
          {confirm.armed ? t('com_ui_confirm_delete') : t('com_ui_delete')}
        </button>
      </div>
    </li>
  );
}

/** Create, rename, describe, reorder and delete tags (a rename reaches every conversation at once). */
export function ManageTagsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const tags = useTags().data ?? [];
  const create = useCreateTag();
  const [draft, setDraft] = useState('');
  const add = (event: FormEvent) => {
    event.preventDefault();
    const tag = draft.trim();
    if (!tag) return;
    create.mutate({ tag }, { onSuccess: () => setDraft(''), onError });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('com_ui_manage_tags')}
      closeLabel={t('com_ui_close')}
      width="max-w-2xl"
    >
      <form onSubmit={add} className="flex gap-2">
        <input
          aria-label={t('com_ui_new_tag')}
          placeholder={t('com_ui_new_tag')}
          value={draft}
          maxLength={TAG_MAX_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
          className={`${fieldClass} flex-1`}
        />
        <button type="submit" className={secondaryButton} disabled={draft.trim() === '' || create.isPending}>
          {t('com_ui_add_tag')}
        </button>
      </form>
      {tags.length === 0 ? (
        <p className="mt-4 text-sm text-neutral-500 dark:text-neutral-400">{t('com_ui_no_tags')}</p>
      ) : (
        <ul className="mt-2">
          {tags.map((tag, index) => (
            // A renamed tag is a new row: its fields start from the new values.
            <TagRow
              key={`${tag.tag}:${tag.description ?? ''}`}
              tag={tag}
              index={index}
              last={tags.length - 1}
            />
          ))}
        </ul>
      )}
    </Dialog>
  );
}
