import type { ParsedEnv } from '../config/env';

/** The environment's share-link switches (API.md "Sharing and organising"). */
export interface SharesSettings {
  /** `ALLOW_SHARED_LINKS`: false hides every share route (404). */
  enabled: boolean;
  /** `ALLOW_SHARED_LINKS_PUBLIC`: links anyone may open without signing in. */
  publicAllowed: boolean;
  /** `SHARED_LINKS_SNAPSHOT_FILES`: images and files are copied into the share. */
  snapshotFiles: boolean;
  /** Share views (and copies) per IP and window. */
  ipLimit: { max: number; windowMs: number };
}

const MINUTE = 60_000;

export function sharesSettingsFrom(env: ParsedEnv): SharesSettings {
  return {
    enabled: env.ALLOW_SHARED_LINKS,
    publicAllowed: env.ALLOW_SHARED_LINKS_PUBLIC,
    snapshotFiles: env.SHARED_LINKS_SNAPSHOT_FILES,
    ipLimit: { max: env.SHARED_LINKS_IP_MAX, windowMs: Math.max(1, env.SHARED_LINKS_IP_WINDOW) * MINUTE },
  };
}
