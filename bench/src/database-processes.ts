import pg from 'pg';
import { cpuTimeMs } from './proc-readings';

/** PostgreSQL's processes serving one database: their pids, read through another connection. */
export async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** The CPU time of these processes together, in ms; one that ended meanwhile counts for nothing. */
export const cpuTimeOfMs = (pids: readonly number[]): number =>
  pids.reduce((sum, pid) => {
    try {
      return sum + cpuTimeMs(pid);
    } catch {
      return sum;
    }
  }, 0);
