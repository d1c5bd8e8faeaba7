/**
 * Whether the database answers, as `GET /health` reports it, without making the probe wait its turn behind
 * the database's work: each check starts a `ping` (unless one is already out) and, when the database
 * answered a ping within `freshMs` and none failed since, answers at once from that. Otherwise it waits for
 * the ping. On the embedded database every query runs one after another in its worker thread, so a ping
 * queues behind whatever an import or an export is doing; a load balancer's probe must not.
 */
export interface DatabaseHealthOptions {
  /** How long a successful ping vouches for the database (default 5 s). */
  freshMs?: number;
  now?: () => number;
}

export const DATABASE_HEALTH_FRESH_MS = 5_000;

export function createDatabaseHealth(
  ping: () => Promise<void>,
  options: DatabaseHealthOptions = {},
): () => Promise<void> {
  const freshMs = options.freshMs ?? DATABASE_HEALTH_FRESH_MS;
  const now = options.now ?? (() => performance.now());
  let answeredAt = Number.NEGATIVE_INFINITY;
  let failedAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<void> | null = null;

  const probe = (): Promise<void> => {
    inFlight ??= ping().then(
      () => {
        answeredAt = now();
        inFlight = null;
      },
      (error: unknown) => {
        failedAt = now();
        inFlight = null;
        throw error;
      },
    );
    return inFlight;
  };

  return async () => {
    const pinging = probe();
    if (answeredAt > failedAt && now() - answeredAt < freshMs) {
      // Its outcome is the next check's business.
      pinging.catch(() => undefined);
      return;
    }
    await pinging;
  };
}
