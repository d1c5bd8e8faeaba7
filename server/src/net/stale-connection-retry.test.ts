// The retry against a real socket server that resets requests (server/test/resetting-server.ts).
import { describe, expect, it } from 'vitest';
import { resettingServer } from '../../test/resetting-server';
import { withStaleConnectionRetry } from './stale-connection-retry';

const OK = { status: 200, json: { ok: true } };
const post = { method: 'POST', body: '{"stream":true}', headers: { 'content-type': 'application/json' } };

describe('withStaleConnectionRetry', () => {
  it('sends a request again once when its connection was reset before any answer', async () => {
    const plain = await resettingServer(1, OK);
    await expect(fetch(`${plain.url}/v1/chat/completions`, post)).rejects.toThrow('fetch failed');

    const server = await resettingServer(1, OK);
    const response = await withStaleConnectionRetry(fetch)(`${server.url}/v1/chat/completions`, post);
    expect(await response.json()).toEqual({ ok: true });
    expect(server.requests).toBe(2);
  });

  it('sends it only once more: a second reset is the failure', async () => {
    const server = await resettingServer(5, OK);
    await expect(withStaleConnectionRetry(fetch)(`${server.url}/v1/chat/completions`, post)).rejects.toThrow(
      'fetch failed',
    );
    expect(server.requests).toBe(2);
  });

  it('never sends again after an answer, an error status included', async () => {
    const server = await resettingServer(0, { status: 500, json: { error: 'boom' } });
    const response = await withStaleConnectionRetry(fetch)(`${server.url}/v1/chat/completions`, post);
    expect(response.status).toBe(500);
    expect(server.requests).toBe(1);
  });

  it('does not send a streamed body again, which was read once', async () => {
    const server = await resettingServer(1, OK);
    const body = new Blob(['{"stream":true}']).stream();
    await expect(
      withStaleConnectionRetry(fetch)(`${server.url}/v1/chat/completions`, {
        ...post,
        body,
        duplex: 'half',
      } as RequestInit),
    ).rejects.toThrow('fetch failed');
    expect(server.requests).toBe(1);
  });

  it('when asked for idempotent requests only, sends a GET again but not a POST', async () => {
    const gets = await resettingServer(1, OK);
    const idempotentOnly = withStaleConnectionRetry(fetch, { idempotentOnly: true });
    expect(await (await idempotentOnly(`${gets.url}/pets/1`)).json()).toEqual({ ok: true });
    expect(gets.requests).toBe(2);
    const posts = await resettingServer(1, OK);
    await expect(idempotentOnly(`${posts.url}/orders`, post)).rejects.toThrow('fetch failed');
    expect(posts.requests).toBe(1);
  });
});
