import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { Plugin } from '@parley/shared/schemas/plugin';
import { CheckIcon, ChevronDownIcon, StoreIcon, WrenchIcon } from '../../../components/ui/chat-icons';
import { floatingSurface, menuItemClass, MenuSeparator } from '../../../components/ui/menu';
import { focusRing } from '../../../components/ui/styles';
import { PluginIcon } from './plugin-icon';

/**
 * SPEC §4 Plugins, the tools selector of the chat header: the user's installed tools with a check each
 * (toggling keeps the menu open), then the plugin store entry. On a phone the trigger is its icon (and count)
 * and does not shrink: the model select takes the width that is left.
 */
export function ToolsMenu({
  tools,
  selected,
  onToggle,
  onOpenStore,
}: {
  /** The installed tools, in the order of the plugin list. */
  tools: readonly Plugin[];
  selected: readonly string[];
  onToggle: (pluginKey: string) => void;
  onOpenStore: () => void;
}) {
  const { t } = useTranslation();
  const chosen = tools.filter((tool) => selected.includes(tool.pluginKey));
  const summary =
    chosen.length === 0
      ? t('com_ui_tools_none')
      : chosen.length === 1
        ? (chosen[0]?.name ?? '')
        : t('com_ui_tools_count', { count: chosen.length });
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`${t('com_ui_tools')}: ${summary}`}
        className={`inline-flex h-9 min-w-0 max-w-44 items-center gap-1.5 rounded-lg px-2 text-sm max-sm:shrink-0 max-sm:px-1.5 text-neutral-700 hover:bg-neutral-200/70 data-[state=open]:bg-neutral-200/70 dark:text-neutral-200 dark:hover:bg-neutral-700/60 dark:data-[state=open]:bg-neutral-700/60 ${focusRing}`}
      >
        <WrenchIcon className={`shrink-0 ${chosen.length > 0 ? 'sm:hidden' : ''}`} />
        {chosen.length > 0 && (
          <span className="hidden shrink-0 -space-x-1.5 sm:flex rtl:space-x-reverse">
            {chosen.slice(0, 3).map((tool) => (
              <PluginIcon key={tool.pluginKey} icon={tool.icon} size={18} />
            ))}
          </span>
        )}
        <span className="hidden min-w-0 truncate sm:inline">{summary}</span>
        {chosen.length > 0 && <span className="tabular-nums sm:hidden">{chosen.length}</span>}
        <ChevronDownIcon width={14} height={14} className="shrink-0 opacity-60 max-sm:hidden" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-label={t('com_ui_tools')}
          className={`${floatingSurface} max-h-[var(--radix-dropdown-menu-content-available-height)] w-64 max-w-[calc(100vw-1rem)] overflow-y-auto`}
        >
          {tools.length === 0 && (
            <p className="px-2.5 py-2 text-xs text-neutral-500 dark:text-neutral-400">
              {t('com_ui_tools_empty')}
            </p>
          )}
          {tools.map((tool) => (
            <DropdownMenu.CheckboxItem
              key={tool.pluginKey}
              checked={selected.includes(tool.pluginKey)}
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={() => onToggle(tool.pluginKey)}
              className={`group ${menuItemClass}`}
            >
              <PluginIcon icon={tool.icon} size={20} />
              <span className="min-w-0 flex-1 truncate">{tool.name}</span>
              <span className="inline-flex size-4 shrink-0 items-center justify-center rounded border border-neutral-400 group-data-[state=checked]:border-neutral-900 group-data-[state=checked]:bg-neutral-900 dark:border-neutral-500 dark:group-data-[state=checked]:border-white dark:group-data-[state=checked]:bg-white">
                <DropdownMenu.ItemIndicator>
                  <CheckIcon
                    width={12}
                    height={12}
                    strokeWidth={3}
                    className="text-white dark:text-neutral-900"
                  />
                </DropdownMenu.ItemIndicator>
              </span>
            </DropdownMenu.CheckboxItem>
          ))}
          {tools.length > 0 && <MenuSeparator />}
          <DropdownMenu.Item className={menuItemClass} onSelect={onOpenStore}>
            <StoreIcon />
            <span className="flex-1">{t('com_nav_plugin_store')}</span>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
