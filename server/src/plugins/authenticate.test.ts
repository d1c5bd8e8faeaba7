import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMemoryAbortBus } from '../coordination/memory-generation-log';
import { signAccessToken } from '../lib/access-token';
import { createAccountStatus, type SignInStatus } from '../users/account-status';
import { ACCOUNT_STATUS, authenticate } from './authenticate';

const SECRET = 'authenticate-test-secret-0123456789abcdef';
const USER_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** An app with one authenticated route answering who it admitted; `stored` stands for the users table. */
function appWith(stored: Map<string, SignInStatus> | null) {
  const app = Fastify();
  if (stored) {
    const lookup = (id: string) => Promise.resolve(stored.get(id) ?? null);
    app.decorate(ACCOUNT_STATUS, createAccountStatus({ lookup, bus: createMemoryAbortBus() }));
  }
  app.get('/me', { preHandler: authenticate(SECRET) }, async (request) => request.user);
  return app;
}

describe('authenticate', () => {
  it('takes the Bearer scheme in any case, and nothing else', async () => {
    const app = appWith(new Map([[USER_ID, { role: 'USER' }]]));
    const token = await signAccessToken(SECRET, { id: USER_ID, role: 'USER' }, 60);
    const status = async (authorization: string) =>
      (await app.inject({ method: 'GET', url: '/me', headers: { authorization } })).statusCode;
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      expect(await status(`${scheme} ${token}`), scheme).toBe(200);
    }
    for (const wrong of [`Basic ${token}`, `Bearer`, `Bearer ${token} extra`, `Bearer${token}`, token]) {
      expect(await status(wrong), wrong).toBe(401);
    }
    await app.close();
  });

  it('admits with the stored role, and refuses a valid token whose account is gone', async () => {
    const app = appWith(new Map([[USER_ID, { role: 'USER' }]]));
    const claimsAdmin = await signAccessToken(SECRET, { id: USER_ID, role: 'ADMIN' }, 60);
    const me = await app.inject({ url: '/me', headers: { authorization: `Bearer ${claimsAdmin}` } });
    expect(me.json()).toEqual({ id: USER_ID, role: 'USER' });
    const gone = await signAccessToken(
      SECRET,
      { id: '9b2c6a55-8f44-4a0e-9d6f-0c1b5e7d3a21', role: 'USER' },
      60,
    );
    const refused = await app.inject({ url: '/me', headers: { authorization: `Bearer ${gone}` } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Unauthorized' });
    await app.close();
  });

  it('never admits in an app that has no account check', async () => {
    const app = appWith(null);
    const token = await signAccessToken(SECRET, { id: USER_ID, role: 'USER' }, 60);
    const response = await app.inject({ url: '/me', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(USER_ID);
    await app.close();
  });
});
