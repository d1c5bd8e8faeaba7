import { startFakeBing } from '@parley/fakes/bing-server';
import type { BingReply } from '@parley/fakes/bing-script';
import { describe, expect, it } from 'vitest';
import { collectEvents } from '../conformance/collect-events';
import type { ChatRequest } from '../types';
import { helloBing } from './bing-conformance-target';
import { createBingProvider } from './bing-provider';
import { COOKIES, textOf, useFakeBing } from './test-support';

const provider = createBingProvider();
const { fake, request, run, hubRecords } = useFakeBing(provider);

describe('bingAI reply', () => {
  it('turns whole-text updates into deltas and skips the search query message', async () => {
    const { events } = await run({ chunks: ['The ', 'answer', '.'], searchQuery: 'answer' });

    expect(events.filter((e) => e.type === 'text-delta')).toEqual([
      { type: 'text-delta', delta: 'The ' },
      { type: 'text-delta', delta: 'answer' },
      { type: 'text-delta', delta: '.' },
    ]);
    expect(events.slice(-2).map((e) => e.type)).toEqual(['provider-state', 'finish']);
    expect(events.at(-1)).toMatchObject({
      reason: 'stop',
      rawReason: 'Success',
      usage: { inputTokens: expect.any(Number), outputTokens: expect.any(Number) },
    });
  });

  it('links citations to their sources, holding back a half-received marker, and lists the sources', async () => {
    const url = 'https://en.wikipedia.org/wiki/Paris';
    const { events } = await run({
      chunks: ['Paris is the capital', ' [^1', '^] of France', '.'],
      sourceAttributions: [{ providerDisplayName: 'Paris - Wikipedia', seeMoreUrl: url }],
    });

    expect(events.flatMap((e) => (e.type === 'text-delta' ? [e.delta] : []))).toEqual([
      'Paris is the capital',
      ' ',
      `[1](${url}) of France`,
      '.',
      `\n\n---\n1. [Paris - Wikipedia](${url})`,
    ]);
  });

  it('appends an Image Creator reply as a single presentation iframe', async () => {
    const { events } = await run({ text: "I'll draw that.", imagePrompt: 'a red fox' });

    expect(textOf(events)).toMatch(
      /^I'll draw that\.\n\n<iframe role="presentation" src="https:\/\/www\.bing\.com\/images\/create\?[^"<>]*q=a\+red\+fox[^"<>]*"><\/iframe>$/,
    );
  });

  it('keeps the streamed text and finishes content-filter when Bing retracts the reply', async () => {
    const { events } = await run({
      chunks: ['Some ', 'text'],
      apology: 'Sorry! Let’s try a different topic.',
    });

    expect(textOf(events)).toBe('Some text');
    expect(events.at(-1)).toMatchObject({ type: 'finish', reason: 'content-filter', rawReason: 'Apology' });
  });

  it("shows Bing's apology when the reply is refused before any text", async () => {
    const { events } = await run({ text: '', apology: 'Sorry, I can’t help with that.' });

    expect(textOf(events)).toBe('Sorry, I can’t help with that.');
    expect(events.at(-1)).toMatchObject({ reason: 'content-filter' });
  });

  it('keeps pinging while the reply streams', async () => {
    const chatty = createBingProvider({ pingIntervalMs: 20 });
    fake().script({ replies: [{ chunks: ['a', 'b', 'c'], delayMs: 40 }] });

    await collectEvents(chatty, request(), new AbortController().signal);

    const pings = hubRecords().filter(
      (r) => typeof r === 'object' && r !== null && 'type' in r && r.type === 6,
    );
    expect(pings.length).toBeGreaterThanOrEqual(3);
  });
});

describe('bingAI errors', () => {
  async function errorOf(reply: BingReply, req?: ChatRequest): Promise<unknown> {
    return (await run(reply, req)).error;
  }

  it('maps cookies refused at conversation create to invalid_key', async () => {
    const error = await errorOf({ text: 'unused' }, helloBing({ cookies: '_U=stale', baseURL: fake().url }));

    expect(error).toMatchObject({
      kind: 'invalid_key',
      message: expect.stringMatching(/^Bing: UnauthorizedRequest/),
    });
    expect(fake().requests.some((r) => r.method === 'GET' && r.path === '/sydney/ChatHub')).toBe(false);
  });

  it('maps a CAPTCHA challenge at create to invalid_key with a hint', async () => {
    const error = await errorOf({ createResult: { value: 'CaptchaChallenge' } });

    expect(error).toMatchObject({ kind: 'invalid_key', message: expect.stringContaining('CAPTCHA') });
  });

  it('maps a Throttled result of the reply to rate_limit', async () => {
    const error = await errorOf({ result: { value: 'Throttled', message: 'Request is throttled.' } });

    expect(error).toMatchObject({ kind: 'rate_limit', message: 'Bing: Throttled: Request is throttled.' });
  });

  it('maps an expired conversation (InvalidSession) to bad_request', async () => {
    const stale = {
      conversationId: 'gone',
      clientId: '1',
      encryptedConversationSignature: 'sig',
      invocationId: 3,
    };
    const error = await errorOf({ text: 'unused' }, request({ params: { providerState: stale } }));

    expect(error).toMatchObject({ kind: 'bad_request', message: expect.stringContaining('InvalidSession') });
  });

  it('maps a type-7 close from the hub to upstream, after the deltas', async () => {
    const { events, error } = await run({ chunks: ['a', 'b'], hubError: 'Connection closed with an error.' });

    expect(textOf(events)).toBe('ab');
    expect(error).toMatchObject({ kind: 'upstream', message: expect.stringContaining('Connection closed') });
  });

  it('fails with timeout when the hub stays silent longer than the idle limit', async () => {
    const impatient = createBingProvider({ idleTimeoutMs: 150, pingIntervalMs: 10_000 });
    fake().script({ replies: [{ chunks: ['a', 'b'], stallAfterChunks: 1 }] });

    const { error } = await collectEvents(impatient, request(), new AbortController().signal);

    expect(error).toMatchObject({ kind: 'timeout' });
  });

  it('maps an unreachable host to network', async () => {
    const closed = await startFakeBing();
    const url = closed.url;
    await closed.close();

    const { error } = await collectEvents(
      provider,
      helloBing({ cookies: COOKIES, baseURL: url }),
      new AbortController().signal,
    );

    expect(error).toMatchObject({ kind: 'network' });
  });

  it('fails with bad_request when there is no user text to send', async () => {
    const error = await errorOf({ text: 'unused' }, request({ messages: [] }));

    expect(error).toMatchObject({ kind: 'bad_request' });
    expect(fake().requests.filter((r) => r.method === 'GET')).toHaveLength(0);
  });
});
