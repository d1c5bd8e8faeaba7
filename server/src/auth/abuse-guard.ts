import type { Counters } from '../coordination/counters';

export type LimitName = 'login' | 'register' | 'passwordReset';

export interface LimitSettings {
  max: number;
  windowMs: number;
  /** Violation points added each time the limit turns a request away. */
  violationScore: number;
}

export interface AbuseSettings {
  limits: Record<LimitName, LimitSettings>;
  ban: {
    /** Violation points within `intervalMs` that ban; 0 = bans off. */
    threshold: number;
    intervalMs: number;
    durationMs: number;
  };
}

/** Who a limit or ban applies to. */
export type Subject = { ip: string } | { userId: string };

export type AttemptOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Per-IP rate limits, violation scores and temporary bans (LibreChat's loginLimiter, logViolation,
 * banViolation, checkBan), on shared counters so that every instance sees the same numbers.
 */
export interface AbuseGuard {
  readonly settings: AbuseSettings;
  /**
   * Counts one attempt from `ip`, against the IP's own count or, with `per`, against the count of that
   * key (e.g. `email:<address>`); over the limit it is refused and a violation recorded for the IP.
   */
  attempt(limit: LimitName, ip: string, per?: string): Promise<AttemptOutcome>;
  /** Adds violation points to each subject; bans the ones reaching the threshold. */
  recordViolation(subjects: Subject[], score: number): Promise<void>;
  /** Milliseconds left on the longest ban of any subject; 0 when none is banned. */
  banRemainingMs(subjects: Subject[]): Promise<number>;
}

const keyOf = (subject: Subject): string => ('ip' in subject ? `ip:${subject.ip}` : `user:${subject.userId}`);

export function createAbuseGuard(counters: Counters, settings: AbuseSettings): AbuseGuard {
  const { ban } = settings;

  const recordViolation = async (subjects: Subject[], score: number): Promise<void> => {
    if (ban.threshold <= 0 || score <= 0) return;
    for (const subject of subjects) {
      const key = keyOf(subject);
      const { count } = await counters.increment(`violations:${key}`, score, ban.intervalMs);
      if (count >= ban.threshold && ban.durationMs > 0) {
        await counters.set(`ban:${key}`, count, ban.durationMs);
        await counters.delete(`violations:${key}`);
      }
    }
  };

  return {
    settings,
    async attempt(limit, ip, per) {
      const { max, windowMs, violationScore } = settings.limits[limit];
      const state = await counters.increment(`limit:${limit}:${per ?? `ip:${ip}`}`, 1, windowMs);
      if (state.count <= max) return { allowed: true };
      await recordViolation([{ ip }], violationScore);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(state.resetInMs / 1000)) };
    },
    recordViolation,
    async banRemainingMs(subjects) {
      if (ban.threshold <= 0) return 0;
      let remaining = 0;
      for (const subject of subjects) {
        const state = await counters.peek(`ban:${keyOf(subject)}`);
        if (state) remaining = Math.max(remaining, state.resetInMs);
      }
      return remaining;
    },
  };
}

const MINUTE = 60_000;

/** The limits and ban policy of the environment (`LOGIN_*`, `REGISTER_*`, `RESET_PASSWORD_*`, `BAN_*`). */
export function abuseSettingsFrom(env: {
  LOGIN_MAX: number;
  LOGIN_WINDOW: number;
  LOGIN_VIOLATION_SCORE: number;
  REGISTER_MAX: number;
  REGISTER_WINDOW: number;
  REGISTRATION_VIOLATION_SCORE: number;
  RESET_PASSWORD_MAX: number;
  RESET_PASSWORD_WINDOW: number;
  BAN_VIOLATIONS: number;
  BAN_INTERVAL: number;
  BAN_DURATION: number;
}): AbuseSettings {
  return {
    limits: {
      login: {
        max: env.LOGIN_MAX,
        windowMs: env.LOGIN_WINDOW * MINUTE,
        violationScore: env.LOGIN_VIOLATION_SCORE,
      },
      register: {
        max: env.REGISTER_MAX,
        windowMs: env.REGISTER_WINDOW * MINUTE,
        violationScore: env.REGISTRATION_VIOLATION_SCORE,
      },
      passwordReset: {
        max: env.RESET_PASSWORD_MAX,
        windowMs: env.RESET_PASSWORD_WINDOW * MINUTE,
        violationScore: 1,
      },
    },
    ban: {
      threshold: env.BAN_VIOLATIONS,
      intervalMs: env.BAN_INTERVAL * MINUTE,
      durationMs: env.BAN_DURATION,
    },
  };
}
