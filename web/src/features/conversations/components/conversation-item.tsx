import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/shared/schemas/conversation';
import { DotsIcon, LinkIcon, PencilIcon, TrashIcon, UploadIcon } from '../../../components/ui/chat-icons';
import { Menu, MenuItem, MenuSeparator } from '../../../components/ui/menu';
import { focusRing } from '../../../components/ui/styles';
import { showErrorToast } from '../../../lib/toast-store';
import { useRenameConversation } from '../api/conversations';
import { displayTitle } from '../../../lib/display-title';
import { OrganiseMenuItems } from './organise-menu-items';

interface ConversationItemProps {
  conversation: Conversation;
  active: boolean;
  onDelete: (conversation: Conversation) => void;
  onExport: (conversation: Conversation) => void;
  /** Absent where share links are off. */
  onShare?: (conversation: Conversation) => void;
}

const rowAction = `inline-flex size-7 items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-300/60 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-700 dark:hover:text-white ${focusRing}`;

/**
 * One sidebar row: a link to the conversation and its "…" menu (rename inline, export, delete), shown on
 * hover, on keyboard focus, on the open conversation and always on touch screens.
 */
export const ConversationItem = memo(function ConversationItem({
  conversation,
  active,
  onDelete,
  onExport,
  onShare,
}: ConversationItemProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  // Rename moves focus into the field; the menu must not pull it back to its trigger as it closes.
  const renaming = useRef(false);
  // Enter or Escape in the field gives focus back to the row's "…" button, as closing a dialog does.
  const refocus = useRef(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    menuButton.current?.focus();
  }, [editing]);
  const rename = useRenameConversation();
  const { conversationId, title: stored } = conversation;
  const title = displayTitle(stored, t);

  const commit = (value: string) => {
    setEditing(false);
    const next = value.trim();
    // SPEC §2: Enter or blur saves, and only when the title changed.
    if (next === '' || next === title || next === stored) return;
    rename.mutate(
      { conversationId, title: next, previousTitle: stored },
      { onError: () => showErrorToast(t('com_ui_rename_failed')) },
    );
  };

  if (editing) {
    return (
      <div className="flex h-9 items-center rounded-lg bg-neutral-200 px-2 dark:bg-neutral-800">
        <input
          aria-label={t('com_ui_rename_conversation')}
          defaultValue={title}
          maxLength={256}
          // Focus moves into the field the moment it replaces the title, as the user asked for it.
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          onBlur={(event) => commit(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              refocus.current = true;
              commit(event.currentTarget.value);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              refocus.current = true;
              setEditing(false);
            }
          }}
          className="h-7 w-full rounded border border-neutral-400 bg-white px-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-neutral-900 dark:border-neutral-600 dark:bg-neutral-900 dark:focus-visible:ring-neutral-100"
        />
      </div>
    );
  }

  return (
    <div
      className={`group relative flex h-9 items-center rounded-lg text-sm ${
        active ? 'bg-neutral-200 dark:bg-neutral-800' : 'hover:bg-neutral-200/60 dark:hover:bg-neutral-800/60'
      }`}
    >
      <Link
        to={`/c/${conversationId}`}
        aria-current={active ? 'page' : undefined}
        className={`flex h-full min-w-0 flex-1 items-center rounded-lg px-2 ${focusRing}`}
        title={title}
      >
        {/* dir="auto": an English title in a right-to-left page is cut at its own end. */}
        <span dir="auto" className="truncate">
          {title}
        </span>
      </Link>
      <Menu
        align="start"
        // Not modal: the list behind stays scrollable and visible to screen readers (it holds no trap).
        modal={false}
        label={t('com_ui_conversation_options', { title })}
        onCloseAutoFocus={(event) => {
          if (renaming.current) event.preventDefault();
          renaming.current = false;
        }}
        trigger={
          <button
            ref={menuButton}
            type="button"
            className={`${rowAction} me-1 shrink-0 opacity-0 focus-visible:opacity-100 group-hover:opacity-100 data-[state=open]:opacity-100 [@media(hover:none)]:opacity-100 ${active ? 'opacity-100' : ''}`}
            aria-label={t('com_ui_conversation_options', { title })}
          >
            <DotsIcon width={16} height={16} />
          </button>
        }
      >
        <MenuItem
          onSelect={() => {
            renaming.current = true;
            setEditing(true);
          }}
        >
          <PencilIcon width={16} height={16} />
          {t('com_ui_rename')}
        </MenuItem>
        {onShare && (
          <MenuItem onSelect={() => onShare(conversation)}>
            <LinkIcon width={16} height={16} />
            {t('com_ui_share')}
          </MenuItem>
        )}
        <MenuItem onSelect={() => onExport(conversation)}>
          <UploadIcon width={16} height={16} />
          {t('com_ui_export')}
        </MenuItem>
        <OrganiseMenuItems conversation={conversation} />
        <MenuSeparator />
        <MenuItem className="text-red-700 dark:text-red-400" onSelect={() => onDelete(conversation)}>
          <TrashIcon width={16} height={16} />
          {t('com_ui_delete')}
        </MenuItem>
      </Menu>
    </div>
  );
});
