import { describe, expect, it } from 'vitest';
import { createMemoryCounters } from '../coordination/counters-memory';
import { createAbuseGuard, type AbuseSettings } from './abuse-guard';

const settings: AbuseSettings = {
  limits: {
    login: { max: 1, windowMs: 60_000, violationScore: 1 },
    register: { max: 1, windowMs: 60_000, violationScore: 3 },
    passwordReset: { max: 1, windowMs: 60_000, violationScore: 1 },
  },
  ban: { threshold: 3, intervalMs: 10 * 60_000, durationMs: 2 * 60 * 60_000 },
};

function guardWithClock() {
  let now = 1_000_000;
  const counters = createMemoryCounters(() => now);
  return { guard: createAbuseGuard(counters, settings), advance: (ms: number) => (now += ms), counters };
}

describe('abuse guard', () => {
  it('lets an attempt through again once the window has passed', async () => {
    const { guard, advance } = guardWithClock();
    expect(await guard.attempt('login', 'a')).toEqual({ allowed: true });
    expect(await guard.attempt('login', 'a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    advance(60_001);
    expect(await guard.attempt('login', 'a')).toEqual({ allowed: true });
  });

  it('weighs violations by the limit’s score and lifts the ban after its duration', async () => {
    const { guard, advance } = guardWithClock();
    await guard.attempt('register', 'a');
    await guard.attempt('register', 'a');
    expect(await guard.banRemainingMs([{ ip: 'a' }])).toBe(2 * 60 * 60_000);
    advance(2 * 60 * 60_000);
    expect(await guard.banRemainingMs([{ ip: 'a' }])).toBe(0);
  });

  it('forgets violations older than the ban interval', async () => {
    const { guard, advance } = guardWithClock();
    await guard.recordViolation([{ userId: 'u' }], 2);
    advance(10 * 60_000 + 1);
    await guard.recordViolation([{ userId: 'u' }], 2);
    expect(await guard.banRemainingMs([{ userId: 'u' }])).toBe(0);
    await guard.recordViolation([{ userId: 'u' }], 1);
    expect(await guard.banRemainingMs([{ userId: 'u' }])).toBeGreaterThan(0);
  });

  it('bans nobody when the threshold is 0', async () => {
    const { counters } = guardWithClock();
    const off = createAbuseGuard(counters, { ...settings, ban: { ...settings.ban, threshold: 0 } });
    await off.recordViolation([{ ip: 'a' }], 100);
    expect(await off.banRemainingMs([{ ip: 'a' }])).toBe(0);
  });
});
