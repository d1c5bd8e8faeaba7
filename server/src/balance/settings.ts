import type { ParsedEnv } from '../config/env';
import type { YamlConfig } from '../config/yaml-schema';

export type RefillUnit = 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months';

/** YAML `balance.autoRefill*`: `amount` credits are added once `every` `unit`s passed since the last refill. */
export interface AutoRefill {
  amount: number;
  every: number;
  unit: RefillUnit;
}

/** CHECK_BALANCE and START_BALANCE (and YAML's auto-refill), as the balance service takes them. */
export interface BalanceSettings {
  /** CHECK_BALANCE: refuse a turn the balance cannot pay for, and debit every turn. */
  enabled: boolean;
  /** START_BALANCE: the credits a user's balance starts with (created on first use). */
  startBalance: number;
  /** Absent: balances are never refilled. */
  autoRefill?: AutoRefill | undefined;
}

/** LibreChat's defaults when only `autoRefillEnabled` and `refillAmount` are given: every 30 days. */
const DEFAULT_EVERY = 30;
const DEFAULT_UNIT: RefillUnit = 'days';

/** The auto-refill YAML `balance` asks for; undefined when it is off or refills nothing. */
export function autoRefillOf(yaml: YamlConfig['balance'] | undefined): AutoRefill | undefined {
  if (!yaml?.autoRefillEnabled || !yaml.refillAmount || yaml.refillAmount <= 0) return undefined;
  return {
    amount: yaml.refillAmount,
    every: yaml.refillIntervalValue ?? DEFAULT_EVERY,
    unit: yaml.refillIntervalUnit ?? DEFAULT_UNIT,
  };
}

export const balanceSettingsFromEnv = (
  env: Pick<ParsedEnv, 'CHECK_BALANCE' | 'START_BALANCE'>,
  yamlBalance?: YamlConfig['balance'],
): BalanceSettings => ({
  enabled: env.CHECK_BALANCE,
  startBalance: env.START_BALANCE,
  autoRefill: autoRefillOf(yamlBalance),
});
