/** SPEC §8 "Message error kinds": an error reply's text is parsed as JSON; its code or type picks the wording. */
export const RAW_ERROR_LIMIT = 512;

export type ErrorDisplay =
  | { kind: 'moderation' }
  | { kind: 'no_user_key' }
  | { kind: 'no_base_url' }
  | { kind: 'invalid_user_key' }
  | { kind: 'expired_user_key'; endpoint: string; expiredAt: string }
  | { kind: 'ban' }
  | { kind: 'invalid_api_key' }
  | { kind: 'insufficient_quota' }
  | { kind: 'concurrent'; limit: number }
  | { kind: 'message_limit'; limit: number; windowMinutes: number }
  | { kind: 'token_balance'; details: string }
  | {
      kind: 'budget_exceeded';
      period: 'day' | 'week' | 'month';
      metric: 'credits' | 'tokens' | 'requests';
      limit: number;
      spent: number;
      resetsAt: string;
    }
  | { kind: 'illegal_model_request'; model: string; endpoint: string }
  | { kind: 'unknown_endpoint'; endpoint: string }
  | { kind: 'file_upload_limit' }
  | { kind: 'upstream'; detail: string }
  | { kind: 'context_length'; detail: string }
  | { kind: 'connection' }
  | { kind: 'cancel_failed'; partial: string }
  | { kind: 'unknown'; text: string };

const SIMPLE = new Set([
  'moderation',
  'no_user_key',
  'no_base_url',
  'invalid_user_key',
  'ban',
  'invalid_api_key',
  'insufficient_quota',
  'file_upload_limit',
  'connection',
]);

function asObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const str = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
function num(value: unknown, fallback: number): number {
  const parsed =
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : fallback;
}

export function describeError(text: string): ErrorDisplay {
  const data = asObject(text);
  const kind = data ? str(data.type) || str(data.code) : '';
  if (!data || kind === '') return { kind: 'unknown', text: text.slice(0, RAW_ERROR_LIMIT) };
  if (SIMPLE.has(kind)) return { kind } as ErrorDisplay;
  switch (kind) {
    case 'expired_user_key':
      return { kind, endpoint: str(data.endpoint), expiredAt: str(data.expiredAt) };
    case 'concurrent':
      return { kind, limit: num(data.limit, 1) };
    case 'message_limit':
      return { kind, limit: num(data.limit, 1), windowMinutes: num(data.windowInMinutes ?? data.window, 1) };
    case 'token_balance': {
      const { balance, promptTokens, tokenCost, generations } = data;
      const lines = [
        `Balance: ${str(balance)}`,
        `Prompt tokens: ${str(promptTokens)}`,
        `Cost: ${str(tokenCost)}`,
      ];
      if (generations !== undefined) lines.push(`Generations: ${JSON.stringify(generations, null, 2)}`);
      return { kind, details: lines.join('\n') };
    }
    case 'illegal_model_request':
      return { kind, model: str(data.model), endpoint: str(data.endpoint) };
    case 'budget_exceeded':
      return budgetExceeded(data.budget);
    case 'unknown_endpoint':
      return { kind, endpoint: str(data.endpoint) };
    case 'cancel_failed':
      return { kind, partial: str(data.partial) };
    case 'upstream':
    case 'context_length':
      return { kind, detail: str(data.message).slice(0, RAW_ERROR_LIMIT) };
    default:
      return { kind: 'unknown', text: str(data.message, text).slice(0, RAW_ERROR_LIMIT) };
  }
}

/** `402 budget_exceeded`'s budget (API.md "Administration, budgets and usage"). */
function budgetExceeded(value: unknown): ErrorDisplay {
  const budget = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const period = budget.period === 'day' || budget.period === 'week' ? budget.period : 'month';
  const metric = budget.metric === 'tokens' || budget.metric === 'requests' ? budget.metric : 'credits';
  return {
    kind: 'budget_exceeded',
    period,
    metric,
    limit: num(budget.limit, 0),
    spent: num(budget.spent, 0),
    resetsAt: str(budget.resetsAt),
  };
}

/** A client-side error reply's text (no server message to show): the same JSON shape the server saves. */
export function errorText(type: string, details: Record<string, unknown> = {}): string {
  return JSON.stringify({ type, ...details });
}

/** The kinds a user can fix with their own key, when the endpoint lets them set one. */
const KEY_KINDS: ReadonlySet<ErrorDisplay['kind']> = new Set([
  'no_user_key',
  'expired_user_key',
  'invalid_user_key',
  'no_base_url',
  'invalid_api_key',
  'insufficient_quota',
]);

export const offersSetKey = (error: ErrorDisplay, userProvidesKey: boolean): boolean =>
  userProvidesKey && KEY_KINDS.has(error.kind);

/** Retrying cannot help a refusal that only the user's own change (text, key, model) can lift. */
const NO_RETRY: ReadonlySet<ErrorDisplay['kind']> = new Set([
  'moderation',
  'ban',
  'no_user_key',
  'no_base_url',
  'illegal_model_request',
  'budget_exceeded',
  'unknown_endpoint',
]);

export const offersRetry = (error: ErrorDisplay): boolean => !NO_RETRY.has(error.kind);
