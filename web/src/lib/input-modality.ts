/**
 * Remembers on `<html data-input-modality>` whether the person last used a pointer or the keyboard
 * (issue 16 item 7: focus rings for keyboard use only). Chromium keeps `:focus-visible` on focus that a
 * script moves (a dialog focusing its close button, a tab focusing itself on mousedown) when the element
 * focused before showed it, and the message box, a text field, always does: a mouse click would then light
 * rings. styles.css hides them while the modality is "pointer"; the next key press shows them again.
 */
export function trackInputModality(target: Document = document): () => void {
  const root = target.documentElement;
  const set = (modality: 'keyboard' | 'pointer') => {
    if (root.dataset.inputModality !== modality) root.dataset.inputModality = modality;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Shortcuts pressed with the mouse in hand (Ctrl+click, Cmd+C) do not make it a keyboard session.
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    set('keyboard');
  };
  const onPointerDown = () => set('pointer');
  target.addEventListener('keydown', onKeyDown, true);
  target.addEventListener('pointerdown', onPointerDown, true);
  return () => {
    target.removeEventListener('keydown', onKeyDown, true);
    target.removeEventListener('pointerdown', onPointerDown, true);
  };
}
