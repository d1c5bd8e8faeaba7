import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../components/ui/chat-icons';
import { ResizeHandle } from '../../components/ui/resize-handle';
import { iconButton } from '../../components/ui/styles';
import { usePreferences } from '../../lib/preferences';
import { useMediaQuery } from '../../lib/use-media-query';
import { expandedSize, SIDE_PANEL } from '../layout/side-panel-layout';
import { useSidePanel } from '../layout/side-panel-store';

/** SPEC §9: the side panel is not shown at 767px and below. */
const SMALL_SCREEN = '(max-width: 767px)';

interface SidePanelProps {
  /** The element the panel's percentage is of (the chat row). */
  container: () => HTMLElement | null;
  children: ReactNode;
}

/**
 * SPEC §2: the resizable, collapsible side panel on the end side of the chat (layout and collapsed state
 * remembered). Hidden on small screens, by the "hide side panel" preference, or by its own Hide button.
 */
export function SidePanel({ container, children }: SidePanelProps) {
  const { t } = useTranslation();
  const small = useMediaQuery(SMALL_SCREEN);
  const hidden = usePreferences((state) => state.hideSidePanel);
  const setPreference = usePreferences((state) => state.setPreference);
  const { size, collapsed, setSize, setCollapsed } = useSidePanel();
  if (small || hidden) return null;

  const width = collapsed ? SIDE_PANEL.collapsedSize : expandedSize(size);
  const hide = (
    <button
      type="button"
      className={iconButton}
      aria-label={t('com_ui_hide_panel')}
      title={t('com_ui_hide_panel')}
      onClick={() => setPreference('hideSidePanel', true)}
    >
      <CloseIcon />
    </button>
  );

  return (
    <>
      {!collapsed && (
        <ResizeHandle
          value={width}
          min={SIDE_PANEL.panelMin}
          max={Math.min(SIDE_PANEL.panelMax, 100 - SIDE_PANEL.mainMin)}
          label={t('com_ui_resize_panel')}
          container={container}
          onChange={setSize}
        />
      )}
      <aside
        aria-label={t('com_ui_side_panel')}
        style={{ width: `${width}%` }}
        className="flex min-w-14 shrink-0 flex-col border-s border-neutral-200 bg-neutral-50/60 dark:border-neutral-800 dark:bg-neutral-900/40"
      >
        {collapsed ? (
          <div className="flex flex-col items-center gap-1 py-2">
            <button
              type="button"
              className={iconButton}
              aria-label={t('com_ui_expand_panel')}
              title={t('com_ui_expand_panel')}
              aria-expanded="false"
              onClick={() => setCollapsed(false)}
            >
              <ChevronLeftIcon className="rtl:rotate-180" />
            </button>
            {hide}
          </div>
        ) : (
          <div className="relative flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3">
            <div className="flex items-center justify-between gap-1">
              <button
                type="button"
                className={iconButton}
                aria-label={t('com_ui_collapse_panel')}
                title={t('com_ui_collapse_panel')}
                aria-expanded="true"
                onClick={() => setCollapsed(true)}
              >
                <ChevronRightIcon className="rtl:rotate-180" />
              </button>
              {hide}
            </div>
            {children}
          </div>
        )}
      </aside>
    </>
  );
}
