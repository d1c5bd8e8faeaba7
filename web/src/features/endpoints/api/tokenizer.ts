import { useQuery } from '@tanstack/react-query';
import { paths } from '@parley/shared/api/paths';
import { tokenizerResponseSchema } from '@parley/shared/schemas/tokenizer';
import { apiPost } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** SPEC §9: the token count asks the server 250 ms after the text stops changing. */
export const TOKENIZER_DEBOUNCE_MS = 250;
/** SPEC §5/§8: Bing takes about 7k tokens of context; more may make it fail. */
export const BING_CONTEXT_TOKEN_LIMIT = 7000;

/** The token count of `text` from `POST /api/tokenizer` (undefined while unknown; 0 for empty text). */
export function useTokenCount(text: string): number | undefined {
  const settled = useDebouncedValue(text, TOKENIZER_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: [paths.tokenizer, settled],
    queryFn: ({ signal }) => apiPost(paths.tokenizer, { arg: settled }, tokenizerResponseSchema, { signal }),
    enabled: settled.trim() !== '',
    staleTime: Infinity,
  });
  if (settled.trim() === '') return 0;
  return query.data?.count;
}
