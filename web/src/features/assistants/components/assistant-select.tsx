import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, PlusIcon } from '../../../components/ui/chat-icons';
import {
  Menu,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
} from '../../../components/ui/menu';
import { focusRing } from '../../../components/ui/styles';
import type { Assistant } from '@parley/shared/schemas/assistant';
import { AssistantAvatar } from './assistant-avatar';

interface AssistantSelectProps {
  assistants: readonly Assistant[];
  value: string | null;
  onChange: (assistant: Assistant) => void;
  /** Offered when the builder can open: "Create assistant" (and "Edit assistant" for the chosen one). */
  onCreate?: () => void;
  onEdit?: (assistant: Assistant) => void;
  /**
   * The chat header's trigger (issue 23: assistants are chosen where models are, on every width), styled by
   * the header; absent, the side panel's full-width box.
   */
  headerTriggerClass?: string;
}

const panelTrigger = `flex h-11 w-full items-center gap-2 rounded-xl border border-neutral-300 bg-white px-2.5 text-start text-sm hover:bg-neutral-100 dark:border-neutral-600 dark:bg-neutral-800 dark:hover:bg-neutral-700 ${focusRing}`;

/**
 * The assistant in use, with avatar and name (SPEC §2 side panel top; the chat header's model place for the
 * assistants endpoint), listing the caller's assistants with their descriptions, and creating or editing one.
 */
export function AssistantSelect({
  assistants,
  value,
  onChange,
  onCreate,
  onEdit,
  headerTriggerClass,
}: AssistantSelectProps) {
  const { t } = useTranslation();
  const current = assistants.find((assistant) => assistant.id === value) ?? null;
  const header = headerTriggerClass !== undefined;
  return (
    <Menu
      label={t('com_assistants_select')}
      contentClassName="max-h-[min(420px,var(--radix-dropdown-menu-content-available-height))] w-72 max-w-[calc(100vw-1rem)] overflow-y-auto"
      trigger={
        <button
          type="button"
          aria-label={
            current
              ? t('com_assistants_current', { name: current.name || current.id })
              : t('com_assistants_select')
          }
          className={header ? headerTriggerClass : panelTrigger}
        >
          <AssistantAvatar src={current?.metadata?.avatar} size={header ? 22 : 24} />
          <span className={`min-w-0 truncate ${header ? '' : 'flex-1'}`}>
            {current ? current.name || current.id : t('com_assistants_select')}
          </span>
          <ChevronDownIcon width={16} height={16} className="shrink-0 text-neutral-500" />
        </button>
      }
    >
      {header && <MenuLabel>{t('com_assistants_title')}</MenuLabel>}
      {assistants.length === 0 ? (
        <p className="px-2.5 py-2 text-sm text-neutral-500 dark:text-neutral-400">
          {onCreate ? t('com_assistants_none_yet') : t('com_assistants_none')}
        </p>
      ) : (
        <MenuRadioGroup
          value={value ?? ''}
          onValueChange={(id) => {
            const assistant = assistants.find((row) => row.id === id);
            if (assistant) onChange(assistant);
          }}
        >
          {assistants.map((assistant) => (
            <MenuRadioItem key={assistant.id} value={assistant.id}>
              <span className="flex items-center gap-2">
                <AssistantAvatar src={assistant.metadata?.avatar} size={24} />
                <span className="min-w-0">
                  <span className="block truncate">{assistant.name || assistant.id}</span>
                  {assistant.description && (
                    <span className="block truncate text-xs text-neutral-500 dark:text-neutral-400">
                      {assistant.description}
                    </span>
                  )}
                </span>
              </span>
            </MenuRadioItem>
          ))}
        </MenuRadioGroup>
      )}
      {(onCreate || (onEdit && current)) && <MenuSeparator />}
      {onEdit && current && (
        <MenuItem onSelect={() => onEdit(current)}>
          <AssistantAvatar src={current.metadata?.avatar} size={16} />
          {t('com_assistants_edit', { name: current.name || current.id })}
        </MenuItem>
      )}
      {onCreate && (
        <MenuItem onSelect={onCreate}>
          <PlusIcon width={16} height={16} />
          {t('com_assistants_create')}
        </MenuItem>
      )}
    </Menu>
  );
}
