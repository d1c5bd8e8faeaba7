import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { paths } from '@parley/shared/api/paths';
import { TWO_FACTOR_ERROR_CODES } from '@parley/shared/schemas/two-factor';
import { totpCodeAt } from '../../src/two-factor/totp';
import { createTestUser, type TestUser } from '../test-users';
import type { OwnershipCase, OwnershipContext } from './ownership-cases';
import { call, expectAUntouched } from './ownership-probes';

const OWNER_PASSWORD = 'owner-password-2fa';
const OTHER_PASSWORD = 'other-password-2fa';

interface WithTwoFactor {
  account: TestUser;
  secret: string;
  backupCodes: string[];
}

/** A user with a password (the seeded users have none) and two-factor sign-in on. */
async function userWithTwoFactor(ctx: OwnershipContext, password: string): Promise<WithTwoFactor> {
  const { app } = ctx.server;
  const user = await createTestUser(ctx.server, { password });
  const enabled = await call(app, user, 'POST', paths.twoFactorEnable, { password });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const { secret, backupCodes } = enabled.json<{ secret: string; backupCodes: string[] }>();
  const token = totpCodeAt(secret, Date.now());
  const confirmed = await call(app, user, 'POST', paths.twoFactorConfirm, { token });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { account: user, secret, backupCodes };
}

/** The owner's two-factor sign-in is still on with every backup code, and A's rows are as seeded. */
async function expectOwnerUntouched(ctx: OwnershipContext, { account }: WithTwoFactor): Promise<void> {
  const status = await call(ctx.server.app, account, 'GET', paths.twoFactor);
  expect(status.json()).toEqual({ enabled: true, backupCodesLeft: 10 });
  await expectAUntouched(ctx);
}

function expectRefused(response: LightMyRequestResponse, code: string): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ code });
}

/** Two-factor sign-in (issue 24): B reaching the owner's secret, codes and state through B's own routes. */
export const TWO_FACTOR_CASES: OwnershipCase[] = [
  {
    route: `GET ${paths.twoFactor}`,
    name: 'reading the two-factor state (only the caller’s)',
    check: async (ctx) => {
      const owner = await userWithTwoFactor(ctx, OWNER_PASSWORD);
      const asB = await call(ctx.server.app, ctx.b, 'GET', paths.twoFactor);
      expect(asB.json()).toEqual({ enabled: false, backupCodesLeft: 0 });
      await expectOwnerUntouched(ctx, owner);
    },
  },
  {
    route: `POST ${paths.twoFactorEnable}`,
    name: 'setting it up with the owner’s password, or for oneself',
    check: async (ctx) => {
      const owner = await userWithTwoFactor(ctx, OWNER_PASSWORD);
      const b = await createTestUser(ctx.server, { password: OTHER_PASSWORD });
      const { app } = ctx.server;
      const withOwners = await call(app, b, 'POST', paths.twoFactorEnable, { password: OWNER_PASSWORD });
      expectRefused(withOwners, 'wrong_password');
      const own = await call(app, b, 'POST', paths.twoFactorEnable, { password: OTHER_PASSWORD });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json<{ secret: string }>().secret).not.toBe(owner.secret);
      await expectOwnerUntouched(ctx, owner);
    },
  },
  {
    route: `POST ${paths.twoFactorConfirm}`,
    name: 'confirming with the owner’s code',
    check: async (ctx) => {
      const owner = await userWithTwoFactor(ctx, OWNER_PASSWORD);
      const b = await createTestUser(ctx.server, { password: OTHER_PASSWORD });
      const { app } = ctx.server;
      const token = totpCodeAt(owner.secret, Date.now());
      const notPending = await call(app, b, 'POST', paths.twoFactorConfirm, { token });
      expectRefused(notPending, TWO_FACTOR_ERROR_CODES.notPending);
      const started = await call(app, b, 'POST', paths.twoFactorEnable, { password: OTHER_PASSWORD });
      expect(started.statusCode, started.body).toBe(200);
      const pending = await call(app, b, 'POST', paths.twoFactorConfirm, { token });
      expectRefused(pending, TWO_FACTOR_ERROR_CODES.invalidCode);
      expect((await call(app, b, 'GET', paths.twoFactor)).json()).toMatchObject({ enabled: false });
      await expectOwnerUntouched(ctx, owner);
    },
  },
  {
    route: `POST ${paths.twoFactorDisable}`,
    name: 'turning it off with the owner’s password and codes',
    check: async (ctx) => {
      const owner = await userWithTwoFactor(ctx, OWNER_PASSWORD);
      const b = await userWithTwoFactor(ctx, OTHER_PASSWORD);
      const { app } = ctx.server;
      const token = totpCodeAt(owner.secret, Date.now());
      for (const factor of [{ token }, { backupCode: owner.backupCodes[0] }]) {
        const withOwners = { password: OWNER_PASSWORD, ...factor };
        expectRefused(
          await call(app, b.account, 'POST', paths.twoFactorDisable, withOwners),
          'wrong_password',
        );
        const withOwn = { password: OTHER_PASSWORD, ...factor };
        const refused = await call(app, b.account, 'POST', paths.twoFactorDisable, withOwn);
        expectRefused(refused, TWO_FACTOR_ERROR_CODES.invalidCode);
      }
      expect((await call(app, b.account, 'GET', paths.twoFactor)).json()).toMatchObject({ enabled: true });
      await expectOwnerUntouched(ctx, owner);
    },
  },
  {
    route: `POST ${paths.twoFactorRegenerateBackupCodes}`,
    name: 'making new backup codes with the owner’s code',
    check: async (ctx) => {
      const owner = await userWithTwoFactor(ctx, OWNER_PASSWORD);
      const b = await userWithTwoFactor(ctx, OTHER_PASSWORD);
      const token = totpCodeAt(owner.secret, Date.now());
      const again = await call(ctx.server.app, b.account, 'POST', paths.twoFactorRegenerateBackupCodes, {
        token,
      });
      expectRefused(again, TWO_FACTOR_ERROR_CODES.invalidCode);
      expect(again.body).not.toContain(owner.backupCodes[0]);
      await expectOwnerUntouched(ctx, owner);
    },
  },
  {
    route: `DELETE ${paths.adminUserTwoFactor}`,
    name: 'a USER token resetting anyone’s two-factor sign-in is 403',
    check: async (ctx) => {
      const owner = await userWithTwoFactor(ctx, OWNER_PASSWORD);
      expect(ctx.b.user.role).toBe('USER');
      for (const id of [owner.account.user.id, ctx.a.user.id, ctx.b.user.id]) {
        const reset = await call(ctx.server.app, ctx.b, 'DELETE', `/api/admin/users/${id}/2fa`);
        expect(reset.statusCode, reset.body).toBe(403);
      }
      await expectOwnerUntouched(ctx, owner);
    },
  },
];
