import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { authTextKey } from '../auth-text';

/** Translates a rule message of the shared auth schemas (or a known server answer); other text stays as is. */
export function useAuthText(): (text: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (text: string) => {
      const key = authTextKey(text);
      return key ? t(key) : text;
    },
    [t],
  );
}
