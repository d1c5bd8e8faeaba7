import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/ui/chat-icons';
import { describeError } from '../logic/error-text';

/** An error reply in words (SPEC §8 "Message error kinds"), never the raw JSON the server saved. */
export function MessageError({ text }: { text: string }) {
  const { t } = useTranslation();
  const error = describeError(text);
  let body: string;
  let details: string | null = null;
  switch (error.kind) {
    case 'moderation':
      body = t('com_error_moderation');
      break;
    case 'no_user_key':
      body = t('com_error_no_user_key');
      break;
    case 'no_base_url':
      body = t('com_error_no_base_url');
      break;
    case 'invalid_user_key':
      body = t('com_error_invalid_user_key');
      break;
    case 'expired_user_key':
      body = t('com_error_expired_user_key', { endpoint: error.endpoint, expiredAt: error.expiredAt });
      break;
    case 'ban':
      body = t('com_error_ban');
      break;
    case 'invalid_api_key':
      body = t('com_error_invalid_api_key');
      break;
    case 'insufficient_quota':
      body = t('com_error_insufficient_quota');
      break;
    case 'concurrent':
      body = t('com_error_concurrent', { limit: error.limit });
      break;
    case 'message_limit':
      body =
        error.windowMinutes === 1
          ? t('com_error_message_limit_minute', { limit: error.limit })
          : t('com_error_message_limit', { limit: error.limit, minutes: error.windowMinutes });
      break;
    case 'token_balance':
      body = t('com_error_token_balance');
      details = error.details;
      break;
    case 'illegal_model_request':
      body = t('com_error_illegal_model_request', { model: error.model, endpoint: error.endpoint });
      break;
    case 'file_upload_limit':
      body = t('com_error_file_upload_limit');
      break;
    case 'connection':
      body = t('com_error_connection');
      break;
    case 'cancel_failed':
      body = t('com_error_cancel');
      details = error.partial || null;
      break;
    case 'unknown':
      body = t('com_error_unknown');
      details = error.text;
      break;
  }
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
    >
      <AlertIcon className="mt-0.5 shrink-0 text-red-600 dark:text-red-400" />
      <div className="min-w-0 space-y-2">
        <p>{body}</p>
        {details && (
          <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-red-100/70 px-3 py-2 font-mono text-xs dark:bg-red-900/30">
            {details}
          </pre>
        )}
      </div>
    </div>
  );
}
