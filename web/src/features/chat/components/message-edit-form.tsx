import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { primaryCompactButton, secondaryButton } from '../../../components/ui/chat-styles';

interface MessageEditFormProps {
  initialText: string;
  canSubmit: boolean;
  onSave: (text: string) => void;
  onSaveAndSubmit: (text: string) => void;
  onCancel: () => void;
}

/** SPEC §4 Editing: Save and submit, Save, Cancel; Escape leaves too. */
export function MessageEditForm({
  initialText,
  canSubmit,
  onSave,
  onSaveAndSubmit,
  onCancel,
}: MessageEditFormProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  const empty = text.trim() === '';
  return (
    <div className="rounded-2xl bg-neutral-100 p-3 dark:bg-neutral-800">
      <textarea
        aria-label={t('com_ui_edit_message')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        autoFocus
        rows={Math.min(12, Math.max(2, text.split('\n').length))}
        className="w-full resize-y bg-transparent text-[15px] leading-relaxed outline-none"
      />
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          {t('com_ui_cancel')}
        </button>
        <button type="button" className={secondaryButton} disabled={empty} onClick={() => onSave(text)}>
          {t('com_ui_save')}
        </button>
        <button
          type="button"
          className={primaryCompactButton}
          disabled={empty || !canSubmit}
          onClick={() => onSaveAndSubmit(text)}
        >
          {t('com_ui_save_and_submit')}
        </button>
      </div>
    </div>
  );
}
