import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TurnContext } from '@parley/shared/stream/events';
import { focusRing } from '../../../components/ui/styles';
import { formatCount, formatCredits } from '../../../lib/format';

/**
 * Under the thread, above the message box: how much of the model's window the last prompt took (the context
 * gauge), what the conversation has cost so far, and how many earlier messages the prompt left out when no
 * summary stood for them. `context` is the turn just sent (its `created` event); `kept` is what the server
 * kept of the latest turn (a reload, another device): it restores the gauge, not the notice, which was said
 * when that turn was sent (a summary may stand for those messages since). `credits`: absent until known.
 */
export function ContextStrip({
  context,
  kept,
  credits,
}: {
  context: TurnContext | null;
  kept?: TurnContext | undefined;
  credits?: number | undefined;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const gauge = context ?? kept ?? null;
  const cost = credits !== undefined && (gauge || credits > 0) ? formatCredits(credits, locale) : null;
  if (!gauge && !cost) return null;
  const notSent = context && context.droppedMessages > 0 && !context.summarizedUpTo ? context : null;
  const share = gauge ? Math.min(1, gauge.promptTokens / Math.max(1, gauge.windowTokens)) : 0;
  const used = gauge ? formatCount(gauge.promptTokens, locale) : '';
  const window = gauge ? formatCount(gauge.windowTokens, locale) : '';
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 pb-1 text-xs text-neutral-600 dark:text-neutral-300">
      {notSent ? (
        <p role="status">{t('com_ui_not_sent_notice', { count: notSent.droppedMessages })}</p>
      ) : (
        <span />
      )}
      <div className="flex items-center gap-3">
        {gauge && (
          <div
            className="flex items-center gap-2"
            data-testid="context-gauge"
            title={t('com_ui_context_gauge', { used, window })}
          >
            <span className="sr-only">{t('com_ui_context_gauge', { used, window })}</span>
            <div
              aria-hidden="true"
              className="h-1.5 w-20 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-700"
            >
              <div
                className={`h-full rounded-full ${share > 0.9 ? 'bg-amber-500' : 'bg-emerald-600 dark:bg-emerald-500'}`}
                style={{ width: `${Math.round(share * 100)}%` }}
              />
            </div>
            <span aria-hidden="true" className="tabular-nums">
              {used} / {window}
            </span>
          </div>
        )}
        {cost && (
          <span
            className="tabular-nums"
            data-testid="conversation-cost"
            title={t('com_ui_conversation_cost', { cost })}
          >
            <span className="sr-only">{t('com_ui_conversation_cost', { cost })}</span>
            <span aria-hidden="true">{cost}</span>
          </span>
        )}
      </div>
    </div>
  );
}

/** After the message a summary stands for: a quiet divider that opens the summary. */
export function SummaryDivider({ summary }: { summary: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-2">
      <div className="flex items-center gap-3 text-xs text-neutral-500 dark:text-neutral-400">
        <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
          className={`rounded px-2 py-1 hover:text-neutral-800 dark:hover:text-neutral-100 ${focusRing}`}
        >
          {t('com_ui_summary_divider')}
        </button>
        <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
      </div>
      {open && (
        <p className="mt-2 rounded-md bg-neutral-50 p-3 text-sm whitespace-pre-wrap text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200">
          {summary}
        </p>
      )}
    </div>
  );
}
