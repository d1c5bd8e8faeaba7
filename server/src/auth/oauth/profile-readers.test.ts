import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuth2Provider } from './oauth-config';
import { OAuthProviderError } from './oauth-error';
import { newOAuthFlow } from './oauth-flow';
import { exchangeOAuth2Code } from './oauth2-client';
import { profileReaders } from './profile-readers';

/** Provider APIs answering the documented JSON of GitHub, Discord and Facebook for the token `good`. */
const routes: Record<string, unknown> = {
  '/github/user': { id: 42, login: 'octo', name: null, avatar_url: 'https://avatars/42' },
  '/github/user/emails': [
    { email: 'old@example.com', primary: false, verified: true },
    { email: 'Octo@Example.com', primary: true, verified: true },
    { email: 'unverified@example.com', primary: false, verified: false },
  ],
  '/discord/users/@me': {
    id: '80',
    username: 'wumpus',
    global_name: 'Wumpus',
    email: 'w@example.com',
    verified: true,
    avatar: 'abc',
  },
  '/facebook/me': {
    id: '7',
    name: 'Face Book',
    email: 'fb@example.com',
    picture: { data: { url: 'https://fb/pic' } },
  },
  '/github/token': {
    error: 'bad_verification_code',
    error_description: 'The code passed is incorrect or expired.',
  },
};

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const body = routes[req.url ?? ''];
    const authorized = req.headers.authorization === 'Bearer good' || req.url === '/github/token';
    res.writeHead(body && authorized ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body && authorized ? body : { message: 'Bad credentials' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const provider = (name: OAuth2Provider['name'], paths: Partial<OAuth2Provider>): OAuth2Provider => ({
  name,
  clientId: 'id',
  clientSecret: 'secret',
  authorizationUrl: `${base}/authorize`,
  tokenUrl: `${base}/${name}/token`,
  userinfoUrl: '',
  scope: '',
  ...paths,
});

describe('OAuth2 profile readers', () => {
  it('GitHub: takes the primary verified address and falls back to the login as name', async () => {
    const github = provider('github', {
      userinfoUrl: `${base}/github/user`,
      emailsUrl: `${base}/github/user/emails`,
    });
    expect(await profileReaders.github(github, 'good')).toEqual({
      provider: 'github',
      providerId: '42',
      email: 'Octo@Example.com',
      emailVerified: true,
      name: 'octo',
      username: 'octo',
      avatar: 'https://avatars/42',
    });
  });

  it('Discord: uses the verified flag and builds the avatar URL', async () => {
    const discord = provider('discord', { userinfoUrl: `${base}/discord/users/@me` });
    expect(await profileReaders.discord(discord, 'good')).toMatchObject({
      providerId: '80',
      email: 'w@example.com',
      emailVerified: true,
      name: 'Wumpus',
      avatar: 'https://cdn.discordapp.com/avatars/80/abc.png',
    });
  });

  it('Facebook: reads id, name, email and picture', async () => {
    const facebook = provider('facebook', { userinfoUrl: `${base}/facebook/me` });
    expect(await profileReaders.facebook(facebook, 'good')).toMatchObject({
      providerId: '7',
      email: 'fb@example.com',
      emailVerified: true,
      avatar: 'https://fb/pic',
    });
  });

  it('turns a refused token into a typed error', async () => {
    const github = provider('github', { userinfoUrl: `${base}/github/user` });
    await expect(profileReaders.github(github, 'bad')).rejects.toBeInstanceOf(OAuthProviderError);
  });

  it('reads GitHub’s 200-with-error token answer as a failure', async () => {
    const github = provider('github', {});
    await expect(exchangeOAuth2Code(github, 'code', newOAuthFlow('github'), `${base}/cb`)).rejects.toThrow(
      /bad_verification_code/,
    );
  });
});
