import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';

describe('POST /api/tokenizer', () => {
  let test: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    test = await buildTestApp();
    ({ headers } = await createTestUser(test, { password: null }));
  });
  afterAll(() => test.close());

  it('counts the tokens of {arg: text} and of {arg: {text}}', async () => {
    const plain = await test.app.inject({
      method: 'POST',
      url: '/api/tokenizer',
      headers,
      payload: { arg: 'hello world' },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({ count: 2 });
    const wrapped = await test.app.inject({
      method: 'POST',
      url: '/api/tokenizer',
      headers,
      payload: { arg: { text: 'hello world, again' } },
    });
    expect(wrapped.json()).toEqual({ count: 4 });
  });

  it('answers 400 without text and 401 without a token', async () => {
    const missing = await test.app.inject({ method: 'POST', url: '/api/tokenizer', headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    const anonymous = await test.app.inject({ method: 'POST', url: '/api/tokenizer', payload: { arg: 'x' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
