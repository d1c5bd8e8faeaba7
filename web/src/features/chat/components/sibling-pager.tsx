import { useT } from '../../../lib/use-t';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/chat-icons';
import { smallIconButton } from '../../../components/ui/chat-styles';
import { pagerState } from '../logic/siblings';

/** "n / total" with previous and next (SPEC §4 Sibling navigation). */
export function SiblingPager({
  index,
  total,
  onSelect,
}: {
  index: number;
  total: number;
  onSelect: (index: number) => void;
}) {
  const t = useT();
  const pager = pagerState(index, total);
  return (
    <div
      role="group"
      aria-label={t('com_ui_versions')}
      className="flex items-center text-xs text-neutral-500 dark:text-neutral-400"
    >
      <button
        type="button"
        className={`${smallIconButton} size-7`}
        aria-label={t('com_ui_previous_version')}
        disabled={!pager.canPrevious}
        onClick={() => onSelect(index - 1)}
      >
        <ChevronLeftIcon width={16} height={16} className="rtl:rotate-180" />
      </button>
      <span className="min-w-9 text-center tabular-nums">
        {index + 1} / {total}
      </span>
      <button
        type="button"
        className={`${smallIconButton} size-7`}
        aria-label={t('com_ui_next_version')}
        disabled={!pager.canNext}
        onClick={() => onSelect(index + 1)}
      >
        <ChevronRightIcon width={16} height={16} className="rtl:rotate-180" />
      </button>
    </div>
  );
}
