import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { CheckIcon, ChevronDownIcon, SearchIcon } from '../../../components/ui/chat-icons';
import { floatingSurface } from '../../../components/ui/menu';
import { filterModels, MODEL_SEARCH_THRESHOLD } from '../endpoint-names';
import { headerButton } from './endpoints-menu';

interface ModelSelectProps {
  models: readonly string[];
  value: string | null;
  onChange: (model: string) => void;
  /** Id of a visible label (a form's "Model"): it names the button, followed by the model chosen. */
  labelId?: string;
}

/** The model picker: a listbox, with a search box above it when there are more than 10 models (SPEC §5). */
export function ModelSelect({ models, value, onChange, labelId }: ModelSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const listId = useId();
  const valueId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const searchable = models.length > MODEL_SEARCH_THRESHOLD;
  const shown = useMemo(() => filterModels(models, searchable ? query : ''), [models, query, searchable]);

  const choose = (model: string) => {
    onChange(model);
    setOpen(false);
    setQuery('');
  };

  // Arrow keys move between options (and from the search box into the list).
  const moveFocus = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const options = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('[role="option"]') ?? [])];
    if (options.length === 0) return;
    event.preventDefault();
    const index = options.findIndex((option) => option === document.activeElement);
    const next = event.key === 'ArrowDown' ? Math.min(index + 1, options.length - 1) : Math.max(index - 1, 0);
    options[index === -1 ? 0 : next]?.focus();
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setQuery('');
      }}
    >
      <Popover.Trigger asChild>
        <button
          type="button"
          className={`${headerButton} max-sm:px-2`}
          aria-label={labelId ? undefined : t('com_ui_model_current', { model: value ?? '' })}
          aria-labelledby={labelId ? `${labelId} ${valueId}` : undefined}
          aria-haspopup="listbox"
        >
          <span id={valueId} className="truncate text-neutral-600 dark:text-neutral-300">
            {value || t('com_ui_select_model')}
          </span>
          <ChevronDownIcon width={16} height={16} className="shrink-0 text-neutral-500" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          aria-label={t('com_ui_models')}
          className={`${floatingSurface} flex max-h-[min(420px,var(--radix-popover-content-available-height))] w-72 flex-col`}
          onKeyDown={moveFocus}
          onOpenAutoFocus={(event) => {
            if (searchable) return;
            event.preventDefault();
            const selected = listRef.current?.querySelector<HTMLButtonElement>('[aria-selected="true"]');
            (selected ?? listRef.current?.querySelector<HTMLButtonElement>('[role="option"]'))?.focus();
          }}
        >
          {searchable && (
            <div className="mb-1 flex items-center gap-2 rounded-lg border border-neutral-200 px-2 dark:border-neutral-700">
              <SearchIcon width={16} height={16} className="text-neutral-500" />
              <input
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                aria-label={t('com_ui_search_models')}
                aria-controls={listId}
                placeholder={t('com_ui_search_models')}
                className="h-9 w-full bg-transparent text-sm outline-none"
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && shown[0]) {
                    event.preventDefault();
                    choose(shown[0]);
                  }
                }}
              />
            </div>
          )}
          <div
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={t('com_ui_models')}
            className="min-h-0 overflow-y-auto"
          >
            {shown.length === 0 && (
              <p className="px-2.5 py-2 text-sm text-neutral-500 dark:text-neutral-400">
                {t('com_ui_no_models')}
              </p>
            )}
            {shown.map((model) => (
              <button
                key={model}
                type="button"
                role="option"
                aria-selected={model === value}
                onClick={() => choose(model)}
                className="flex min-h-9 w-full items-center justify-between gap-2 rounded-lg px-2.5 py-1.5 text-start text-sm outline-none hover:bg-neutral-100 focus-visible:bg-neutral-100 dark:hover:bg-neutral-700 dark:focus-visible:bg-neutral-700"
              >
                <span className="truncate">{model}</span>
                {model === value && <CheckIcon width={16} height={16} className="shrink-0" />}
              </button>
            ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
