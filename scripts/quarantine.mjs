// Tests that failed intermittently and are being fixed. `npm test` runs everything else with no retries; these
// run after it, apart, with two retries, and are named on every run — a flaky test is a defect, never hidden.
// Add an entry only with the failure seen and the issue that fixes it; remove it with the fix.

/** @type {{ file: string, why: string }[]} Vitest files, as paths from the repository root. */
export const QUARANTINED_UNIT_FILES = [];

/** @type {{ file: string, why: string }[]} Playwright journeys, as paths from `e2e/`. */
export const QUARANTINED_JOURNEYS = [];
