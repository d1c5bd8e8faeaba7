import fc from 'fast-check';

/** JSON text spliced as is into a generated body: numbers JSON.stringify cannot write, deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
}

const nested = (open: string, close: string, depth: number) => `${open.repeat(depth)}${close.repeat(depth)}`;

/** Deep nesting that must neither crash the JSON parser nor overflow a stack (10,000 levels). */
export const DEEP_ARRAYS = new RawJson(nested('[', ']', 10_000));
export const DEEP_OBJECTS = new RawJson(`${'{"a":'.repeat(10_000)}null${'}'.repeat(10_000)}`);

/** A response body must never show where the server's code lives. */
export const LEAK_PATTERNS = [/\bat \S+:\d+/, /node_modules/, /\.ts:/];
const leaks = (text: string) => LEAK_PATTERNS.some((pattern) => pattern.test(text));

/** Generated text never looks like a leak itself (the server may echo a path or field name). */
const clean = (arbitrary: fc.Arbitrary<string>) => arbitrary.filter((text) => !leaks(text));

export const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'a\uDFFFb',
  '\uDBFF\uD800',
  '\u202Eevil\u202C',
  '\u200F\u200E\u061C',
  '\uFEFF',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0302\u0303\u0304\u0305\u0306',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐',
  '\r\n\t\u000b\f',
  '\u2028\u2029',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  '١٢٣',
  'null',
  'true',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'new',
  'all',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-1FFF-8FFF-FFFFFFFFFFFF',
  '{00000000-0000-0000-0000-000000000000}',
  '00000000000000000000000000000000',
  'not-a-uuid',
  '../../../etc/passwd',
  "'; drop table users; --",
  '%00%ZZ%',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'a'.repeat(257),
];

const loneSurrogates = fc.string({
  unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  maxLength: 4,
});

/** Up to ~1 MB: past every field's own limit but under the body limit. */
const hugeString = fc
  .tuple(fc.constantFrom('x', 'é', '😀', 'a b ', '\u0301'), fc.integer({ min: 1_000, max: 500_000 }))
  .map(([unit, times]) => unit.repeat(times));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 3, arbitrary: clean(fc.string({ unit: 'binary', maxLength: 40 })) },
  { weight: 2, arbitrary: clean(fc.string({ unit: 'grapheme', maxLength: 20 })) },
  { weight: 1, arbitrary: loneSurrogates },
  { weight: 1, arbitrary: hugeString },
);

export const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom(
    new RawJson('1e309'),
    new RawJson('-1e309'),
    new RawJson('-0'),
    new RawJson('1e-400'),
    new RawJson('123456789012345678901234567890'),
    new RawJson('0.30000000000000004'),
  ),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any one wrong or nasty JSON value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.constantFrom(DEEP_ARRAYS, DEEP_OBJECTS) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...EDGE_STRINGS), { maxLength: 5 }) },
);

/** An extra field's name: plausible, odd or enormous. */
const extraKey = fc.oneof(
  fc.constantFrom(
    'extra',
    'userId',
    'user',
    'id',
    '_id',
    'role',
    'isAdmin',
    '$where',
    '',
    ' ',
    'a.b',
    '\uD800',
  ),
  clean(fc.string({ unit: 'grapheme', maxLength: 10 })),
  fc.constant('k'.repeat(10_000)),
);

/** Marks a field left out of a generated object. */
const MISSING = Symbol('missing');

/**
 * An object of the route's fields: each one plausible (`fields`), hostile or missing, tuned so that about
 * one field in a body is wrong and a third of the bodies are entirely plausible (which reach the service),
 * sometimes with extra fields; now and then no object at all.
 */
export function shape(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const odds = Math.max(4, Object.keys(fields).length);
  const model = Object.fromEntries(
    Object.entries(fields).map(([name, plausible]) => [
      name,
      fc.oneof(
        { weight: 2 * odds, arbitrary: plausible },
        { weight: 1, arbitrary: hostileValue },
        { weight: 1, arbitrary: fc.constant(MISSING) },
      ),
    ]),
  );
  const extras = fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(extraKey, hostileValue, { maxKeys: 3 }) },
  );
  const object = fc.tuple(fc.record(model), extras).map(([known, extra]) => ({
    ...extra,
    ...Object.fromEntries(Object.entries(known).filter(([, value]) => value !== MISSING)),
  }));
  return fc.oneof({ weight: 12, arbitrary: object }, { weight: 1, arbitrary: hostileValue });
}

/** JSON text of a generated value; `RawJson` parts are spliced in verbatim. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A request body as sent: mostly JSON of a generated value, sometimes broken JSON or another media type. */
export interface BodyPayload {
  contentType: string;
  payload: string;
}

const BROKEN_JSON = [
  '',
  '{',
  '{"a":}',
  "{'a':1}",
  '[1,]',
  'nul',
  '"\\x00"',
  '{"a":1}{"b":2}',
  '\u0000',
  '\uFEFF{}',
];

export function bodyPayload(value: fc.Arbitrary<unknown>): fc.Arbitrary<BodyPayload> {
  const json = value.map((v) => ({ contentType: 'application/json', payload: toJsonText(v) }));
  return fc.oneof(
    { weight: 12, arbitrary: json },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...BROKEN_JSON)
        .map((payload) => ({ contentType: 'application/json', payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/json; charset=utf-16',
            'application/json; charset=latin1',
            'APPLICATION/JSON',
            'application/jsonp',
          ),
          value,
        )
        .map(([contentType, v]) => ({ contentType, payload: toJsonText(v) })),
    },
  );
}

/** A path or query value, percent-encoded as a client would (or not: broken escapes too). */
export const hostileUrlValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: hostileString.filter((text) => text.length < 5_000).map(encodeLoosely) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', '%ZZ', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%2e%2e%2f', '..', '.'),
  },
);

/** `encodeURIComponent`, which throws on lone surrogates: those are written as the broken escape `%ED%A0%80`. */
function encodeLoosely(text: string): string {
  return [...text].map((char) => (isLoneSurrogate(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
}

const isLoneSurrogate = (char: string) => char.length === 1 && /[\uD800-\uDFFF]/.test(char);
