import { type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { create } from 'zustand';

/** The place in the shell header where the routed screen puts its own controls (endpoint and model menus). */
const useHeaderSlot = create<{ element: HTMLElement | null }>(() => ({ element: null }));

export function HeaderSlot() {
  return (
    <div
      ref={(element) => {
        useHeaderSlot.setState({ element });
        return () => useHeaderSlot.setState({ element: null });
      }}
      className="flex min-w-0 flex-1 items-center gap-0.5"
    />
  );
}

/** Renders its children into the shell header. */
export function HeaderPortal({ children }: { children: ReactNode }) {
  const element = useHeaderSlot((state) => state.element);
  return element ? createPortal(children, element) : null;
}
