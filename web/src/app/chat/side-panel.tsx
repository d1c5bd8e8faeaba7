import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../components/ui/chat-icons';
import { ResizeHandle } from '../../components/ui/resize-handle';
import { iconButton } from '../../components/ui/styles';
import { Tooltip } from '../../components/ui/tooltip';
import { usePreferences } from '../../lib/preferences';
import { useMediaQuery } from '../../lib/use-media-query';
import { expandedSize, SIDE_PANEL } from '../layout/side-panel-layout';
import { useSidePanel } from '../layout/side-panel-store';

/** SPEC §9: the side panel is not shown at 767px and below. */
export const SMALL_SCREEN = '(max-width: 767px)';

/**
 * An open panel is never narrower than this (issue 23: the builder's fields and the OpenAPI box were clipped
 * at a quarter of a laptop's chat row), unless that would take over half of the row.
 */
export const OPEN_PANEL_MIN_WIDTH = 'min(360px, 50%)';

interface SidePanelProps {
  /** The element the panel's percentage is of (the chat row). */
  container: () => HTMLElement | null;
  children: ReactNode;
}

/**
 * SPEC §2: the resizable, collapsible side panel on the end side of the chat (layout and collapsed state
 * remembered). Hidden on small screens and by the "hide side panel" preference; its own Hide button folds it
 * away completely (`fullPanelCollapse`) with a button to bring it back.
 */
export function SidePanel({ container, children }: SidePanelProps) {
  const { t } = useTranslation();
  const small = useMediaQuery(SMALL_SCREEN);
  const hidden = usePreferences((state) => state.hideSidePanel);
  const { size, collapsed, fullCollapse, setSize, setCollapsed, setFullCollapse } = useSidePanel();
  if (small || hidden) return null;

  // Folded away completely: only a small button at the end of the chat brings the panel back.
  if (fullCollapse) {
    return (
      <div className="relative w-0 shrink-0">
        <Tooltip content={t('com_ui_show_panel')} side="start">
          <button
            type="button"
            className={`${iconButton} absolute end-4 top-3 z-10 border border-neutral-200 bg-white/90 shadow-sm dark:border-neutral-700 dark:bg-neutral-800/90`}
            aria-label={t('com_ui_show_panel')}
            aria-expanded="false"
            onClick={() => setFullCollapse(false)}
          >
            <PanelIcon />
          </button>
        </Tooltip>
      </div>
    );
  }

  const width = collapsed ? SIDE_PANEL.collapsedSize : expandedSize(size);
  const hide = (
    <Tooltip content={t('com_ui_hide_panel')} side={collapsed ? 'start' : 'bottom'}>
      <button
        type="button"
        className={iconButton}
        aria-label={t('com_ui_hide_panel')}
        onClick={() => setFullCollapse(true)}
      >
        <CloseIcon />
      </button>
    </Tooltip>
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
        style={{ width: collapsed ? `${width}%` : `max(${width}%, ${OPEN_PANEL_MIN_WIDTH})` }}
        className="flex min-w-14 shrink-0 flex-col border-s border-neutral-200 bg-neutral-50/60 dark:border-neutral-800 dark:bg-neutral-900/40"
      >
        {collapsed ? (
          <div className="flex flex-col items-center gap-1 py-2">
            <Tooltip content={t('com_ui_expand_panel')} side="start">
              <button
                type="button"
                className={iconButton}
                aria-label={t('com_ui_expand_panel')}
                aria-expanded="false"
                onClick={() => setCollapsed(false)}
              >
                <ChevronLeftIcon className="rtl:rotate-180" />
              </button>
            </Tooltip>
            {hide}
          </div>
        ) : (
          <div className="relative flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3">
            <div className="flex items-center justify-between gap-1">
              <Tooltip content={t('com_ui_collapse_panel')}>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={t('com_ui_collapse_panel')}
                  aria-expanded="true"
                  onClick={() => setCollapsed(true)}
                >
                  <ChevronRightIcon className="rtl:rotate-180" />
                </button>
              </Tooltip>
              {hide}
            </div>
            {children}
          </div>
        )}
      </aside>
    </>
  );
}

/** A window with a panel on its end side: "show the side panel". */
function PanelIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      className="rtl:-scale-x-100"
    >
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M15 4v16" />
    </svg>
  );
}
