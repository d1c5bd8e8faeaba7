import type { ParsedEnv } from '../config/env';

/** CHECK_BALANCE and START_BALANCE, as the balance service takes them. */
export interface BalanceSettings {
  /** CHECK_BALANCE: refuse a turn the balance cannot pay for, and debit every turn. */
  enabled: boolean;
  /** START_BALANCE: the credits a user's balance starts with (created on first use). */
  startBalance: number;
}

export const balanceSettingsFromEnv = (
  env: Pick<ParsedEnv, 'CHECK_BALANCE' | 'START_BALANCE'>,
): BalanceSettings => ({
  enabled: env.CHECK_BALANCE,
  startBalance: env.START_BALANCE,
});
