import fc from 'fast-check';
import { NO_PARENT } from '@parley/shared/constants';
import { paths } from '@parley/shared/api/paths';
import { hostileString, hostileUrlValue, shape } from './hostile-values';
import type { FuzzFixtures, RouteFuzz } from './fuzz-table';

const text = fc.string({ maxLength: 30 });
const uuid = fc.uuid();
const bodyId = (id: string) => fc.oneof(fc.constant(id), uuid, fc.constant(NO_PARENT));
/** A lone surrogate (which hostile strings hold) cannot be URI-encoded: it becomes U+FFFD, as a browser sends it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encodeSegment = (value: string) => encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));
const urlValue = (plausible: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 2, arbitrary: plausible.map(encodeSegment) }, { weight: 1, arbitrary: hostileUrlValue });
const tagName = fc.oneof(text, hostileString, fc.constantFrom('Work', 'work', '', 'x'.repeat(500)));

/** Archive, pins, tags, forks (issue 25): A's conversation and message ids, tag names of any shape. */
export function organiseFuzzRows(f: FuzzFixtures): Record<string, RouteFuzz> {
  return {
    [`POST ${paths.convosFork}`]: {
      auth: true,
      success: 'json',
      body: shape({
        conversationId: bodyId(f.conversationId),
        messageId: bodyId(f.messageId),
        option: fc.constantFrom('directPath', 'includeBranches', 'target', 'all'),
        splitAtTarget: fc.boolean(),
      }),
    },
    [`POST ${paths.convosDuplicate}`]: {
      auth: true,
      success: 'json',
      body: shape({ conversationId: bodyId(f.conversationId) }),
    },
    [`POST ${paths.convosArchiveAll}`]: { auth: true, success: 'json', body: fc.constant({}) },
    [`GET ${paths.tags}`]: { auth: true, success: 'json' },
    [`POST ${paths.tags}`]: {
      auth: true,
      success: 'json',
      body: shape({ tag: tagName, description: text }),
    },
    [`PUT ${paths.tag}`]: {
      auth: true,
      success: 'json',
      params: { tag: urlValue(tagName) },
      body: shape({ tag: tagName, description: text, position: fc.integer({ min: -5, max: 500 }) }),
    },
    [`DELETE ${paths.tag}`]: { auth: true, success: 'json', params: { tag: urlValue(tagName) } },
    [`PUT ${paths.tagsConvo}`]: {
      auth: true,
      success: 'json',
      params: { conversationId: urlValue(fc.oneof(fc.constant(f.conversationId), uuid)) },
      body: shape({ tags: fc.array(tagName, { maxLength: 5 }) }),
    },
  };
}
