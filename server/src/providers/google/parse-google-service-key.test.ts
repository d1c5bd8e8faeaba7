import { describe, expect, it } from 'vitest';
import { parseGoogleServiceKey } from './parse-google-service-key';

const privateKey = `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(640)}\n-----END PRIVATE KEY-----\n`;
const valid = {
  type: 'service_account',
  project_id: 'my-project',
  private_key_id: 'abc',
  private_key: privateKey,
  client_email: 'bot@my-project.iam.gserviceaccount.com',
  token_uri: 'https://oauth2.googleapis.com/token',
};

describe('parseGoogleServiceKey', () => {
  it('accepts a key file as text and keeps only the fields Parley uses', () => {
    expect(parseGoogleServiceKey(JSON.stringify(valid))).toEqual({
      ok: true,
      key: {
        project_id: 'my-project',
        private_key: privateKey,
        client_email: 'bot@my-project.iam.gserviceaccount.com',
        token_uri: 'https://oauth2.googleapis.com/token',
      },
    });
  });

  it('accepts already parsed JSON without a token_uri', () => {
    const { token_uri: _omitted, ...withoutTokenUri } = valid;

    expect(parseGoogleServiceKey(withoutTokenUri)).toMatchObject({
      ok: true,
      key: { project_id: 'my-project' },
    });
  });

  it('refuses text that is not JSON', () => {
    expect(parseGoogleServiceKey('{ not json')).toEqual({ ok: false, reason: 'the file is not valid JSON' });
  });

  it.each([
    [{ client_email: 'not-an-email' }, 'client_email: must be a valid email'],
    [{ project_id: 'ab' }, 'project_id: must have at least 3 characters'],
    [{ private_key: 'x'.repeat(600) }, 'private_key: must have at least 601 characters'],
    [{ token_uri: 'ftp://example.com/token' }, 'token_uri: must be an http(s) URL'],
  ])('refuses %j with "%s"', (override, reason) => {
    expect(parseGoogleServiceKey({ ...valid, ...override })).toEqual({ ok: false, reason });
  });

  it('accepts a private key of exactly 601 characters', () => {
    expect(parseGoogleServiceKey({ ...valid, private_key: 'k'.repeat(601) }).ok).toBe(true);
  });

  it('names the missing field when the file is not a key at all', () => {
    expect(parseGoogleServiceKey({})).toEqual({
      ok: false,
      reason: expect.stringMatching(/^client_email: /),
    });
  });
});
