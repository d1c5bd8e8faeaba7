import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { toolKeysOf, type Plugin } from '@parley/shared/schemas/plugin';
import { useAuthStore } from '../../features/auth/store';
import type { ConversationSetup } from '../../features/chat/logic/build-request';
import type { ToolLabel } from '../../features/chat/components/tool-labels';
import { usePlugins, useUpdateUserPlugins } from '../../features/plugins/api/plugins';
import { ToolsMenu } from '../../features/plugins/components/tools-menu';
import {
  installedOnly,
  readLastTools,
  toggleTool,
  writeLastTools,
} from '../../features/plugins/logic/selected-tools';

/** Its own chunk: the store loads the first time it opens. */
const PluginStoreDialog = lazy(() =>
  import('../../features/plugins/components/plugin-store-dialog').then((module) => ({
    default: module.PluginStoreDialog,
  })),
);

const NO_PLUGINS: readonly string[] = [];

/**
 * The plugins endpoint's tools (SPEC §4 Plugins), joined to the chat route: the selected tools go into the
 * setup (a new conversation starts with the last ones picked, SPEC §3), the header gets the tools menu and
 * messages get each tool's name and icon.
 */
export function usePluginTools({
  conversationId,
  setup,
  onSetup,
}: {
  conversationId: string;
  setup: ConversationSetup | null;
  onSetup: (setup: ConversationSetup) => void;
}): {
  setup: ConversationSetup | null;
  toolsMenu: ReactNode;
  storeDialog: ReactNode;
  labels: Readonly<Record<string, ToolLabel>>;
} {
  const user = useAuthStore((state) => state.user);
  const [storeOpen, setStoreOpen] = useState(false);
  const [storeMounted, setStoreMounted] = useState(false);
  const active = setup?.endpoint === 'gptPlugins';
  const plugins = usePlugins(user?.id ?? null, active || storeOpen);
  const update = useUpdateUserPlugins((next) => useAuthStore.setState({ user: next }));
  const installed = user?.plugins ?? NO_PLUGINS;

  const list = plugins.data;
  const labels = useMemo(() => {
    const map: Record<string, ToolLabel> = {};
    for (const plugin of list ?? [])
      if (!plugin.isButton) map[plugin.pluginKey] = { name: plugin.name, icon: plugin.icon };
    return map;
  }, [list]);

  if (!active || !setup) return { setup, toolsMenu: null, storeDialog: null, labels };

  const wanted = setup.tools ? toolKeysOf(setup.tools) : conversationId === 'new' ? readLastTools() : [];
  const selected = installedOnly(wanted, installed);
  const withTools: ConversationSetup = { ...setup, tools: selected };
  const choose = (tools: string[]) => {
    onSetup({ ...setup, tools });
    writeLastTools(tools);
  };
  const tools = (list ?? []).filter((plugin) => !plugin.isButton && installed.includes(plugin.pluginKey));

  const openStore = () => {
    setStoreMounted(true);
    setStoreOpen(true);
  };
  const install = async (plugin: Plugin, auth?: Record<string, string>) => {
    await update.mutateAsync({ pluginKey: plugin.pluginKey, action: 'install', ...(auth ? { auth } : {}) });
  };
  const uninstall = async (plugin: Plugin) => {
    await update.mutateAsync({ pluginKey: plugin.pluginKey, action: 'uninstall' });
    if (selected.includes(plugin.pluginKey)) choose(selected.filter((key) => key !== plugin.pluginKey));
  };

  return {
    setup: withTools,
    labels,
    toolsMenu: (
      <ToolsMenu
        tools={tools}
        selected={selected}
        onToggle={(pluginKey) => choose(toggleTool(selected, pluginKey))}
        onOpenStore={openStore}
      />
    ),
    storeDialog: storeMounted && (
      <Suspense fallback={null}>
        <PluginStoreDialog
          open={storeOpen}
          onOpenChange={setStoreOpen}
          plugins={list}
          loading={plugins.isPending}
          installed={installed}
          onInstall={install}
          onUninstall={uninstall}
        />
      </Suspense>
    ),
  };
}
