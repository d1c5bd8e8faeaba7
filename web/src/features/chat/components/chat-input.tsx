import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowUpIcon, StopIcon } from '../../../components/ui/chat-icons';
import { focusRing } from '../../../components/ui/styles';
import { preloadMarkdown } from '../../../lib/markdown/lazy-markdown';
import { PLACEHOLDER_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value';
import type { MessageFile } from '../logic/build-request';
import { canSend, enterSends } from '../logic/message-actions';

/** What the files feature adds to the composer (composed in app/; SPEC §2 text input, §4 File upload). */
export interface ComposerAttachments {
  /** The attach-files button; null when the endpoint takes no files. */
  button: ReactNode;
  /** The chips of the files picked so far, shown above the text box. */
  chips: ReactNode;
  /** A file is still uploading: the send button waits (SPEC §4 Send button). */
  loading: boolean;
  /** The uploaded files that go with the next message. */
  ready: MessageFile[];
  /** Pasted (or dropped) files; absent when the endpoint takes none. */
  add?: (files: File[]) => void;
  /** The message went out with `ready`. */
  onSent: () => void;
}

interface ChatInputProps {
  /** Resets the draft and focuses the box when it changes (a new conversation). */
  resetKey: string;
  /** Text put into the box from outside (an example prompt); applied when its `id` changes. */
  seed?: { id: number; text: string };
  placeholder: string;
  submitting: boolean;
  stopping: boolean;
  /** A required key is missing: the box is disabled and `notice` says why. */
  blocked: boolean;
  notice?: ReactNode;
  enterToSend: boolean;
  onSend: (text: string) => boolean;
  onStop: () => void;
  attachments?: ComposerAttachments;
}

/** SPEC §9: the text box focuses about 150 ms after a new conversation starts. */
const FOCUS_DELAY_MS = 150;

const BUSY_SELECTOR =
  'input, textarea, select, [contenteditable="true"], [role="menu"], [role="menu"] *, [role="dialog"], ' +
  '[role="dialog"] *, [role="listbox"], [role="listbox"] *';

function isBusyElsewhere(active: Element | null): boolean {
  return active instanceof HTMLElement && active !== document.body && active.matches(BUSY_SELECTOR);
}

/** The message box with its send or stop button (SPEC §2, §4 "Send button"). */
export function ChatInput({
  resetKey,
  seed,
  placeholder,
  submitting,
  stopping,
  blocked,
  notice,
  enterToSend,
  onSend,
  onStop,
  attachments,
}: ChatInputProps) {
  const { t } = useTranslation();
  const shownPlaceholder = useDebouncedValue(placeholder, PLACEHOLDER_DEBOUNCE_MS);
  const [text, setText] = useState('');
  const [lastResetKey, setLastResetKey] = useState(resetKey);
  const [lastSeed, setLastSeed] = useState(seed?.id);
  const area = useRef<HTMLTextAreaElement>(null);

  if (lastResetKey !== resetKey) {
    setLastResetKey(resetKey);
    setText('');
  }
  if (seed && lastSeed !== seed.id) {
    setLastSeed(seed.id);
    setText(seed.text);
  }

  useEffect(() => {
    if (seed) area.current?.focus();
  }, [seed]);

  // Also when the box becomes usable (endpoints loaded, a key set) for the conversation shown.
  useEffect(() => {
    if (blocked) return;
    // A key or a press meanwhile: the person went somewhere (a Tab through the side panel, a click), and the
    // focus stays there. Focus the app moved (a closing menu giving it back to its button) is taken.
    let personActed = false;
    const acted = () => (personActed = true);
    document.addEventListener('keydown', acted, true);
    document.addEventListener('pointerdown', acted, true);
    const timer = window.setTimeout(() => {
      // Nor from where the person is typing or choosing (search box, a menu).
      if (!personActed && !isBusyElsewhere(document.activeElement)) area.current?.focus();
    }, FOCUS_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('keydown', acted, true);
      document.removeEventListener('pointerdown', acted, true);
    };
  }, [resetKey, blocked]);

  // Grows with its text from 44px up to the CSS max-height (65vh, 75vh from md), then scrolls.
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight}px`;
  }, [text]);

  const ready = canSend({
    text,
    isSubmitting: submitting,
    filesLoading: attachments?.loading ?? false,
    blocked,
  });
  const send = () => {
    if (!ready) return;
    if (onSend(text)) setText('');
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-3 pb-2 sm:px-6">
      {notice}
      <form
        className="flex flex-wrap items-end gap-2 rounded-[26px] border border-neutral-200 bg-white p-2 shadow-sm focus-within:border-neutral-300 dark:border-neutral-700 dark:bg-neutral-800 dark:focus-within:border-neutral-600"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        {attachments?.chips}
        {attachments?.button}
        <textarea
          ref={area}
          rows={1}
          value={text}
          disabled={blocked}
          aria-label={t('com_ui_message_input')}
          placeholder={shownPlaceholder}
          onChange={(event) => {
            // The reply will need the Markdown renderer: fetch it while the question is being typed.
            if (text === '') preloadMarkdown();
            setText(event.target.value);
          }}
          onPaste={(event) => {
            const files = [...event.clipboardData.files];
            if (files.length === 0 || !attachments?.add) return;
            // SPEC §2: pasted images attach; text pasted along with them still goes into the box.
            if (event.clipboardData.getData('text/plain') === '') event.preventDefault();
            attachments.add(files);
          }}
          onKeyDown={(event) => {
            const native = event.nativeEvent;
            // keyCode 229: some browsers report IME input this way instead of isComposing.
            const isComposing = native.isComposing || native.keyCode === 229;
            if (!enterSends({ key: event.key, shiftKey: event.shiftKey, isComposing }, enterToSend)) return;
            event.preventDefault();
            if (!submitting) send();
          }}
          className="max-h-[65vh] min-h-11 min-w-0 flex-1 resize-none bg-transparent px-3 py-2.5 text-[15px] leading-6 outline-none placeholder:text-neutral-500 disabled:cursor-not-allowed disabled:opacity-60 md:max-h-[75vh] dark:placeholder:text-neutral-400"
        />
        {submitting ? (
          <button
            type="button"
            onClick={onStop}
            disabled={stopping}
            aria-label={t('com_ui_stop')}
            className={`mb-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-neutral-900 text-white disabled:opacity-50 dark:bg-white dark:text-neutral-900 ${focusRing}`}
          >
            <StopIcon />
          </button>
        ) : (
          <button
            type="submit"
            disabled={!ready}
            aria-label={t('com_ui_send_message')}
            className={`mb-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-neutral-900 text-white transition-opacity disabled:cursor-not-allowed disabled:bg-neutral-300 dark:bg-white dark:text-neutral-900 dark:disabled:bg-neutral-600 dark:disabled:text-neutral-400 ${focusRing}`}
          >
            <ArrowUpIcon />
          </button>
        )}
      </form>
    </div>
  );
}
