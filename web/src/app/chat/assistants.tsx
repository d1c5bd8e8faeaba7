import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Plugin } from '@parley/shared/schemas/plugin';
import type { StartupConfig } from '@parley/shared/schemas/startup-config';
import type { Assistant } from '@parley/shared/schemas/assistant';
import {
  useAssistantActions,
  useAssistants,
  useAssistantTools,
} from '../../features/assistants/api/assistants';
import { AssistantLanding } from '../../features/assistants/components/assistant-landing';
import { AssistantSelect } from '../../features/assistants/components/assistant-select';
import { AssistantStandIn } from '../../features/assistants/components/assistant-stand-in';
import { headerButton } from '../../features/endpoints/components/endpoints-menu';
import { Sheet } from '../../components/ui/sheet';
import type { ToolsDialogProps } from '../../features/assistants/components/assistant-builder';
import { actionFunctionLabel } from '../../features/assistants/logic/action-names';
import { useAuthStore } from '../../features/auth/store';
import type { ToolLabel } from '../../features/chat/components/tool-labels';
import type { ConversationSetup } from '../../features/chat/logic/build-request';
import type { EndpointEntry } from '../../features/endpoints/endpoint-names';
import { filesQuery } from '../../features/files/api/files';
import { useUpdateUserPlugins } from '../../features/plugins/api/plugins';
import { readStored, writeStored } from '../../lib/local-storage';
import i18n from 'i18next';
import { assistantSender } from '@parley/shared/messages/reply-sender';
import { useBuilderOpener, useOpenBuilder } from './builder-opener';

/** Its own chunk: the builder loads when the assistants endpoint is in use. */
const AssistantBuilder = lazy(() =>
  import('../../features/assistants/components/assistant-builder').then((module) => ({
    default: module.AssistantBuilder,
  })),
);
const PluginStoreDialog = lazy(() =>
  import('../../features/plugins/components/plugin-store-dialog').then((module) => ({
    default: module.PluginStoreDialog,
  })),
);

export const ASSISTANTS_ENDPOINT = 'assistants';
/** SPEC §3 local storage: the last assistant id, per index (one index here). */
const LAST_ASSISTANT_KEY = 'assistant_id__0';

const NO_ASSISTANTS: readonly Assistant[] = [];

interface AssistantsInput {
  conversationId: string;
  setup: ConversationSetup | null;
  onSetup: (conversationId: string, setup: ConversationSetup) => void;
  entry: EndpointEntry | undefined;
  keyMissing: boolean;
  flags: StartupConfig['interface'] | undefined;
  models: readonly string[];
}

export interface AssistantsEndpoint {
  active: boolean;
  setup: ConversationSetup | null;
  assistant: Assistant | null;
  /** For assistants, input is disabled until a valid assistant is chosen (SPEC §4 Send button). */
  blocked: boolean;
  /** The side panel's picker, where the builder (which has its own) is not shown. */
  selector: ReactNode;
  /** The chat header's picker, in the model select's place (issue 23: every width). */
  headerSelect: ReactNode;
  /** In place of the message box while no assistant is chosen: create the first one, or choose one. */
  inputStandIn: ReactNode;
  builder: ReactNode;
  /** The builder as a full-screen sheet (a phone, or no side panel). */
  builderSheet: ReactNode;
  landingHero: ReactNode;
  replySender: string | null;
  iconURL: string | null;
  labels: Readonly<Record<string, ToolLabel>>;
}

/**
 * The assistants endpoint joined to the chat route (SPEC §2, §4 Assistants): the chosen assistant (the
 * conversation's, else the last used, else the first) sets `assistant_id` and the model; the side panel gets
 * the selector and the builder; the landing view and replies show the assistant.
 */
export function useAssistantsEndpoint(input: AssistantsInput): AssistantsEndpoint {
  const { conversationId, setup, onSetup, entry, keyMissing, flags, models } = input;
  const navigate = useNavigate();
  const active = setup?.endpoint === ASSISTANTS_ENDPOINT;
  const enabled = active && !keyMissing;
  const listQuery = useAssistants(enabled);
  const list = listQuery.data ?? NO_ASSISTANTS;
  const actions = useAssistantActions(enabled).data;
  const config = entry?.config;
  const builderAllowed = enabled && config?.disableBuilder !== true && flags?.parameters !== false;
  const capabilities = config?.capabilities ?? [];
  const tools = useAssistantTools(builderAllowed && capabilities.includes('tools')).data;
  const files = useQuery({ ...filesQuery, enabled: builderAllowed }).data;
  const user = useAuthStore((state) => state.user);
  const updatePlugins = useUpdateUserPlugins((next) => useAuthStore.setState({ user: next }));
  const openBuilder = useOpenBuilder(flags?.sidePanel !== false);
  const builderRequest = useBuilderOpener((state) => state.request);
  const sheetOpen = useBuilderOpener((state) => state.sheetOpen);
  const setSheetOpen = useBuilderOpener((state) => state.setSheetOpen);

  const wanted = setup?.assistant_id ?? (conversationId === 'new' ? readStored(LAST_ASSISTANT_KEY) : null);
  const assistant =
    list.find((row) => row.id === wanted) ?? (conversationId === 'new' || !wanted ? (list[0] ?? null) : null);

  const labels = useMemo(() => {
    const map: Record<string, ToolLabel> = {};
    for (const plugin of tools ?? [])
      if (!plugin.isButton) map[plugin.pluginKey] = { name: plugin.name, icon: plugin.icon };
    for (const tool of assistant?.tools ?? []) {
      if (tool.type !== 'function') continue;
      const action = actionFunctionLabel(tool.function.name);
      if (action) {
        map[tool.function.name] = {
          name: action.domain
            ? i18n.t('com_assistants_action_label', { operation: action.operation, domain: action.domain })
            : action.operation,
        };
      }
    }
    return map;
  }, [tools, assistant]);

  if (!active || !setup) {
    return {
      active: false,
      setup,
      assistant: null,
      blocked: false,
      selector: null,
      headerSelect: null,
      inputStandIn: null,
      builder: null,
      builderSheet: null,
      landingHero: null,
      replySender: null,
      iconURL: null,
      labels,
    };
  }

  const withAssistant: ConversationSetup = assistant
    ? {
        ...setup,
        assistant_id: assistant.id,
        // A model chosen for this assistant (the settings, the header) is kept; choosing it starts on its own.
        model: setup.assistant_id === assistant.id && setup.model ? setup.model : assistant.model,
      }
    : setup;

  // SPEC §4: selecting an assistant starts a new conversation with it.
  const select = (next: Assistant) => {
    writeStored(LAST_ASSISTANT_KEY, next.id);
    const fresh: ConversationSetup = {
      endpoint: ASSISTANTS_ENDPOINT,
      endpointType: setup.endpointType ?? null,
      model: next.model,
      assistant_id: next.id,
    };
    onSetup('new', fresh);
    if (conversationId !== 'new') void navigate('/c/new');
  };

  const renderToolsDialog = (props: ToolsDialogProps) => (
    <Suspense fallback={null}>
      <PluginStoreDialog
        open={props.open}
        onOpenChange={props.onOpenChange}
        plugins={tools}
        loading={tools === undefined}
        installed={props.selected}
        purpose="assistant"
        onInstall={async (plugin: Plugin, auth?: Record<string, string>) => {
          // Its credentials are stored; the tool is attached to the assistant only, not installed for plugins chats.
          if (auth) {
            await updatePlugins.mutateAsync({
              pluginKey: plugin.pluginKey,
              action: 'install',
              auth,
              isAssistantTool: true,
            });
          }
          props.onAdd(plugin.pluginKey);
        }}
        onUninstall={(plugin: Plugin) => {
          props.onRemove(plugin.pluginKey);
          return Promise.resolve();
        }}
      />
    </Suspense>
  );

  const create = builderAllowed ? () => openBuilder('') : undefined;
  const builder = builderAllowed && user && (
    <Suspense fallback={null}>
      <AssistantBuilder
        assistants={list}
        activeId={assistant?.id ?? null}
        models={models}
        capabilities={capabilities}
        retrievalModels={config?.retrievalModels}
        codeInterpreterOff={config?.codeInterpreterOff}
        actions={actions ?? []}
        files={(files ?? []).map((file) => ({
          file_id: file.file_id,
          filename: file.filename,
          type: file.type,
        }))}
        toolLabels={labels}
        renderToolsDialog={renderToolsDialog}
        onSelect={(next) => {
          setSheetOpen(false);
          select(next);
        }}
        onDeleted={(next) => {
          if (next) select(next);
        }}
        request={builderRequest}
      />
    </Suspense>
  );

  return {
    active: true,
    setup: withAssistant,
    assistant,
    blocked: !assistant,
    selector: builder ? null : (
      <AssistantSelect assistants={list} value={assistant?.id ?? null} onChange={select} />
    ),
    headerSelect: (
      <AssistantSelect
        assistants={list}
        value={assistant?.id ?? null}
        onChange={select}
        onCreate={create}
        onEdit={builderAllowed ? (row) => openBuilder(row.id) : undefined}
        headerTriggerClass={`${headerButton} max-sm:px-2`}
      />
    ),
    inputStandIn:
      !assistant && listQuery.isSuccess ? (
        <AssistantStandIn assistants={list} onChoose={select} onCreate={create} />
      ) : null,
    builder,
    builderSheet: builder && (
      <Sheet
        open={sheetOpen}
        onOpenChange={setSheetOpen}
        title={i18n.t('com_assistants_builder')}
        closeLabel={i18n.t('com_ui_close')}
      >
        {builder}
      </Sheet>
    ),
    landingHero: assistant ? <AssistantLanding assistant={assistant} /> : null,
    replySender: assistant ? assistantSender(assistant.name) : null,
    iconURL: assistant?.metadata.avatar ?? null,
    labels,
  };
}
