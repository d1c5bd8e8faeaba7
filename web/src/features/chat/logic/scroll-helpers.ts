/** SPEC §9: the scroll-to-bottom helpers run at most once per 250 ms (instant) and 750 ms (smooth). */
export const SCROLL_INSTANT_MS = 250;
export const SCROLL_SMOOTH_MS = 750;

export interface Throttled {
  (): void;
  /** Drops a pending trailing call (the list unmounts, or another conversation opens). */
  cancel: () => void;
}

/**
 * Runs `run` at once, then at most once per `wait` ms: calls in between are folded into one trailing run at
 * the end of the window, so the last request is never lost.
 */
export function throttle(run: () => void, wait: number): Throttled {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    last = Date.now();
    run();
  };
  const throttled = () => {
    const elapsed = Date.now() - last;
    if (elapsed >= wait && timer === null) fire();
    else timer ??= setTimeout(fire, Math.max(0, wait - elapsed));
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}

export interface ScrollHelpers {
  /** Jump to the end: following a streaming reply, which asks many times a second. */
  instant: Throttled;
  /** Glide to the end: the scroll-to-bottom button; repeated presses do not restart the glide. */
  smooth: Throttled;
  cancel: () => void;
}

/** The two helpers over one scroll function; each call of the function re-checks whether to scroll. */
export function createScrollHelpers(scroll: (behavior: ScrollBehavior) => void): ScrollHelpers {
  const instant = throttle(() => scroll('auto'), SCROLL_INSTANT_MS);
  const smooth = throttle(() => scroll('smooth'), SCROLL_SMOOTH_MS);
  return {
    instant,
    smooth,
    cancel: () => {
      instant.cancel();
      smooth.cancel();
    },
  };
}
