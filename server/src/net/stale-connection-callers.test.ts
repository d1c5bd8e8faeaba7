// The server's own calls to the URLs an administrator configured (sign-in providers, model lists, moderation,
// Ollama) send a request again once when its kept-alive connection was closed under it, against a real socket
// server that resets the first request. Each failed without it: a sign-in ended at /login?error=auth_failed.
import { describe, expect, it } from 'vitest';
import { resettingServer } from '../../test/resetting-server';
import { fetchWithToken } from '../auth/oauth/oauth2-client';
import { newOAuthFlow } from '../auth/oauth/oauth-flow';
import { createOpenIdConnect } from '../auth/oauth/openid-connect';
import { createOpenAIModeration } from '../chat/moderation';
import { fetchOpenAIModels } from '../endpoints/fetch-openai-models';
import { createOllamaDetector } from '../endpoints/ollama-detector';

describe('a call whose first request is reset', () => {
  it('OpenID discovery still finds the provider', async () => {
    const server = await resettingServer(1, (issuer) => ({
      status: 200,
      json: {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      },
    }));
    const openid = createOpenIdConnect({
      issuer: server.url,
      clientId: 'parley',
      clientSecret: 'secret',
      scope: 'openid profile email',
    });
    const url = await openid.authorizationUrl(
      newOAuthFlow('openid'),
      'http://parley.test/oauth/openid/callback',
    );
    expect(url.startsWith(`${server.url}/auth?`)).toBe(true);
    expect(server.requests).toBe(2);
  });

  it('an OAuth2 provider API answers', async () => {
    const server = await resettingServer(1, { status: 200, json: { id: 7, login: 'ada' } });
    expect(await fetchWithToken(`${server.url}/user`, 'token')).toEqual({ id: 7, login: 'ada' });
    expect(server.requests).toBe(2);
  });

  it('a model list is read', async () => {
    const server = await resettingServer(1, { status: 200, json: { data: [{ id: 'gpt-4o' }] } });
    const models = await fetchOpenAIModels(
      { baseURL: `${server.url}/v1`, apiKey: 'sk' },
      AbortSignal.timeout(30_000),
    );
    expect(models).toEqual(['gpt-4o']);
    expect(server.requests).toBe(2);
  });

  it('moderation answers', async () => {
    const server = await resettingServer(1, { status: 200, json: { results: [{ flagged: true }] } });
    const moderation = createOpenAIModeration({ apiKey: 'sk', baseURL: `${server.url}/v1` });
    expect(await moderation.isFlagged('text')).toBe(true);
    expect(server.requests).toBe(2);
  });

  it('a local Ollama is found', async () => {
    const server = await resettingServer(1, { status: 200, json: { models: [{ name: 'llama3' }] } });
    const detector = createOllamaDetector(server.url, Date.now, 30_000);
    expect(await detector.detect()).toEqual(['llama3']);
    expect(server.requests).toBe(2);
  });
});
