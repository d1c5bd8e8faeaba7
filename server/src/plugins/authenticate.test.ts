import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../lib/access-token';
import { authenticate } from './authenticate';

const SECRET = 'authenticate-test-secret-0123456789abcdef';

describe('authenticate', () => {
  it('takes the Bearer scheme in any case, and nothing else', async () => {
    const app = Fastify();
    app.get('/me', { preHandler: authenticate(SECRET) }, async (request) => ({ id: request.user.id }));
    const token = await signAccessToken(
      SECRET,
      { id: '0f8fad5b-d9cb-469f-a165-70867728950e', role: 'USER' },
      60,
    );
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
});
