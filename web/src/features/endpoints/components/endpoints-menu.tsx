import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, KeyIcon } from '../../../components/ui/chat-icons';
import { EndpointIcon } from '../../../components/ui/endpoint-icon';
import {
  Menu,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
} from '../../../components/ui/menu';
import { focusRing } from '../../../components/ui/styles';
import type { EndpointEntry } from '../endpoint-names';

export const headerButton = `inline-flex h-9 min-w-0 items-center gap-1.5 rounded-lg px-2.5 text-[15px] font-medium text-neutral-800 hover:bg-neutral-100 data-[state=open]:bg-neutral-100 dark:text-neutral-100 dark:hover:bg-neutral-800 dark:data-[state=open]:bg-neutral-800 ${focusRing}`;

interface EndpointsMenuProps {
  entries: EndpointEntry[];
  value: string | null;
  onSelect: (endpoint: string) => void;
  /** Opens the key dialog for an endpoint whose users bring their own key. */
  onSetKey: (endpoint: string) => void;
}

/**
 * The endpoint picker of the chat header (SPEC §2). On a phone it is its icon alone (no name, no chevron) and
 * does not shrink, so the model select beside it keeps the free width for the model's name.
 */
export function EndpointsMenu({ entries, value, onSelect, onSetKey }: EndpointsMenuProps) {
  const { t } = useTranslation();
  const current = entries.find((entry) => entry.name === value);
  const keyed = entries.filter((entry) => entry.config.userProvide);
  return (
    <Menu
      label={t('com_ui_endpoints')}
      trigger={
        <button
          type="button"
          className={`${headerButton} max-sm:shrink-0 max-sm:px-1.5`}
          aria-label={t('com_ui_endpoint_current', { endpoint: current?.label ?? '' })}
        >
          <EndpointIcon kind={current?.kind} iconURL={current?.config.iconURL} size={20} />
          <span className="truncate max-sm:sr-only">{current?.label ?? t('com_ui_select_endpoint')}</span>
          <ChevronDownIcon width={16} height={16} className="shrink-0 text-neutral-500 max-sm:hidden" />
        </button>
      }
    >
      <MenuLabel>{t('com_ui_endpoints')}</MenuLabel>
      <MenuRadioGroup value={value ?? ''} onValueChange={onSelect}>
        {entries.map((entry) => (
          <MenuRadioItem key={entry.name} value={entry.name}>
            <span className="flex items-center gap-2.5">
              <EndpointIcon kind={entry.kind} iconURL={entry.config.iconURL} size={20} />
              {entry.label}
            </span>
          </MenuRadioItem>
        ))}
      </MenuRadioGroup>
      {keyed.length > 0 && <MenuSeparator />}
      {keyed.map((entry) => (
        <MenuItem key={entry.name} onSelect={() => onSetKey(entry.name)}>
          <KeyIcon width={16} height={16} />
          {t('com_ui_set_key_for', { endpoint: entry.label })}
        </MenuItem>
      ))}
    </Menu>
  );
}
