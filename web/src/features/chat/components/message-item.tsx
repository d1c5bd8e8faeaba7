import { useT } from '../../../lib/use-t';
import { memo, startTransition, useEffect, useState } from 'react';
import type { Message } from '@parley/shared/schemas/message';
import { EndpointIcon, UserAvatar } from '../../../components/ui/endpoint-icon';
import { LazyMarkdown } from '../../../lib/markdown/lazy-markdown';
import { cannotAppend, canSaveAndSubmit, messageActions, unfinishedNotice } from '../logic/message-actions';
import { partsToShow } from '../logic/parts-to-show';
import { ContentParts, ThinkingDots } from './content-parts';
import { MessageEditForm } from './message-edit-form';
import { MessageError } from './message-error';
import { MessageActionsOutlet } from './message-actions-slot';
import { MessageFilesOutlet, MessageSourcesOutlet } from './message-files-slot';
import { MessageFooter } from './message-footer';
import { UnfinishedNotice } from './unfinished-notice';

export interface ChatUser {
  name: string;
  avatar: string | null;
}

/** Stable callbacks (one object for the whole list), so a message re-renders only when its own data changes. */
export interface MessageHandlers {
  selectSibling: (message: Message, index: number, total: number) => void;
  edit: (messageId: string | null) => void;
  save: (message: Message, text: string) => void;
  saveAndSubmit: (message: Message, text: string) => void;
  regenerate: (message: Message) => void;
  continue: (message: Message) => void;
}

interface MessageItemProps {
  message: Message;
  user: ChatUser;
  /** SPEC §2 UsernameDisplay: the user's name instead of "You". */
  showUsername: boolean;
  kind: string | null;
  iconURL: string | null;
  siblingIndex: number;
  siblingTotal: number;
  parentIsUser: boolean;
  isLatest: boolean;
  /** This is the reply being generated right now. */
  streaming: boolean;
  submitting: boolean;
  editing: boolean;
  latex: boolean;
  /** Render Markdown in an idle moment (rows mounted by scrolling), showing the text plainly until then. */
  deferMarkdown: boolean;
  handlers: MessageHandlers;
  /** A shared conversation: copy is the only action. */
  readOnly?: boolean;
}

const READ_ONLY_ACTIONS = { edit: false, copy: true, regenerate: false, continue: false } as const;

/** One message: avatar, sender, content and footer (SPEC §2 "Message list"). */
export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  const { message, user, showUsername, kind, iconURL, siblingIndex, siblingTotal, parentIsUser, isLatest } =
    props;
  const { streaming, submitting, editing, latex, deferMarkdown, handlers } = props;
  const t = useT();
  const mine = message.isCreatedByUser;
  const sender = mine
    ? showUsername
      ? user.name
      : t('com_ui_you')
    : message.sender || t('com_ui_assistant');
  // The footer (buttons with tooltips and menus) is most of a row's mounting: rows scrolled into view mount
  // it in a transition, which React renders in slices between frames.
  const [footer, setFooter] = useState(!deferMarkdown);
  useEffect(() => {
    if (!footer) startTransition(() => setFooter(true));
  }, [footer]);
  const actions = props.readOnly
    ? READ_ONLY_ACTIONS
    : messageActions(message, { kind, isLatest, isSubmitting: submitting, isEditing: editing, parentIsUser });

  return (
    <article aria-label={sender} className="mx-auto flex w-full max-w-3xl gap-3 px-4 py-4 sm:px-6">
      <div className="pt-0.5">
        {mine ? (
          <UserAvatar name={user.name} avatar={user.avatar} />
        ) : (
          <EndpointIcon kind={kind} iconURL={iconURL ?? message.iconURL} />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="mb-1 text-sm font-semibold text-neutral-900 dark:text-neutral-100">{sender}</h3>
        <MessageFilesOutlet files={message.files} />
        {editing ? (
          <MessageEditForm
            initialText={message.text}
            canSubmit={canSaveAndSubmit(message, kind)}
            onCancel={() => handlers.edit(null)}
            onSave={(text) => handlers.save(message, text)}
            onSaveAndSubmit={(text) => handlers.saveAndSubmit(message, text)}
          />
        ) : (
          <MessageBody
            message={message}
            streaming={streaming}
            latex={latex}
            deferMarkdown={deferMarkdown}
            onRetry={actions.regenerate ? () => handlers.regenerate(message) : undefined}
            onContinue={actions.continue ? () => handlers.continue(message) : undefined}
            onEditMessage={
              !props.readOnly && isLatest && parentIsUser && cannotAppend(message, submitting)
                ? () => handlers.edit(message.parentMessageId)
                : undefined
            }
          />
        )}
        {!editing && !streaming && <MessageSourcesOutlet sources={message.sources} />}
        {!editing && !streaming && !footer && <div className="mt-1 h-8" />}
        {!editing && !streaming && footer && (
          <MessageFooter
            text={message.text}
            actions={actions}
            siblingIndex={siblingIndex}
            siblingTotal={siblingTotal}
            onSelectSibling={(index) => handlers.selectSibling(message, index, siblingTotal)}
            onEdit={() => handlers.edit(message.messageId)}
            onRegenerate={() => handlers.regenerate(message)}
            onContinue={() => handlers.continue(message)}
            extra={<MessageActionsOutlet message={message} />}
          />
        )}
      </div>
    </article>
  );
});

function MessageBody({
  message,
  streaming,
  latex,
  deferMarkdown,
  onRetry,
  onContinue,
  onEditMessage,
}: {
  message: Message;
  streaming: boolean;
  latex: boolean;
  deferMarkdown: boolean;
  /** Regenerates the reply (given when it can be): the error card's and the cut-off notice's Retry. */
  onRetry: (() => void) | undefined;
  /** Continues the reply (given when it can be): the cut-off notice's Continue. */
  onContinue: (() => void) | undefined;
  /** Opens the user's message for editing (given for the thread's latest failed reply). */
  onEditMessage: (() => void) | undefined;
}) {
  const t = useT();
  if (message.error)
    return (
      <MessageError
        text={message.text}
        endpoint={message.endpoint}
        onRetry={onRetry}
        onEditMessage={onEditMessage}
      />
    );
  if (message.isCreatedByUser) {
    return (
      // Each line in its own direction, as in replies (markdown.css): English typed in an Arabic page.
      <p className="whitespace-pre-wrap break-words text-[15px] leading-relaxed [unicode-bidi:plaintext]">
        {message.text}
      </p>
    );
  }
  const parts = partsToShow(message.content, message.text);
  const notice = streaming ? null : unfinishedNotice(message);
  if (streaming && message.text === '' && !parts) return <ThinkingDots label={t('com_ui_thinking')} />;
  return (
    <>
      {parts ? (
        <ContentParts content={parts} streaming={streaming} latex={latex} deferMarkdown={deferMarkdown} />
      ) : (
        <div
          className={`prose prose-neutral max-w-none break-words text-[15px] leading-relaxed dark:prose-invert prose-pre:p-0 prose-code:before:content-none prose-code:after:content-none ${streaming ? 'streaming-cursor' : ''}`}
        >
          <LazyMarkdown text={message.text} latex={latex} defer={deferMarkdown && !streaming} />
        </div>
      )}
      {notice && <UnfinishedNotice notice={notice} onContinue={onContinue} onRetry={onRetry} />}
    </>
  );
}
