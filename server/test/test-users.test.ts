import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-app';
import { createTestUser } from './test-users';

describe('createTestUser', () => {
  let current: TestApp | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });

  it('creates a user whose token and password work against the app', async () => {
    current = await buildTestApp();
    const { user, headers, password } = await createTestUser(current, { email: 'Test@Example.com' });
    const me = await current.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(me.json()).toMatchObject({ id: user.id, email: 'test@example.com', role: 'ADMIN' });
    const login = await current.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
    });
    expect(login.statusCode).toBe(200);
    expect((await createTestUser(current)).user.role).toBe('USER');
  });
});
