import { z } from 'zod';

/** `GET /api/balance`: the caller's credits (1,000,000 credits = 1 USD). */
export const balanceResponseSchema = z.object({ balance: z.number() });
export type BalanceResponse = z.infer<typeof balanceResponseSchema>;

/** Credits in one US dollar. */
export const CREDITS_PER_USD = 1_000_000;
