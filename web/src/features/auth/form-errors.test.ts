import { describe, expect, it } from 'vitest';
import { registerRequestSchema } from '@parley/shared/schemas/auth';
import { firstIssuePerField, hasErrors, visibleFieldErrors } from './form-errors';

const FIELDS = ['name', 'username', 'email', 'password', 'confirm_password'] as const;
const valid = {
  name: 'Ada Lovelace',
  username: '',
  email: 'ada@example.com',
  password: 'correct horse',
  confirm_password: 'correct horse',
};

function errorsOf(values: Record<(typeof FIELDS)[number], string>) {
  const parsed = registerRequestSchema.safeParse(values);
  return parsed.success ? {} : firstIssuePerField(parsed.error.issues, FIELDS);
}

describe('firstIssuePerField', () => {
  it('has nothing to say about valid values', () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it('keeps the first failing rule of each field, in the order the schema checks them', () => {
    expect(errorsOf({ ...valid, name: '', password: 'short', confirm_password: 'other' })).toEqual({
      name: 'Name is required',
      password: 'Password must be at least 8 characters',
      confirm_password: 'Passwords do not match',
    });
  });

  it('accepts an empty optional username but not a one-letter one', () => {
    expect(errorsOf({ ...valid, username: 'a' })).toEqual({
      username: 'Username must be at least 2 characters',
    });
  });

  it('ignores issues about fields the form does not have', () => {
    const issues = registerRequestSchema.safeParse({ ...valid, name: '' }).error!.issues;
    expect(firstIssuePerField(issues, ['email'] as const)).toEqual({});
  });
});

describe('visibleFieldErrors', () => {
  const client = { name: 'Name is required', email: 'Email is required' };

  it('shows no rule failure of a field nobody has changed yet', () => {
    expect(
      visibleFieldErrors({ client, server: {}, touched: new Set<'name' | 'email'>(), submitted: false }),
    ).toEqual({});
  });

  it("shows a changed field's rule failure", () => {
    expect(visibleFieldErrors({ client, server: {}, touched: new Set(['email']), submitted: false })).toEqual(
      { email: 'Email is required' },
    );
  });

  it('shows every failure after a submit attempt', () => {
    expect(
      visibleFieldErrors({ client, server: {}, touched: new Set<'name' | 'email'>(), submitted: true }),
    ).toEqual(client);
  });

  it("shows the server's word on a field until the field's own rule failure takes over", () => {
    const server = { email: 'An account with this email already exists.' };
    expect(
      visibleFieldErrors({ client: {}, server, touched: new Set<'name' | 'email'>(), submitted: true }),
    ).toEqual(server);
    expect(visibleFieldErrors({ client, server, touched: new Set(['email']), submitted: false })).toEqual({
      email: 'Email is required',
    });
  });
});

describe('hasErrors', () => {
  it('is what disables submit', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ name: undefined })).toBe(false);
    expect(hasErrors({ name: 'Name is required' })).toBe(true);
  });
});
