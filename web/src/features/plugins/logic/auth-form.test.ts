import { describe, expect, it } from 'vitest';
import { authFieldProblem, canSaveAuth, needsAuthForm } from './auth-form';

const fields = [
  { authField: 'GOOGLE_CSE_ID', label: 'Google CSE ID', description: '' },
  { authField: 'GOOGLE_API_KEY', label: 'Google API Key', description: '' },
];

describe('plugin auth form (SPEC §5)', () => {
  it('requires a value of at least 10 characters', () => {
    expect(authFieldProblem('')).toBe('required');
    expect(authFieldProblem('   ')).toBe('required');
    expect(authFieldProblem('short')).toBe('too_short');
    expect(authFieldProblem('  short   ')).toBe('too_short');
    expect(authFieldProblem('0123456789')).toBeNull();
  });

  it('enables Save only when dirty and every field is valid', () => {
    expect(canSaveAuth(fields, {})).toBe(false);
    expect(canSaveAuth(fields, { GOOGLE_CSE_ID: '0123456789' })).toBe(false);
    expect(canSaveAuth(fields, { GOOGLE_CSE_ID: '0123456789', GOOGLE_API_KEY: 'abcdefghijk' })).toBe(true);
  });

  it('asks for credentials only when the tool has auth fields and is not authenticated', () => {
    expect(needsAuthForm({ authConfig: fields, authenticated: false })).toBe(true);
    expect(needsAuthForm({ authConfig: fields, authenticated: true })).toBe(false);
    expect(needsAuthForm({ authConfig: [] })).toBe(false);
  });
});
