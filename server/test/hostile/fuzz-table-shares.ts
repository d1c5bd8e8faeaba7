import fc from 'fast-check';
import { paths } from '@parley/shared/api/paths';
import { hostileUrlValue, shape } from './hostile-values';
import type { FuzzFixtures, RouteFuzz } from './fuzz-table';

const shareId = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{22}$/),
  fc.constantFrom('AAAAAAAAAAAAAAAAAAAAAA', 'short', ''),
);
const urlValue = (plausible: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 2, arbitrary: plausible.map(encodeURIComponent) },
    { weight: 1, arbitrary: hostileUrlValue },
  );
const visibility = fc.constantFrom('signed_in', 'public', 'everyone', '');
const expiresIn = fc.constantFrom('1h', '1d', '7d', '30d', null, '2h', 3600);

/** Share links (issue 25): A's conversation and message ids, share ids of any shape, odd settings. */
export function sharesFuzzRows(f: FuzzFixtures): Record<string, RouteFuzz> {
  const conversation = urlValue(fc.oneof(fc.constant(f.conversationId), fc.uuid()));
  return {
    [`GET ${paths.shares}`]: {
      auth: true,
      success: 'json',
      query: { cursor: urlValue(fc.string({ maxLength: 40 })) },
    },
    [`POST ${paths.shareCreate}`]: {
      auth: true,
      success: 'json',
      params: { id: conversation },
      body: shape({
        targetMessageId: fc.oneof(fc.constant(f.messageId), fc.uuid(), fc.string({ maxLength: 10 })),
        visibility,
        expiresIn,
      }),
    },
    [`GET ${paths.share}`]: { auth: false, success: 'json', params: { id: urlValue(shareId) } },
    [`PATCH ${paths.share}`]: {
      auth: true,
      success: 'json',
      params: { id: urlValue(shareId) },
      body: shape({ refresh: fc.constantFrom(true, false, 'yes'), visibility, expiresIn }),
    },
    [`DELETE ${paths.share}`]: { auth: true, success: 'json', params: { id: urlValue(shareId) } },
    [`GET ${paths.shareOfConversation}`]: {
      auth: true,
      success: 'json',
      params: { conversationId: conversation },
    },
    [`POST ${paths.shareCopy}`]: { auth: true, success: 'json', params: { id: urlValue(shareId) } },
    [`GET ${paths.shareFile}`]: {
      auth: false,
      success: 'bytes',
      params: { id: urlValue(shareId), fileId: urlValue(fc.uuid()) },
      query: { exp: urlValue(fc.string({ maxLength: 12 })), sig: urlValue(fc.string({ maxLength: 50 })) },
    },
  };
}
