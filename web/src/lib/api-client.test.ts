import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, errorFromResponse, parseSuccessBody } from './api-client';

describe('errorFromResponse', () => {
  it('keeps message, code and fields of an API error body', () => {
    const body = JSON.stringify({
      message: 'email: Invalid email',
      code: 'validation',
      fields: { email: 'Invalid email' },
    });
    const error = errorFromResponse(400, 'Bad Request', body);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'email: Invalid email',
      code: 'validation',
      fields: { email: 'Invalid email' },
    });
  });

  it('keeps a Retry-After of whole seconds, and nothing else', () => {
    const body = '{"message":"Too many","code":"rate_limit"}';
    expect(errorFromResponse(429, 'Too Many Requests', body, '240')).toMatchObject({
      retryAfterSeconds: 240,
    });
    expect(errorFromResponse(429, 'Too Many Requests', 'not json', '7')).toMatchObject({
      retryAfterSeconds: 7,
    });
    for (const header of [null, undefined, '', 'Wed, 21 Oct 2015 07:28:00 GMT', '-3']) {
      expect(errorFromResponse(429, 'Too Many Requests', body, header).retryAfterSeconds).toBeUndefined();
    }
  });

  it('reads a body with only a message', () => {
    expect(errorFromResponse(401, 'Unauthorized', '{"message":"Unauthorized"}')).toMatchObject({
      status: 401,
      message: 'Unauthorized',
      code: undefined,
      fields: undefined,
    });
  });

  it('falls back to the status text for a body that is not the API error shape', () => {
    expect(errorFromResponse(502, 'Bad Gateway', '<html>proxy error</html>')).toMatchObject({
      status: 502,
      message: 'Bad Gateway',
    });
    expect(errorFromResponse(404, '', '{"error":"nope"}')).toMatchObject({
      status: 404,
      message: 'Request failed with status 404',
    });
  });
});

describe('parseSuccessBody', () => {
  const schema = z.object({ token: z.string() });

  it('returns the parsed body', () => {
    expect(parseSuccessBody(200, '{"token":"abc","extra":1}', schema)).toEqual({ token: 'abc' });
  });

  it('throws invalid_response for a body that is not JSON (e.g. an HTML fallback page)', () => {
    expect(() => parseSuccessBody(200, '<!doctype html>', schema)).toThrow(
      expect.objectContaining({ name: 'ApiError', status: 200, code: 'invalid_response' }),
    );
  });

  it('throws invalid_response, keeping the zod error as cause, for the wrong shape', () => {
    try {
      parseSuccessBody(200, '{"token":1}', schema);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('invalid_response');
      expect((error as ApiError).cause).toBeInstanceOf(z.ZodError);
    }
  });

  it('reads an empty body as undefined', () => {
    expect(parseSuccessBody(204, '', z.undefined())).toBeUndefined();
  });
});
