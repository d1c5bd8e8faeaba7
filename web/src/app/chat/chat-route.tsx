import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@parley/shared/api/paths';
import { userKeyNameFor } from '@parley/shared/schemas/user-key';
import { useAuthStore } from '../../features/auth/store';
import { conversationQuery } from '../../lib/conversation-query';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { MessageActionsSlot } from '../../features/chat/components/message-actions-slot';
import { MessageFilesSlot, MessageSourcesSlot } from '../../features/chat/components/message-files-slot';
import { ToolLabels } from '../../features/chat/components/tool-labels';
import type { ConversationSetup, MessageFile } from '../../features/chat/logic/build-request';
import type { Message, MessageSource } from '@parley/shared/schemas/message';
import { setupFromConversation } from '../../features/chat/logic/setup';
import type { StreamHooks } from '../../features/chat/stream/chat-stream';
import { useStartupConfig } from '../../features/config/api/startup-config';
import { storedAppTitle } from '../../features/config/hooks/use-app-title';
import { conversationSaved, refreshTitle } from '../../features/conversations/api/conversations';
import { ForkMenu } from '../../features/conversations/components/fork-menu';
import { TemporaryChatBar } from '../../features/conversations/components/temporary-chat-bar';
import { useTemporaryChat } from '../../features/conversations/temporary-chat';
import {
  endpointsConfigQuery,
  modelsConfigQuery,
  useEndpointsConfig,
  useModelsConfig,
} from '../../features/endpoints/api/endpoints';
import { ModelSelect } from '../../features/endpoints/components/model-select';
import { endpointEntries } from '../../features/endpoints/endpoint-names';
import { useKeyExpiry } from '../../features/keys/api/keys';
import { isKeyValid } from '../../features/keys/key-value';
import { usePreferences } from '../../lib/preferences';
import { HeaderPortal } from '../layout/header-slot';
import { ChatHeader } from './chat-header';
import { useComposerAttachments } from './composer-attachments';
import { KeyNotice } from './key-notice';
import { SidePanel } from './side-panel';
import { SidePanelFiles } from './side-panel-files';
import { newConversationSetup, setupForEndpoint, setupWithModel } from './conversation-template';
import { PresetsMenuSlot, SpecMenuSlot } from './header-menus';
import { usePluginTools } from './plugin-tools';
import { useAssistantsEndpoint } from './assistants';
import { useNewConversationDefault } from './use-new-conversation-default';
import { useRevealMessage } from './use-reveal-message';
import { useTemplateStore } from './template-store';
import { endpointReplyLabel } from '@parley/shared/messages/reply-sender';
import { displayTitle } from '../../lib/display-title';
import { USAGE_KEYS } from '../../features/usage/usage-api';
import { warnAboutBudgets } from '../../features/usage/budget-warning';
import { ErrorHelpSlot, type ErrorHelp } from '../../features/chat/components/error-help-slot';
import { readAgain } from '../../lib/update-cached-list';

/** Its own chunk: the key dialog loads the first time it opens. */
const KeyDialog = lazy(() =>
  import('../../features/keys/components/key-dialog').then((module) => ({ default: module.KeyDialog })),
);

/** Its own chunk: only messages with files need it. */
const MessageFiles = lazy(() =>
  import('../../features/files/components/message-files').then((module) => ({
    default: module.MessageFiles,
  })),
);

/** Its own chunk: only replies with sources need it. */
const MessageSources = lazy(() =>
  import('../../features/files/components/message-sources').then((module) => ({
    default: module.MessageSources,
  })),
);

/** A reply's sources (knowledge passages), drawn by the files feature. */
const renderMessageSources = (sources: readonly MessageSource[]) => (
  <Suspense fallback={null}>
    <MessageSources sources={sources} />
  </Suspense>
);

/** A user message's files, drawn by the files feature. */
const renderMessageFiles = (files: readonly MessageFile[]) => (
  <Suspense fallback={null}>
    <MessageFiles files={files} />
  </Suspense>
);

/** "Fork from here" under a message, from the conversations feature. */
const renderMessageActions = (message: Message) => (
  <ForkMenu conversationId={message.conversationId} messageId={message.messageId} />
);

/** Whether a new chat is sent as a temporary chat (the conversations feature's switch). */
const isTemporaryChat = () => useTemporaryChat.getState().enabled;

/** SPEC §9: the title is fetched 2.5 s after a new conversation's first reply. */
const TITLE_REFRESH_MS = 2500;

export function ChatRoute() {
  const { conversationId } = useParams();
  if (!conversationId) return <Navigate to="/c/new" replace />;
  return <ChatRouteContent conversationId={conversationId} />;
}

/** Joins the chat screen with the endpoints, keys, conversations and user it needs (features never meet). */
function ChatRouteContent({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { key: locationKey } = useLocation();
  const startup = useStartupConfig().data;
  const endpoints = useEndpointsConfig().data;
  const models = useModelsConfig().data;
  const conversation = useQuery(conversationQuery(conversationId)).data;
  const authUser = useAuthStore((state) => state.user);
  const modularChat = usePreferences((state) => state.modularChat);
  const { overrides, stored, lastModels, setSetup } = useTemplateStore();
  const [keyDialogFor, setKeyDialogFor] = useState<string | null>(null);
  const [checkKeyOf, setCheckKeyOf] = useState<string | null>(null);
  const row = useRef<HTMLDivElement>(null);

  const available = endpoints && models ? { endpoints, models, lastModels } : null;
  const newDefault = useNewConversationDefault(available, startup?.modelSpecs);
  useRevealMessage(conversationId);
  const chosenSetup: ConversationSetup | null =
    overrides[conversationId] ??
    (conversationId === 'new'
      ? available && (newDefault ?? newConversationSetup(stored, available))
      : conversation
        ? setupFromConversation(conversation)
        : null);
  const pluginTools = usePluginTools({
    conversationId,
    setup: chosenSetup,
    onSetup: (next) => setSetup(conversationId, next),
  });
  const toolSetup = pluginTools.setup;

  const entries = useMemo(() => endpointEntries(endpoints), [endpoints]);
  const current = entries.find((entry) => entry.name === toolSetup?.endpoint);
  const needsKey = current?.config.userProvide === true;
  const keyName = current ? userKeyNameFor(current.name, current.config) : null;
  const keyQuery = useKeyExpiry(needsKey ? keyName : null);
  const keyMissing = needsKey && keyQuery.isSuccess && !isKeyValid(keyQuery.data.expiresAt, new Date());
  const assistants = useAssistantsEndpoint({
    conversationId,
    setup: toolSetup,
    onSetup: setSetup,
    entry: current,
    keyMissing,
    flags: startup?.interface,
    models: (toolSetup && models?.[toolSetup.endpoint]) ?? [],
  });
  const setup = assistants.setup;
  const toolLabels = useMemo(
    () => ({ ...pluginTools.labels, ...assistants.labels }),
    [pluginTools.labels, assistants.labels],
  );

  const errorHelp = useMemo<ErrorHelp>(
    () => ({
      endpointLabel: (name) => entries.find((entry) => entry.name === name)?.label ?? name ?? '',
      userProvidesKey: (name) => entries.find((entry) => entry.name === name)?.config.userProvide === true,
      setKey: (name) => setKeyDialogFor(name),
    }),
    [entries],
  );

  const filesEndpoint = useMemo(
    () => (current ? { name: current.name, kind: current.kind } : null),
    [current],
  );
  const composer = useComposerAttachments({
    endpoint: filesEndpoint,
    conversationId,
    locationKey,
    blocked: keyMissing,
  });

  // SPEC §4 Switching endpoint: one that needs a key the user has not set opens the key dialog (decided
  // once its key status is known, or at once for an endpoint that needs none).
  if (checkKeyOf && checkKeyOf === current?.name && (!needsKey || keyQuery.isSuccess)) {
    setCheckKeyOf(null);
    if (keyMissing) setKeyDialogFor(checkKeyOf);
  }

  // The document title follows the conversation; a new one shows the app title again.
  const title = conversationId === 'new' || !conversation ? null : displayTitle(conversation.title, t);
  useEffect(() => {
    document.title = title || startup?.appTitle || storedAppTitle();
  }, [title, startup?.appTitle]);

  const checkBalance = startup?.checkBalance === true;
  const hooks = useMemo<StreamHooks>(
    () => ({
      onConversationSaved: (saved) => conversationSaved(queryClient, saved),
      onFinal: (event, firstExchange) => {
        const id = event.conversation.conversationId;
        if (firstExchange) window.setTimeout(() => void refreshTitle(queryClient, id), TITLE_REFRESH_MS);
        if (checkBalance) void readAgain(queryClient, { queryKey: [paths.balance] });
        void readAgain(queryClient, { queryKey: USAGE_KEYS.mine });
        void readAgain(queryClient, { queryKey: USAGE_KEYS.myBudgets });
        warnAboutBudgets(event.budgets, t);
      },
    }),
    [queryClient, checkBalance, t],
  );

  const switchEndpoint = (endpoint: string) => {
    if (available) return applyEndpoint(endpoint, available);
    // The endpoints menu can be open before the model lists arrive (a slow provider, a busy server): the
    // choice waits for them instead of being dropped. A failed list shows its own error on the screen.
    void Promise.all([
      queryClient.ensureQueryData(endpointsConfigQuery),
      queryClient.ensureQueryData(modelsConfigQuery),
    ])
      .then(([loadedEndpoints, loadedModels]) =>
        applyEndpoint(endpoint, { endpoints: loadedEndpoints, models: loadedModels, lastModels }),
      )
      .catch(() => undefined);
  };
  const applyEndpoint = (endpoint: string, loaded: NonNullable<typeof available>) => {
    if (endpoint === setup?.endpoint) return;
    const next = setupForEndpoint(endpoint, loaded);
    if (conversationId === 'new' || modularChat) {
      setSetup(conversationId, next);
    } else {
      setSetup('new', next);
      void navigate('/c/new');
    }
    setCheckKeyOf(endpoint);
  };

  const user = authUser
    ? { name: authUser.name || authUser.username || authUser.email, avatar: authUser.avatar }
    : { name: '', avatar: null };
  const dialogEntry = entries.find((entry) => entry.name === keyDialogFor);

  return (
    <>
      <HeaderPortal>
        <ChatHeader
          flags={startup?.interface}
          entries={entries}
          current={current}
          setup={setup}
          models={(setup && models?.[setup.endpoint]) ?? []}
          onEndpoint={switchEndpoint}
          onModel={(model) => setup && setSetup(conversationId, setupWithModel(setup, model))}
          onOptions={(patch) => setup && setSetup(conversationId, { ...setup, ...patch, model: setup.model })}
          onSetKey={setKeyDialogFor}
          isNew={conversationId === 'new'}
          modelSlot={assistants.headerSelect}
          toolsMenu={pluginTools.toolsMenu}
          specMenu={<SpecMenuSlot specs={startup?.modelSpecs} setup={setup} available={available} />}
          presetsMenu={
            <PresetsMenuSlot
              conversationId={conversationId}
              setup={setup}
              entries={entries}
              available={available}
            />
          }
        />
      </HeaderPortal>
      <div ref={row} className="flex h-full min-h-0">
        <div className="relative min-w-0 flex-1">
          {composer.dropTarget}
          <ErrorHelpSlot.Provider value={errorHelp}>
            <MessageActionsSlot.Provider value={renderMessageActions}>
              <MessageFilesSlot.Provider value={renderMessageFiles}>
                <MessageSourcesSlot.Provider value={renderMessageSources}>
                  <ToolLabels.Provider value={toolLabels}>
                    <ChatScreen
                      conversationId={conversationId}
                      setup={setup}
                      iconURL={assistants.iconURL ?? current?.config.iconURL ?? null}
                      modelDisplayLabel={
                        assistants.replySender ??
                        (current &&
                          endpointReplyLabel({ ...current.config, kind: current.kind, name: current.name }))
                      }
                      endpointLabel={current?.label ?? ''}
                      user={user}
                      blocked={keyMissing || assistants.blocked}
                      blockedNotice={
                        keyMissing && current ? (
                          <KeyNotice
                            endpointLabel={current.label}
                            onSetKey={() => setKeyDialogFor(current.name)}
                          />
                        ) : undefined
                      }
                      inputStandIn={assistants.inputStandIn}
                      greeting={conversation?.greeting}
                      landingHero={assistants.landingHero}
                      showBirthdayIcon={startup?.showBirthdayIcon === true}
                      hooks={hooks}
                      attachments={composer.attachments}
                      topBar={<TemporaryChatBar conversationId={conversationId} />}
                      isTemporary={isTemporaryChat}
                    />
                  </ToolLabels.Provider>
                </MessageSourcesSlot.Provider>
              </MessageFilesSlot.Provider>
            </MessageActionsSlot.Provider>
          </ErrorHelpSlot.Provider>
        </div>
        {startup?.interface.sidePanel !== false && (
          <SidePanel container={() => row.current}>
            {assistants.active
              ? // With the builder shown, its picker is the panel's only one (issue 23).
                assistants.selector && (
                  <section aria-labelledby="side-panel-model" className="space-y-1.5">
                    <h2
                      id="side-panel-model"
                      className="px-1 text-xs font-semibold text-neutral-600 dark:text-neutral-400"
                    >
                      {t('com_ui_assistant')}
                    </h2>
                    {assistants.selector}
                  </section>
                )
              : // interface.modelSelect off (by YAML, or by model specs) hides every model picker (SPEC §9).
                setup &&
                startup?.interface.modelSelect !== false && (
                  <section aria-labelledby="side-panel-model" className="space-y-1.5">
                    <h2
                      id="side-panel-model"
                      className="px-1 text-xs font-semibold text-neutral-600 dark:text-neutral-400"
                    >
                      {t('com_ui_model')}
                    </h2>
                    <ModelSelect
                      models={models?.[setup.endpoint] ?? []}
                      value={setup.model || null}
                      onChange={(model) => setSetup(conversationId, setupWithModel(setup, model))}
                    />
                  </section>
                )}
            {assistants.builder}
            <SidePanelFiles endpoint={filesEndpoint} disabled={keyMissing} />
          </SidePanel>
        )}
      </div>
      {pluginTools.storeDialog}
      {assistants.builderSheet}
      {dialogEntry && (
        <Suspense fallback={null}>
          <KeyDialog
            open={keyDialogFor !== null}
            onOpenChange={(open) => !open && setKeyDialogFor(null)}
            keyName={userKeyNameFor(dialogEntry.name, dialogEntry.config)}
            endpointLabel={dialogEntry.label}
            kind={dialogEntry.kind}
            azure={dialogEntry.config.azure}
            userProvideURL={dialogEntry.config.userProvideURL}
          />
        </Suspense>
      )}
    </>
  );
}
