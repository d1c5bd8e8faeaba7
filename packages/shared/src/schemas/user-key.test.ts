import { describe, expect, it } from 'vitest';
import { parseGoogleServiceKey, putUserKeyBodySchema, userKeyNameFor } from './user-key';

const validKey = {
  type: 'service_account',
  client_email: 'bot@proj.iam.gserviceaccount.com',
  project_id: 'proj-1',
  private_key: 'k'.repeat(601),
};

describe('user keys', () => {
  it('accepts a Google service key file that meets SPEC §5 and keeps its other fields', () => {
    expect(parseGoogleServiceKey(JSON.stringify(validKey))).toEqual(validKey);
  });

  it('refuses a file that does not parse or breaks a rule', () => {
    expect(parseGoogleServiceKey('not json')).toBeNull();
    expect(parseGoogleServiceKey(JSON.stringify({ ...validKey, client_email: 'nope' }))).toBeNull();
    expect(parseGoogleServiceKey(JSON.stringify({ ...validKey, project_id: 'ab' }))).toBeNull();
    expect(parseGoogleServiceKey(JSON.stringify({ ...validKey, private_key: 'k'.repeat(600) }))).toBeNull();
  });

  it('requires a non-blank value with the message "value is required"', () => {
    const result = putUserKeyBodySchema.safeParse({ name: 'openAI', value: ' ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('value is required');
    expect(putUserKeyBodySchema.safeParse({ name: 'openAI', value: 'k', expiresAt: null }).success).toBe(
      true,
    );
  });

  it('stores the plugins key under the OpenAI or Azure name', () => {
    expect(userKeyNameFor('gptPlugins')).toBe('openAI');
    expect(userKeyNameFor('gptPlugins', { azure: true })).toBe('azureOpenAI');
    expect(userKeyNameFor('Groq')).toBe('Groq');
  });
});
