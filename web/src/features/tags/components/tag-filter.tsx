import { useTranslation } from 'react-i18next';
import { iconButton } from '../../../components/ui/styles';
import { Tooltip } from '../../../components/ui/tooltip';
import { TagIcon } from '../../../components/ui/organise-icons';
import { useTags } from '../api/tags';

/** The sidebar's tag filter (all chats, or those carrying one tag, with counts) and "Manage tags". */
export function TagFilter({
  filter,
  onFilterChange,
  onManage,
}: {
  filter: string | null;
  onFilterChange: (tag: string | null) => void;
  onManage: () => void;
}) {
  const { t } = useTranslation();
  const tags = useTags().data ?? [];
  // A tag renamed or deleted elsewhere: the filter falls back to every chat.
  const shown = filter !== null && tags.some((tag) => tag.tag === filter) ? filter : null;
  if (tags.length === 0 && shown === null) return null;
  return (
    <div className="flex items-center gap-1 px-2 pb-1">
      <TagIcon className="ms-2 shrink-0 text-neutral-500 dark:text-neutral-400" width={16} height={16} />
      <select
        aria-label={t('com_ui_filter_by_tag')}
        value={shown ?? ''}
        onChange={(event) => onFilterChange(event.target.value || null)}
        className="h-8 min-w-0 flex-1 rounded-lg bg-transparent px-1 text-sm outline-none hover:bg-neutral-200/60 focus-visible:ring-2 focus-visible:ring-neutral-900 dark:hover:bg-neutral-800 dark:focus-visible:ring-neutral-100"
      >
        <option value="">{t('com_ui_all_chats')}</option>
        {tags.map((tag) => (
          <option key={tag.tag} value={tag.tag}>
            {t('com_ui_tag_count', { tag: tag.tag, count: tag.count })}
          </option>
        ))}
      </select>
      <Tooltip content={t('com_ui_manage_tags')}>
        <button
          type="button"
          className={`${iconButton} size-8`}
          aria-label={t('com_ui_manage_tags')}
          onClick={onManage}
        >
          <TagIcon width={16} height={16} />
        </button>
      </Tooltip>
    </div>
  );
}
