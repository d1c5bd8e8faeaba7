// Rows of assistants, their actions, threads and runs; every query is scoped to its owner.
import { and, asc, desc, eq, gt, inArray, lt, notInArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  assistantActions,
  assistantRuns,
  assistants,
  assistantThreads,
  type AssistantActionRow,
  type AssistantRow,
  type AssistantRunRow,
  type AssistantThreadRow,
  type NewAssistantActionRow,
  type NewAssistantRow,
} from '../db/schema';
import type { IdFilter } from './settings';

export async function insertAssistant(db: Db, values: NewAssistantRow): Promise<AssistantRow> {
  const [row] = await db.insert(assistants).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findAssistant(db: Db, userId: string, id: string): Promise<AssistantRow | undefined> {
  const [row] = await db
    .select()
    .from(assistants)
    .where(and(eq(assistants.userId, userId), eq(assistants.id, id)));
  return row;
}

export interface ListPage {
  limit: number;
  order: 'asc' | 'desc';
  after?: AssistantRow | undefined;
  before?: AssistantRow | undefined;
  /** YAML `supportedIds`/`excludedIds`: applied in the query, so a page is full and `has_more` right. */
  ids?: IdFilter | undefined;
}

/** One page (plus one row, to tell whether more follow) of the user's assistants by (created_at, id). */
export async function listAssistants(db: Db, userId: string, page: ListPage): Promise<AssistantRow[]> {
  const conditions: SQL[] = [eq(assistants.userId, userId)];
  const past = (row: AssistantRow, later: boolean): SQL | undefined => {
    const cmp = later ? gt : lt;
    return or(
      cmp(assistants.createdAt, row.createdAt),
      and(eq(assistants.createdAt, row.createdAt), cmp(assistants.id, row.id)),
    );
  };
  const descending = page.order === 'desc';
  // `after` continues in the list's order; `before` goes back against it.
  if (page.after) conditions.push(past(page.after, !descending) as SQL);
  if (page.before) conditions.push(past(page.before, descending) as SQL);
  if (page.ids && 'only' in page.ids) conditions.push(inArray(assistants.id, [...page.ids.only]));
  if (page.ids && 'except' in page.ids) conditions.push(notInArray(assistants.id, [...page.ids.except]));
  const direction = descending ? desc : asc;
  return db
    .select()
    .from(assistants)
    .where(and(...conditions))
    .orderBy(direction(assistants.createdAt), direction(assistants.id))
    .limit(page.limit + 1);
}

export async function listAllAssistants(db: Db, userId: string): Promise<AssistantRow[]> {
  return db
    .select()
    .from(assistants)
    .where(eq(assistants.userId, userId))
    .orderBy(desc(assistants.createdAt), desc(assistants.id));
}

export async function updateAssistant(
  db: Db,
  userId: string,
  id: string,
  values: Partial<Omit<NewAssistantRow, 'id' | 'userId'>>,
): Promise<AssistantRow | undefined> {
  const [row] = await db
    .update(assistants)
    .set(values)
    .where(and(eq(assistants.userId, userId), eq(assistants.id, id)))
    .returning();
  return row;
}

/** Deletes the assistant (its actions go with it). */
export async function deleteAssistant(db: Db, userId: string, id: string): Promise<AssistantRow | undefined> {
  const [row] = await db
    .delete(assistants)
    .where(and(eq(assistants.userId, userId), eq(assistants.id, id)))
    .returning();
  return row;
}

export async function listUserActions(db: Db, userId: string): Promise<AssistantActionRow[]> {
  return db
    .select()
    .from(assistantActions)
    .where(eq(assistantActions.userId, userId))
    .orderBy(asc(assistantActions.createdAt), asc(assistantActions.actionId));
}

export async function listAssistantActions(
  db: Db,
  userId: string,
  assistantId: string,
): Promise<AssistantActionRow[]> {
  return db
    .select()
    .from(assistantActions)
    .where(and(eq(assistantActions.userId, userId), eq(assistantActions.assistantId, assistantId)))
    .orderBy(asc(assistantActions.createdAt), asc(assistantActions.actionId));
}

export async function findAction(
  db: Db,
  userId: string,
  assistantId: string,
  actionId: string,
): Promise<AssistantActionRow | undefined> {
  const [row] = await db
    .select()
    .from(assistantActions)
    .where(
      and(
        eq(assistantActions.userId, userId),
        eq(assistantActions.assistantId, assistantId),
        eq(assistantActions.actionId, actionId),
      ),
    );
  return row;
}

/** Saves the action and the assistant's new tools together. */
export async function saveActionWithTools(
  db: Db,
  userId: string,
  action: NewAssistantActionRow,
  tools: unknown[],
): Promise<{ assistant: AssistantRow; action: AssistantActionRow } | undefined> {
  return db.transaction(async (tx) => {
    const [assistant] = await tx
      .update(assistants)
      .set({ tools })
      .where(and(eq(assistants.userId, userId), eq(assistants.id, action.assistantId)))
      .returning();
    if (!assistant) return undefined;
    const [saved] = await tx
      .insert(assistantActions)
      .values(action)
      .onConflictDoUpdate({
        target: assistantActions.actionId,
        set: {
          domain: action.domain,
          metadata: action.metadata,
          apiKeyEncrypted: action.apiKeyEncrypted ?? null,
          oauthClientIdEncrypted: action.oauthClientIdEncrypted ?? null,
          oauthClientSecretEncrypted: action.oauthClientSecretEncrypted ?? null,
          updatedAt: new Date(),
        },
        // Never takes over another user's or another assistant's action id.
        setWhere: and(
          eq(assistantActions.userId, userId),
          eq(assistantActions.assistantId, action.assistantId),
        ),
      })
      .returning();
    if (!saved) throw new Error('the action id belongs to another assistant');
    return { assistant, action: saved };
  });
}

/** Deletes the action and sets the assistant's remaining tools, together. */
export async function deleteActionWithTools(
  db: Db,
  userId: string,
  assistantId: string,
  actionId: string,
  tools: unknown[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(assistantActions)
      .where(
        and(
          eq(assistantActions.userId, userId),
          eq(assistantActions.assistantId, assistantId),
          eq(assistantActions.actionId, actionId),
        ),
      )
      .returning({ actionId: assistantActions.actionId });
    if (deleted.length === 0) return false;
    await tx
      .update(assistants)
      .set({ tools })
      .where(and(eq(assistants.userId, userId), eq(assistants.id, assistantId)));
    return true;
  });
}

export async function findThreadOfConversation(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<AssistantThreadRow | undefined> {
  const [row] = await db
    .select()
    .from(assistantThreads)
    .where(and(eq(assistantThreads.userId, userId), eq(assistantThreads.conversationId, conversationId)));
  return row;
}

/** The conversation's thread, created when it has none (one per conversation). */
export async function ensureThread(
  db: Db,
  userId: string,
  conversationId: string,
  newId: string,
): Promise<AssistantThreadRow> {
  await db
    .insert(assistantThreads)
    .values({ id: newId, userId, conversationId })
    .onConflictDoNothing({ target: [assistantThreads.userId, assistantThreads.conversationId] });
  const row = await findThreadOfConversation(db, userId, conversationId);
  if (!row) throw new Error('thread not found after insert');
  return row;
}

export async function insertRun(db: Db, values: typeof assistantRuns.$inferInsert): Promise<AssistantRunRow> {
  const [row] = await db.insert(assistantRuns).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateRun(
  db: Db,
  userId: string,
  id: string,
  values: Partial<typeof assistantRuns.$inferInsert>,
): Promise<AssistantRunRow | undefined> {
  const [row] = await db
    .update(assistantRuns)
    .set(values)
    .where(and(eq(assistantRuns.userId, userId), eq(assistantRuns.id, id)))
    .returning();
  return row;
}

export async function findRun(db: Db, userId: string, id: string): Promise<AssistantRunRow | undefined> {
  const [row] = await db
    .select()
    .from(assistantRuns)
    .where(and(eq(assistantRuns.userId, userId), eq(assistantRuns.id, id)));
  return row;
}

export async function listThreadRuns(db: Db, userId: string, threadId: string): Promise<AssistantRunRow[]> {
  return db
    .select()
    .from(assistantRuns)
    .where(and(eq(assistantRuns.userId, userId), eq(assistantRuns.threadId, threadId)))
    .orderBy(asc(assistantRuns.createdAt));
}
