import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TAG_MAX_LENGTH } from '@parley/shared/schemas/tag';
import { primaryCompactButton, secondaryButton } from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';
import { displayTitle } from '../../../lib/display-title';
import { showErrorToast } from '../../../lib/toast-store';
import { conversationQuery } from '../../../lib/conversation-query';
import { useSetConversationTags, useTags } from '../api/tags';

const fieldClass =
  'h-9 min-w-0 flex-1 rounded-lg border border-neutral-300 bg-white px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-neutral-900 dark:border-neutral-600 dark:bg-neutral-900 dark:focus-visible:ring-neutral-100';

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Chooses a conversation's tags (checkboxes), and adds new ones on the way (created on Save). */
export function ConversationTagsDialog({
  conversationId,
  onClose,
}: {
  conversationId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const conversation = useQuery(conversationQuery(conversationId)).data;
  const tags = useTags().data ?? [];
  const save = useSetConversationTags();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [draft, setDraft] = useState('');
  const current = chosen ?? conversation?.tags ?? [];
  const names = [
    ...tags.map((tag) => tag.tag),
    ...current.filter((name) => !tags.some((tag) => sameName(tag.tag, name))),
  ];

  const toggle = (name: string, on: boolean) =>
    setChosen(on ? [...current, name] : current.filter((other) => !sameName(other, name)));
  const add = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.trim();
    if (!name) return;
    if (!current.some((other) => sameName(other, name))) setChosen([...current, name]);
    setDraft('');
  };
  const submit = () =>
    save.mutate(
      { conversationId, tags: current },
      {
        onSuccess: onClose,
        onError: (error) => showErrorToast(error.message),
      },
    );

  const title = conversation ? displayTitle(conversation.title, t) : '';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('com_ui_tags_for', { title })}
      closeLabel={t('com_ui_close')}
      width="max-w-md"
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t('com_ui_cancel')}
          </button>
          <button type="button" className={primaryCompactButton} disabled={save.isPending} onClick={submit}>
            {t('com_ui_save')}
          </button>
        </>
      }
    >
      <form onSubmit={add} className="mb-3 flex gap-2">
        <input
          aria-label={t('com_ui_new_tag')}
          placeholder={t('com_ui_new_tag')}
          value={draft}
          maxLength={TAG_MAX_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
          className={fieldClass}
        />
        <button type="submit" className={secondaryButton} disabled={draft.trim() === ''}>
          {t('com_ui_add_tag')}
        </button>
      </form>
      {names.length === 0 ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">{t('com_ui_no_tags')}</p>
      ) : (
        <ul className="space-y-1" aria-label={t('com_ui_tags')}>
          {names.map((name) => {
            const count = tags.find((tag) => tag.tag === name)?.count;
            return (
              <li key={name}>
                <label className="flex min-h-9 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm hover:bg-neutral-100 dark:hover:bg-neutral-700/60">
                  <input
                    type="checkbox"
                    className="size-4 accent-emerald-600"
                    checked={current.some((other) => sameName(other, name))}
                    onChange={(event) => toggle(name, event.target.checked)}
                  />
                  <span dir="auto" className="min-w-0 flex-1 truncate">
                    {name}
                  </span>
                  {count !== undefined && (
                    <span className="text-xs text-neutral-500 dark:text-neutral-400">{count}</span>
                  )}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
