import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES as M,
  loginRequestSchema,
  registerRequestSchema,
  requestPasswordResetRequestSchema,
  resetPasswordRequestSchema,
} from './auth';

/** field → first message, as a form shows it. */
function problems(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const validRegistration = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'correct horse',
  confirm_password: 'correct horse',
};

describe('auth request schemas', () => {
  it('login requires email and password with the form messages', () => {
    expect(problems(loginRequestSchema.safeParse({}))).toEqual({
      email: M.emailRequired,
      password: M.passwordRequired,
    });
    expect(problems(loginRequestSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: M.emailRequired,
      password: M.passwordRequired,
    });
  });

  it('login takes a loose x@y.z email of at most 120 characters', () => {
    expect(loginRequestSchema.safeParse({ email: 'a@b.c', password: '12345678' }).success).toBe(true);
    expect(problems(loginRequestSchema.safeParse({ email: 'a@b', password: '12345678' }))).toEqual({
      email: M.emailInvalid,
    });
    const long = `${'a'.repeat(115)}@b.com`;
    expect(problems(loginRequestSchema.safeParse({ email: long, password: '12345678' }))).toEqual({
      email: M.emailTooLong,
    });
  });

  it('passwords are 8 to 128 characters', () => {
    const base = { email: 'a@b.co' };
    expect(problems(loginRequestSchema.safeParse({ ...base, password: '1234567' }))).toEqual({
      password: M.passwordTooShort,
    });
    expect(loginRequestSchema.safeParse({ ...base, password: 'x'.repeat(128) }).success).toBe(true);
    expect(problems(loginRequestSchema.safeParse({ ...base, password: 'x'.repeat(129) }))).toEqual({
      password: M.passwordTooLong,
    });
  });

  it('registration accepts a valid form and treats an empty username as none', () => {
    const parsed = registerRequestSchema.parse({ ...validRegistration, username: '  ' });
    expect(parsed.username).toBe('');
    expect(registerRequestSchema.safeParse(validRegistration).success).toBe(true);
  });

  it('registration names the field of each broken rule', () => {
    const result = registerRequestSchema.safeParse({
      name: 'Al',
      username: 'a',
      email: 'a@b.c',
      password: 'correct horse',
      confirm_password: 'correct hors',
    });
    expect(problems(result)).toEqual({
      name: M.nameTooShort,
      username: M.usernameTooShort,
      email: M.emailTooShort,
      confirm_password: M.passwordsDoNotMatch,
    });
  });

  it('registration caps name and username below 80 characters', () => {
    const result = registerRequestSchema.safeParse({
      ...validRegistration,
      name: 'n'.repeat(80),
      username: 'u'.repeat(80),
    });
    expect(problems(result)).toEqual({ name: M.nameTooLong, username: M.usernameTooLong });
  });

  it('forgot-password needs an email of 3 to 120 characters', () => {
    expect(problems(requestPasswordResetRequestSchema.safeParse({ email: '' }))).toEqual({
      email: M.emailRequired,
    });
    expect(requestPasswordResetRequestSchema.safeParse({ email: 'a@b.c' }).success).toBe(true);
  });

  it('reset needs a token and a user id with the SPEC texts', () => {
    const result = resetPasswordRequestSchema.safeParse({
      token: '',
      userId: '',
      password: 'new password',
      confirm_password: 'new password',
    });
    expect(problems(result)).toEqual({ token: M.resetTokenRequired, userId: M.resetUserIdRequired });
  });
});
