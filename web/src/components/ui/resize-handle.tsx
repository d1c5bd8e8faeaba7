import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

interface ResizeHandleProps {
  /** The panel's share of the container, in percent. */
  value: number;
  min: number;
  max: number;
  label: string;
  /** The element whose width the percentages are of. */
  container: () => HTMLElement | null;
  /** The panel sits on the end side (right in LTR): dragging towards the start makes it wider. */
  onChange: (value: number) => void;
}

const KEY_STEP = 2;

/**
 * A vertical splitter (WAI-ARIA window splitter): drag it, or focus it and use the arrow keys, Home and End.
 * Percentages are of the container's width; the panel is on the end side.
 */
export function ResizeHandle({ value, min, max, label, container, onChange }: ResizeHandleProps) {
  const dragging = useRef(false);
  const clamp = (next: number) => Math.min(max, Math.max(min, Math.round(next * 10) / 10));
  const rtl = () => getComputedStyle(document.documentElement).direction === 'rtl';

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = container()?.getBoundingClientRect();
    if (!dragging.current || !box || box.width === 0) return;
    const fromEnd = rtl() ? event.clientX - box.left : box.right - event.clientX;
    onChange(clamp((fromEnd / box.width) * 100));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const wider = rtl() ? 'ArrowRight' : 'ArrowLeft';
    const narrower = rtl() ? 'ArrowLeft' : 'ArrowRight';
    const next =
      event.key === wider
        ? value + KEY_STEP
        : event.key === narrower
          ? value - KEY_STEP
          : event.key === 'Home'
            ? min
            : event.key === 'End'
              ? max
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(clamp(next));
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={Math.round(value)}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture(event.pointerId);
      }}
      className="group relative w-1.5 shrink-0 cursor-col-resize touch-none outline-none focus-visible:bg-neutral-300 dark:focus-visible:bg-neutral-600"
    >
      <span className="absolute inset-y-0 start-1/2 w-px bg-neutral-200 group-hover:bg-neutral-400 dark:bg-neutral-800 dark:group-hover:bg-neutral-500" />
    </div>
  );
}
