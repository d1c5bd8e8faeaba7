import type { YamlConfig } from '../config/yaml-schema';

/** LibreChat's default: a temporary chat is kept 30 days. */
export const DEFAULT_TEMPORARY_RETENTION_HOURS = 720;
const HOUR_MS = 3_600_000;

/** YAML `interface.temporaryChatRetention` (hours, 1–8760; validated with the YAML schema) in ms. */
export function temporaryChatRetentionMs(yaml: YamlConfig | undefined): number {
  return (yaml?.interface?.temporaryChatRetention ?? DEFAULT_TEMPORARY_RETENTION_HOURS) * HOUR_MS;
}
