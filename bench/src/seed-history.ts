import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { NO_PARENT } from '@parley/shared/constants';

export interface HistoryScale {
  conversations: number;
  messagesPerConversation: number;
}

/** An MD5 hex digest shaped as a version-4 UUID (the API accepts only RFC 9562 ids). */
const uuidFromMd5 = (hex: string): string =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;

/** The same in SQL, for a column holding an MD5 hex digest. */
const sqlUuid = (h: string): string =>
  `(substr(${h}, 1, 8) || '-' || substr(${h}, 9, 4) || '-4' || substr(${h}, 14, 3) || '-8' || substr(${h}, 18, 3) || '-' || substr(${h}, 21, 12))::uuid`;

/** Digests behind the deterministic ids, so a message's parent and conversation are computed, not looked up. */
const convoDigest = (i: string) => `md5('bench-convo-' || ${i})`;
const messageDigest = (i: string, j: string) => `md5('bench-message-' || ${i} || '-' || ${j})`;

/**
 * One user's history: conversations one minute apart (conversation 1 is the newest), each a chain of
 * alternating user and assistant messages. `$1` is the user's id.
 */
function seedStatements(scale: HistoryScale): string[] {
  const at = `now() - make_interval(mins => i)`;
  return [
    `INSERT INTO conversations (conversation_id, user_id, title, endpoint, model, created_at, updated_at)
     SELECT ${sqlUuid('c')}, $1::uuid, 'Seeded conversation ' || i, 'openAI', 'gpt-4o-mini', ${at}, ${at}
     FROM (SELECT i, ${convoDigest('i')} AS c FROM generate_series(1, ${scale.conversations}) AS i) AS s`,
    `INSERT INTO messages (message_id, conversation_id, user_id, parent_message_id, sender, text,
       is_created_by_user, model, endpoint, created_at, updated_at)
     SELECT ${sqlUuid('m')}, ${sqlUuid('c')}, $1::uuid,
       CASE WHEN j = 1 THEN '${NO_PARENT}'::uuid ELSE ${sqlUuid('p')} END,
       CASE WHEN j % 2 = 1 THEN 'User' ELSE 'GPT-4o mini' END,
       'Seeded message ' || j || ' of conversation ' || i || ': the quick brown fox jumps over the lazy dog.',
       j % 2 = 1, 'gpt-4o-mini', 'openAI', ${at} + make_interval(secs => j), ${at} + make_interval(secs => j)
     FROM (SELECT i, j, ${convoDigest('i')} AS c, ${messageDigest('i', 'j')} AS m, ${messageDigest('i', '(j - 1)')} AS p
       FROM generate_series(1, ${scale.conversations}) AS i, generate_series(1, ${scale.messagesPerConversation}) AS j) AS s`,
  ];
}

/** The id of the seeded conversation number `i` (1 is the newest). */
export function seededConversationId(i: number): string {
  return uuidFromMd5(createHash('md5').update(`bench-convo-${i}`).digest('hex'));
}

/** Runs SQL and returns rows; the same shape for `pg` and PGlite. */
type Query = (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Seeds with the secondary indexes of the two tables dropped and rebuilt afterwards from their own
 * definitions (bulk builds are much faster than a million incremental GIN updates), then analyses.
 */
async function seed(query: Query, userId: string, scale: HistoryScale): Promise<void> {
  const { rows } = await query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('conversations', 'messages')
       AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
  );
  const indexes = rows as { indexname: string; indexdef: string }[];
  for (const { indexname } of indexes) await query(`DROP INDEX "${indexname}"`);
  // The rows are consistent by construction: skip a million foreign-key checks (superuser, this session only).
  await query('SET session_replication_role = replica');
  for (const statement of seedStatements(scale)) await query(statement, [userId]);
  await query('SET session_replication_role = DEFAULT');
  await query(`SET maintenance_work_mem = '256MB'`);
  for (const { indexdef } of indexes) await query(indexdef);
  await query('VACUUM ANALYZE conversations, messages');
}

/** Seeds through `pg` into a migrated PostgreSQL database (the server may be running). */
export async function seedPostgres(url: string, userId: string, scale: HistoryScale): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await seed((sql, params) => client.query(sql, params), userId, scale);
  } finally {
    await client.end();
  }
}

/** Seeds a migrated PGlite data directory; the server using it must be stopped. */
export async function seedPglite(dataDir: string, userId: string, scale: HistoryScale): Promise<void> {
  const db = await PGlite.create(dataDir);
  try {
    await seed((sql, params) => db.query(sql, params), userId, scale);
  } finally {
    await db.close();
  }
}
