import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server e2e journeys may create databases on (trust auth, as in the server tests). */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ThrowAwayDatabase {
  url: string;
  drop(): Promise<void>;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** An empty database `parley_e2e_<random>` (Parley migrates it at start); `drop()` removes it. */
export async function createThrowAwayDatabase(): Promise<ThrowAwayDatabase> {
  const name = `parley_e2e_${randomBytes(6).toString('hex')}`;
  await admin(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}
