import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { searchConversations } from '../../server/src/search/service';
import { createUsersService } from '../../server/src/users/service';
import { createBenchDatabase } from './bench-database';
import type { Figure, Section } from './report';
import { ms, percentile } from './stats';

/**
 * Search latency over a big history: one user with 10,000 conversations and 1,000,000 messages, through
 * the search service (parse → tsquery → ranked page of conversations → their best messages →
 * highlights), on PostgreSQL and on PGlite. Words follow a Zipf law over a 5,000-word vocabulary (with
 * accented words), so common words match hundreds of thousands of messages and rare ones a few hundred.
 */

const CONVERSATIONS = 10_000;
const MESSAGES_PER_CONVERSATION = 100;
/** PGlite seeding is slow (WASM, one core); past this it stops at the next batch and says how far it got. */
const PGLITE_SEED_BUDGET_MS = 5 * 60_000;
const VOCABULARY_SIZE = 5_000;
const SENTENCES = 20_000;
const WORDS_PER_SENTENCE = 12;
const RUNS_PER_QUERY = 3;

const count = (n: number): string => n.toLocaleString('en-US');

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same text. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ze',
  'bra',
  'cho',
  'dri',
  'fel',
  'gan',
  'hos',
  'pla',
];
const ACCENTED = [
  'résumé',
  'café',
  'naïve',
  'Zürich',
  'façade',
  'crème',
  'São',
  'Ærøskøbing',
  'élève',
  'señor',
];

/** Word of rank r (0 = most common): a few accented words among made-up ones. */
export function vocabulary(): string[] {
  const next = random(7);
  const words = new Set<string>();
  while (words.size < VOCABULARY_SIZE) {
    const length = 2 + Math.floor(next() * 3);
    words.add(Array.from({ length }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(''));
  }
  const list = [...words];
  ACCENTED.forEach((word, i) => list.splice(40 + i * 150, 0, word));
  return list.slice(0, VOCABULARY_SIZE);
}

/** Sentences of Zipf-distributed words (P(rank r) ∝ 1/(r+1)); messages are made of two of them. */
function sentences(words: readonly string[]): string[] {
  const cumulative: number[] = [];
  let total = 0;
  words.forEach((_, rank) => cumulative.push((total += 1 / (rank + 1))));
  const next = random(11);
  const pick = (): string => {
    const target = next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] ?? 0) < target) low = mid + 1;
      else high = mid;
    }
    return words[low] ?? '';
  };
  return Array.from({ length: SENTENCES }, () => Array.from({ length: WORDS_PER_SENTENCE }, pick).join(' '));
}

/** ~50 searches a user might type: content words of every frequency, phrases, prefixes, accents, operators. */
export function queries(words: readonly string[]): string[] {
  const at = (rank: number): string => words[rank] ?? '';
  const ranks = [60, 120, 200, 300, 450, 600, 800, 1000, 1300, 1600, 2000, 2500, 3000, 3600, 4200, 4900];
  return [
    ...ranks.map(at),
    ...ranks.slice(0, 8).map((rank) => `${at(rank)} ${at(rank + 7)}`),
    ...ranks.slice(0, 6).map((rank) => `"${at(rank)} ${at(rank + 1)}"`),
    ...ranks.slice(2, 8).map((rank) => `${at(rank).slice(0, 4)}*`),
    'resume',
    'CAFE',
    'zurich',
    'aeroskobing',
    'eleve senor',
    `${at(100)} -${at(5)}`,
    `${at(700)} or ${at(900)}`,
    `${at(1500)} or ${at(2500)}`,
    at(1),
    at(5),
    at(20),
    `${at(2)} ${at(3)}`,
    'nothingmatchesthis',
    `"${at(0)} ${at(1)} ${at(2)}"`,
  ];
}

export async function seed(
  database: Database,
  budgetMs: number,
): Promise<{ userId: string; messages: number }> {
  const { db } = database;
  const { user } = await createUsersService(db).create({
    name: 'Bench',
    username: 'bench',
    email: 'bench@example.com',
    passwordHash: null,
  });
  const words = vocabulary();
  await db.execute(sql`create unlogged table bench_sentences (n int primary key, body text not null)`);
  await db.execute(sql`insert into bench_sentences
    select ordinality - 1, value from json_array_elements_text(${JSON.stringify(sentences(words))}::json)
      with ordinality`);
  await db.execute(sql`insert into conversations (user_id, title, endpoint, model, created_at, updated_at)
    select ${user.id}, s.body, 'openAI', 'gpt-4o', now() - make_interval(mins => i), now() - make_interval(mins => i)
      from generate_series(1, ${CONVERSATIONS}) i
      join bench_sentences s on s.n = (i * 7919) % ${SENTENCES}`);
  const started = performance.now();
  const batch = 1_000;
  let seeded = 0;
  for (let first = 0; first < CONVERSATIONS; first += batch) {
    await db.execute(sql`insert into messages
        (conversation_id, user_id, text, sender, is_created_by_user, created_at, updated_at)
      select c.conversation_id, ${user.id}, a.body || ' ' || b.body, case when j % 2 = 1 then 'User' else 'AI' end,
             j % 2 = 1, c.created_at + make_interval(secs => j), c.created_at + make_interval(secs => j)
        from (select conversation_id, created_at, row_number() over (order by conversation_id) as k
                from conversations) c
        cross join generate_series(1, ${MESSAGES_PER_CONVERSATION}) j
        join bench_sentences a on a.n = ((c.k * ${MESSAGES_PER_CONVERSATION} + j) * 104729) % ${SENTENCES}
        join bench_sentences b on b.n = ((c.k * ${MESSAGES_PER_CONVERSATION} + j) * 15485863 + 1) % ${SENTENCES}
       where c.k > ${first} and c.k <= ${first + batch}`);
    seeded += batch * MESSAGES_PER_CONVERSATION;
    console.log(
      `  ${count(seeded)} messages seeded (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    if (performance.now() - started > budgetMs) break;
  }
  await db.execute(sql`drop table bench_sentences`);
  await db.execute(sql`analyze`);
  return { userId: user.id, messages: seeded };
}

interface EngineRun {
  seconds: number;
  messages: number;
  samples: number[];
}

async function measure(database: Database, budgetMs: number): Promise<EngineRun> {
  const started = performance.now();
  const { userId, messages } = await seed(database, budgetMs);
  const seconds = (performance.now() - started) / 1000;
  const list = queries(vocabulary());
  const run = (q: string, pageNumber = 1) => searchConversations(database.db, userId, { q, pageNumber });
  for (const q of list.slice(0, 5)) await run(q);
  const samples: number[] = [];
  for (let round = 0; round < RUNS_PER_QUERY; round += 1) {
    for (const [index, q] of list.entries()) {
      const begun = performance.now();
      await run(q, index % 10 === 9 ? 2 : 1);
      samples.push(performance.now() - begun);
    }
  }
  return { seconds, messages, samples };
}

async function onPostgres(): Promise<EngineRun> {
  console.log('  PostgreSQL');
  const target = await createBenchDatabase();
  const database = await openDatabase({ databaseUrl: target.url, poolMax: 2 });
  try {
    await migrateDatabase(database);
    return await measure(database, Number.POSITIVE_INFINITY);
  } finally {
    await database.close();
    await target.drop();
  }
}

async function onPglite(): Promise<EngineRun> {
  console.log('  PGlite');
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-bench-search-'));
  const database = await openDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    return await measure(database, PGLITE_SEED_BUDGET_MS);
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function figures(engine: string, run: EngineRun, targets?: { p50: string; p99: string }): Figure[] {
  const scale = `${count(run.messages)} messages`;
  return [
    { name: `${engine}: seed ${scale} (with search indexes)`, value: `${run.seconds.toFixed(0)} s` },
    {
      name: `${engine}: search p50, ${scale}`,
      value: ms(percentile(run.samples, 50)),
      ...(targets ? { target: targets.p50 } : {}),
    },
    {
      name: `${engine}: search p99, ${scale}`,
      value: ms(percentile(run.samples, 99)),
      ...(targets ? { target: targets.p99 } : {}),
    },
  ];
}

export async function benchSearch(): Promise<Section> {
  const postgres = await onPostgres();
  const pglite = await onPglite();
  return {
    title: 'Conversation search (one user, 10,000 conversations)',
    figures: [
      ...figures('PostgreSQL', postgres, { p50: '< 30 ms', p99: '< 150 ms' }),
      ...figures('PGlite', pglite),
    ],
    note:
      `${queries(vocabulary()).length} queries × ${RUNS_PER_QUERY} runs through the search service (words of every ` +
      'frequency, phrases, prefixes, accents, exclusions, or; every tenth on page 2). Each returns a ranked page ' +
      'of 25 conversations with their best messages and highlights. PGlite seeding stops after ~5 minutes at ' +
      'the next batch; its figures name how many messages it held.',
  };
}
