import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../../components/ui/chat-icons';
import { Menu, MenuRadioGroup, MenuRadioItem } from '../../../components/ui/menu';
import { focusRing } from '../../../components/ui/styles';
import type { Assistant } from '@parley/shared/schemas/assistant';
import { AssistantAvatar } from './assistant-avatar';

interface AssistantSelectProps {
  assistants: readonly Assistant[];
  value: string | null;
  onChange: (assistant: Assistant) => void;
}

/** SPEC §2 side panel top, for the assistants endpoint: the assistant in use, with avatar and description. */
export function AssistantSelect({ assistants, value, onChange }: AssistantSelectProps) {
  const { t } = useTranslation();
  const current = assistants.find((assistant) => assistant.id === value) ?? null;
  return (
    <Menu
      label={t('com_assistants_select')}
      contentClassName="max-h-96 w-72 overflow-y-auto"
      trigger={
        <button
          type="button"
          aria-label={t('com_assistants_current', { name: current?.name || t('com_ui_assistant') })}
          className={`flex h-11 w-full items-center gap-2 rounded-xl border border-neutral-300 bg-white px-2.5 text-start text-sm hover:bg-neutral-100 dark:border-neutral-600 dark:bg-neutral-800 dark:hover:bg-neutral-700 ${focusRing}`}
        >
          <AssistantAvatar src={current?.metadata?.avatar} size={24} />
          <span className="min-w-0 flex-1 truncate">
            {current ? current.name || current.id : t('com_assistants_select')}
          </span>
          <ChevronDownIcon width={16} height={16} className="shrink-0 text-neutral-500" />
        </button>
      }
    >
      {assistants.length === 0 ? (
        <p className="px-2.5 py-2 text-sm text-neutral-500 dark:text-neutral-400">
          {t('com_assistants_none')}
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
    </Menu>
  );
}
