import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResetTokens } from '../db/schema';

/** Stores the user's one valid reset token, dropping any earlier one. */
export async function replaceResetToken(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, values.userId));
    await tx.insert(passwordResetTokens).values(values);
  });
}

/** Marks the token used if it is the user's, unused and unexpired; true when it was. */
export async function consumeResetToken(
  db: Db,
  token: { userId: string; tokenHash: string; now: Date },
): Promise<boolean> {
  const used = await db
    .update(passwordResetTokens)
    .set({ usedAt: token.now })
    .where(
      and(
        eq(passwordResetTokens.userId, token.userId),
        eq(passwordResetTokens.tokenHash, token.tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, token.now),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return used.length > 0;
}
