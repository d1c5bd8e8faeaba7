import { DEFAULT_TITLE } from '@parley/shared/constants';
import type { TFunction } from 'i18next';

/**
 * A conversation's title as people read it: the stored default "New Chat" (SPEC §3) is the untitled state
 * and shows in the user's language; any other title is the user's or the model's words, shown as stored.
 */
export function displayTitle(title: string | null | undefined, t: TFunction): string {
  const trimmed = title?.trim() ?? '';
  return trimmed === '' || trimmed === DEFAULT_TITLE ? t('com_ui_untitled_conversation') : trimmed;
}
