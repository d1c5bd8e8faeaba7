import type { FileContext, FileSource } from '@parley/shared/schemas/file';
import type { LocaleKey } from '../../../lib/locale-key';

const SOURCE_KEYS: Record<FileSource, LocaleKey> = {
  local: 'com_ui_source_local',
  s3: 'com_ui_source_s3',
  firebase: 'com_ui_source_firebase',
  openai: 'com_ui_source_openai',
  vectordb: 'com_ui_source_vectordb',
};

const CONTEXT_KEYS: Record<FileContext, LocaleKey> = {
  message_attachment: 'com_ui_context_message_attachment',
  assistants: 'com_ui_context_assistants',
  assistants_output: 'com_ui_context_assistants_output',
  image_generation: 'com_ui_context_image_generation',
  avatar: 'com_ui_context_avatar',
  unknown: 'com_ui_context_unknown',
};

/** The locale key that says in people's words where a file's bytes live (My files "Storage"). */
export const sourceKey = (source: FileSource): LocaleKey => SOURCE_KEYS[source];

/** The locale key that says what a file is for (My files "Context"); none for a file without one. */
export const contextKey = (context: FileContext | null | undefined): LocaleKey | null =>
  context ? CONTEXT_KEYS[context] : null;

/** "X MB used" or "X MB of Y MB used" values, in MB with at most two decimals (0.01 at least when used). */
export function usageFigures(used: number, limit: number | null): { used: string; limit?: string } {
  const mb = (bytes: number) => {
    const value = Math.round((bytes / 1_048_576) * 100) / 100;
    return String(bytes > 0 && value === 0 ? 0.01 : value);
  };
  return limit === null ? { used: mb(used) } : { used: mb(used), limit: mb(limit) };
}
