import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/ui/chat-icons';
import { describeError, offersRetry, offersSetKey } from '../logic/error-text';
import { errorWords } from '../logic/error-words';
import { ErrorHelpSlot } from './error-help-slot';

const cardButton =
  'inline-flex h-8 items-center rounded-lg border border-red-300 bg-white px-3 text-sm font-medium text-red-900 hover:bg-red-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-700 dark:border-red-800 dark:bg-red-950 dark:text-red-100 dark:hover:bg-red-900/60 dark:focus-visible:ring-red-300';

/**
 * An error reply in words (SPEC §8 "Message error kinds"), never the raw JSON the server saved; with a Retry
 * button where retrying can help (`onRetry`, given when the reply can be regenerated) and "Set API key" when
 * the endpoint lets the user set their own.
 */
export function MessageError({
  text,
  endpoint,
  onRetry,
  onEditMessage,
}: {
  text: string;
  endpoint?: string | null;
  onRetry?: () => void;
  /**
   * Given for the thread's latest failed reply (SPEC §8 "Edit your message or Regenerate"): the card then
   * offers both, Regenerate in place of Retry, and the message box keeps its usual placeholder.
   */
  onEditMessage?: () => void;
}) {
  const { t } = useTranslation();
  const help = useContext(ErrorHelpSlot);
  const error = describeError(text);
  const userProvidesKey = help?.userProvidesKey(endpoint) ?? false;
  const endpointLabel = help?.endpointLabel(endpoint) || endpoint || t('com_ui_assistant');
  const { body, details, hint } = errorWords(error, { endpoint: endpointLabel, userProvidesKey }, t);
  const setKey =
    help && endpoint && offersSetKey(error, userProvidesKey) ? () => help.setKey(endpoint) : null;
  const retry = onRetry && offersRetry(error) ? onRetry : null;
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
    >
      <AlertIcon className="mt-0.5 shrink-0 text-red-600 dark:text-red-400" />
      <div className="min-w-0 flex-1 space-y-2">
        <p>{body}</p>
        {details && (
          <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-red-100/70 px-3 py-2 font-mono text-xs dark:bg-red-900/30">
            {details}
          </pre>
        )}
        {hint && <p>{hint}</p>}
        {(retry || setKey || onEditMessage) && (
          <div
            role="group"
            aria-label={onEditMessage ? t('com_endpoint_message_not_appendable') : undefined}
            className="flex flex-wrap gap-2 pt-1"
          >
            {onEditMessage && (
              <button type="button" className={cardButton} onClick={onEditMessage}>
                {t('com_ui_edit_your_message')}
              </button>
            )}
            {onEditMessage && onRetry && (
              <button type="button" className={cardButton} onClick={onRetry}>
                {t('com_ui_regenerate')}
              </button>
            )}
            {retry && !onEditMessage && (
              <button type="button" className={cardButton} onClick={retry}>
                {t('com_ui_retry')}
              </button>
            )}
            {setKey && (
              <button type="button" className={cardButton} onClick={setKey}>
                {t('com_ui_set_api_key')}
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
