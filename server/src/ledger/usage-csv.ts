import type { Db } from '../db/client';
import { dailyBatches, ledgerBatches, type UsageFilter } from './usage-repo';

/** A spreadsheet runs a cell that starts with one of these as a formula; such text is sent with a quote first. */
const FORMULA_START = /^[=+\-@\t\r]/u;
const cell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

export const LEDGER_COLUMNS = [
  'id',
  'at',
  'userId',
  'userLabel',
  'conversationId',
  'endpoint',
  'model',
  'kind',
  'promptTokens',
  'completionTokens',
  'cacheReadTokens',
  'cacheWriteTokens',
  'credits',
  'requestId',
  'unpriced',
] as const;

export const DAILY_COLUMNS = [
  'day',
  'userId',
  'userLabel',
  'model',
  'requests',
  'promptTokens',
  'completionTokens',
  'credits',
] as const;

/**
 * The CSV's records (header first) for csv-stringify: the raw ledger or the daily rollup per user and model,
 * read batch by batch so a million rows stream in constant memory.
 */
export async function* usageCsv(
  db: Db,
  level: 'daily' | 'ledger',
  filter: UsageFilter,
): AsyncGenerator<(string | number)[]> {
  if (level === 'ledger') {
    yield [...LEDGER_COLUMNS];
    for await (const batch of ledgerBatches(db, filter)) {
      for (const row of batch) {
        yield [
          row.id,
          row.at,
          row.userId,
          cell(row.userLabel),
          row.conversationId ?? '',
          cell(row.endpoint),
          cell(row.model),
          row.kind,
          row.promptTokens,
          row.completionTokens,
          row.cacheReadTokens,
          row.cacheWriteTokens,
          row.credits,
          cell(row.requestId),
          row.unpriced ? 'true' : 'false',
        ];
      }
    }
    return;
  }
  yield [...DAILY_COLUMNS];
  for await (const batch of dailyBatches(db, filter)) {
    for (const row of batch) {
      yield [
        row.day,
        row.userId,
        cell(row.userLabel),
        cell(row.model),
        row.requests,
        row.promptTokens,
        row.completionTokens,
        row.credits,
      ];
    }
  }
}
