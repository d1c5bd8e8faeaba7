import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SharedConversation } from '@parley/shared/schemas/share';
import { selectIsAuthenticated, useAuthStore } from '../../features/auth/store';
import { MessageActionsSlot } from '../../features/chat/components/message-actions-slot';
import { MessageFilesSlot, MessageSourcesSlot } from '../../features/chat/components/message-files-slot';
import { MessageItem, type MessageHandlers } from '../../features/chat/components/message-item';
import type { MessageFile } from '../../features/chat/logic/build-request';
import { useStartupConfig } from '../../features/config/api/startup-config';
import { CONVERSATIONS_PATH } from '../../features/conversations/api/conversations';
import { ForkMenu } from '../../features/conversations/components/fork-menu';
import { SharedPage } from '../../features/shares/components/shared-page';
import { SharedSources } from '../../features/shares/components/shared-sources';
import { usePreferences } from '../../lib/preferences';
import type { Message, MessageSource } from '@parley/shared/schemas/message';
import { readAgain } from '../../lib/update-cached-list';

/** Its own chunk: only shares with files need it. */
const MessageFiles = lazy(() =>
  import('../../features/files/components/message-files').then((module) => ({
    default: module.MessageFiles,
  })),
);

const renderFiles = (files: readonly MessageFile[]) => (
  <Suspense fallback={null}>
    <MessageFiles files={files} />
  </Suspense>
);
const renderSources = (sources: readonly MessageSource[]) => <SharedSources sources={sources} />;

/** As in the chat: "Fork from here", shown only where the viewer's own saved conversation is loaded. */
const renderActions = (message: Message) => (
  <ForkMenu conversationId={message.conversationId} messageId={message.messageId} />
);

const ignore = () => undefined;
/** A shared thread is read-only: no message action reaches anything. */
const READ_ONLY_HANDLERS: MessageHandlers = {
  selectSibling: ignore,
  edit: ignore,
  save: ignore,
  saveAndSubmit: ignore,
  regenerate: ignore,
  continue: ignore,
};

/** `/share/:shareId`: the shares feature's page with the chat's message rendering (Markdown, code, math, tools). */
export function ShareRoute() {
  const { shareId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useAuthStore(selectIsAuthenticated);
  const sessionChecked = useAuthStore((state) => state.sessionChecked);
  const config = useStartupConfig().data;
  return (
    <SharedPage
      shareId={shareId}
      signedIn={signedIn}
      sessionChecked={sessionChecked}
      appTitle={config?.appTitle ?? 'Parley'}
      renderThread={(conversation) => <SharedThread conversation={conversation} />}
      onContinued={(conversationId) => {
        void readAgain(queryClient, { queryKey: [CONVERSATIONS_PATH] });
        void navigate(`/c/${conversationId}`);
      }}
    />
  );
}

function SharedThread({ conversation }: { conversation: SharedConversation }) {
  const { t } = useTranslation();
  const { latexParsing } = usePreferences();
  const user = { name: t('com_ui_share_user'), avatar: null };
  return (
    <MessageActionsSlot.Provider value={renderActions}>
      <MessageFilesSlot.Provider value={renderFiles}>
        <MessageSourcesSlot.Provider value={renderSources}>
          {conversation.messages.map((message, index) => (
            <MessageItem
              key={message.messageId}
              message={message}
              user={user}
              showUsername
              kind={message.endpoint ?? conversation.endpoint}
              iconURL={null}
              siblingIndex={0}
              siblingTotal={1}
              parentIsUser={conversation.messages[index - 1]?.isCreatedByUser ?? false}
              isLatest={false}
              streaming={false}
              submitting={false}
              editing={false}
              latex={latexParsing}
              deferMarkdown={index > 20}
              handlers={READ_ONLY_HANDLERS}
              readOnly
            />
          ))}
        </MessageSourcesSlot.Provider>
      </MessageFilesSlot.Provider>
    </MessageActionsSlot.Provider>
  );
}
