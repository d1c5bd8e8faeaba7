import type { TFunction } from 'i18next';
import { i18n } from '../../../lib/i18n';
import { formatAmount, formatInstant } from '../../../lib/format';
import type { ErrorDisplay } from './error-text';

export interface ErrorWords {
  body: string;
  /** Raw details shown under the sentence (balance figures, the provider's own words). */
  details: string | null;
  /** What the user can do, shown after the details (when the body leads into them). */
  hint?: string;
}

/**
 * An error reply in plain words (SPEC §8, SPEC's own texts where it gives them): names the endpoint and says
 * what the user can do — set a key only when the endpoint lets them (`userProvidesKey`), else ask the
 * administrator; retry where retrying can help.
 */
export function errorWords(
  error: ErrorDisplay,
  context: { endpoint: string; userProvidesKey: boolean },
  t: TFunction,
): ErrorWords {
  const { endpoint, userProvidesKey } = context;
  const words = (body: string, details: string | null = null): ErrorWords => ({ body, details });
  switch (error.kind) {
    case 'moderation':
      return words(t('com_error_moderation'));
    case 'no_user_key':
      return words(t('com_error_no_user_key'));
    case 'no_base_url':
      return words(t('com_error_no_base_url'));
    case 'invalid_user_key':
      return words(t('com_error_invalid_user_key'));
    case 'expired_user_key':
      return words(
        t('com_error_expired_user_key', { endpoint: error.endpoint || endpoint, expiredAt: error.expiredAt }),
      );
    case 'ban':
      return words(t('com_error_ban'));
    case 'invalid_api_key':
      return words(
        userProvidesKey
          ? t('com_error_invalid_api_key', { endpoint })
          : t('com_error_invalid_api_key_admin', { endpoint }),
      );
    case 'insufficient_quota':
      return words(
        userProvidesKey
          ? t('com_error_insufficient_quota', { endpoint })
          : t('com_error_insufficient_quota_admin', { endpoint }),
      );
    case 'concurrent':
      return words(t('com_error_concurrent', { limit: error.limit }));
    case 'message_limit':
      return words(
        error.windowMinutes === 1
          ? t('com_error_message_limit_minute', { limit: error.limit })
          : t('com_error_message_limit', { limit: error.limit, minutes: error.windowMinutes }),
      );
    case 'token_balance':
      return {
        ...words(t('com_error_token_balance'), error.details),
        hint: t('com_error_token_balance_help'),
      };
    case 'budget_exceeded':
      return words(
        t(`com_error_budget_exceeded_${error.period}`, {
          spent: formatAmount(error.metric, error.spent, i18n.language),
          limit: formatAmount(error.metric, error.limit, i18n.language),
          resetsAt: error.resetsAt ? formatInstant(error.resetsAt, i18n.language) : '',
        }),
      );
    case 'illegal_model_request':
      return words(
        t('com_error_illegal_model_request', { model: error.model, endpoint: error.endpoint || endpoint }),
      );
    case 'unknown_endpoint':
      return words(t('com_error_unknown_endpoint', { endpoint: error.endpoint || endpoint }));
    case 'file_upload_limit':
      return words(t('com_error_file_upload_limit'));
    case 'upstream':
      return words(t('com_error_upstream', { endpoint }), error.detail || null);
    case 'context_length':
      return words(t('com_error_context_length', { endpoint }), error.detail || null);
    case 'connection':
      return words(t('com_error_connection'));
    case 'cancel_failed':
      return words(t('com_error_cancel'), error.partial || null);
    case 'unknown':
      return words(t('com_error_unknown'), error.text);
  }
}
