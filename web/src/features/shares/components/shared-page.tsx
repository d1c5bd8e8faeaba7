import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SharedConversation } from '@parley/shared/schemas/share';
import { primaryCompactButton, secondaryButton } from '../../../components/ui/chat-styles';
import { Spinner } from '../../../components/ui/spinner';
import { StatusScreen } from '../../../components/ui/status-screen';
import { primaryButton } from '../../../components/ui/styles';
import { copySharedConversation, sharedConversationQuery } from '../api/shares';

export interface SharedPageProps {
  shareId: string;
  signedIn: boolean;
  /** The start-up session check has answered (a signed-in visitor is known as such). */
  sessionChecked: boolean;
  /** The app's name, shown at the top. */
  appTitle: string;
  /** Draws the messages the way the chat does (read-only). */
  renderThread: (conversation: SharedConversation) => ReactNode;
  /** A personal copy was made: open it. */
  onContinued: (conversationId: string) => void;
}

/**
 * `/share/{shareId}`: a shared conversation, read-only, for whoever the link lets in. Unknown, expired,
 * revoked and not-allowed links all show the same page, with Sign in for signed-out visitors.
 */
export function SharedPage(props: SharedPageProps) {
  const { shareId, signedIn, sessionChecked } = props;
  const { t } = useTranslation();
  const shared = useQuery({ ...sharedConversationQuery(shareId, signedIn), enabled: sessionChecked });
  const title = shared.data?.title;
  useEffect(() => {
    if (title) document.title = `${title} | ${props.appTitle}`;
  }, [title, props.appTitle]);

  if (!sessionChecked || shared.isPending) {
    return (
      <div className="flex h-dvh items-center justify-center">
        <Spinner label={t('com_ui_loading')} />
      </div>
    );
  }
  if (shared.isError) return <ShareNotFound shareId={shareId} signedIn={signedIn} />;
  return <SharedConversationView {...props} conversation={shared.data} />;
}

function SharedConversationView({
  conversation,
  signedIn,
  appTitle,
  renderThread,
  onContinued,
}: SharedPageProps & { conversation: SharedConversation }) {
  const { t, i18n } = useTranslation();
  const [copying, setCopying] = useState(false);
  // The shared page has no toaster (it lives outside the signed-in shell): a failed copy says so here.
  const [copyError, setCopyError] = useState<string | null>(null);
  const shared = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
    new Date(conversation.updatedAt),
  );
  const continueChat = () => {
    setCopying(true);
    setCopyError(null);
    copySharedConversation(conversation.shareId)
      .then(({ conversationId }) => onContinued(conversationId))
      .catch((error: unknown) => {
        setCopying(false);
        setCopyError(error instanceof Error ? error.message : String(error));
      });
  };
  return (
    <div className="flex min-h-dvh flex-col bg-white text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100">
      <header className="sticky top-0 z-10 border-b border-neutral-200 bg-white/95 backdrop-blur dark:border-neutral-800 dark:bg-neutral-900/95">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-2 sm:px-6">
          <Link to="/" className="min-w-0 truncate text-sm font-semibold">
            {appTitle}
          </Link>
          <span className="ms-auto shrink-0">
            {signedIn ? (
              <button
                type="button"
                className={primaryCompactButton}
                disabled={copying}
                onClick={continueChat}
              >
                {t('com_ui_share_continue')}
              </button>
            ) : (
              <Link
                to="/login"
                state={{ from: `/share/${conversation.shareId}` }}
                className={secondaryButton}
              >
                {t('com_ui_share_sign_in')}
              </Link>
            )}
          </span>
        </div>
      </header>
      <main className="flex-1 pb-10">
        <div className="mx-auto max-w-3xl px-4 pb-2 pt-6 sm:px-6">
          <h1 dir="auto" className="break-words text-2xl font-semibold">
            {conversation.title}
          </h1>
          <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">
            {t('com_ui_share_shared_on', { date: shared })}
          </p>
          {copyError && (
            <p
              role="alert"
              className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
            >
              {copyError}
            </p>
          )}
        </div>
        <div role="log" aria-label={t('com_ui_share_messages')}>
          {renderThread(conversation)}
        </div>
        <p className="mx-auto max-w-3xl px-4 pt-6 text-xs text-neutral-500 sm:px-6 dark:text-neutral-400">
          {t('com_ui_share_snapshot_note')}
        </p>
      </main>
    </div>
  );
}

/** The one page for unknown, expired, revoked and not-allowed links. */
function ShareNotFound({ shareId, signedIn }: { shareId: string; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusScreen
      title={t('com_ui_share_not_found_title')}
      text={t('com_ui_share_not_found')}
      action={
        signedIn ? (
          <Link to="/c/new" className={primaryButton}>
            {t('com_ui_go_to_chat')}
          </Link>
        ) : (
          // Signing in comes back here: a link for accounts only then opens.
          <Link to="/login" state={{ from: `/share/${shareId}` }} className={primaryButton}>
            {t('com_ui_share_sign_in')}
          </Link>
        )
      }
    />
  );
}
