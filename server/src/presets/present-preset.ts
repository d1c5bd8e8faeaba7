import type { Preset } from '@parley/shared/schemas/preset';
import { readOptions } from '../conversations/present-conversation';
import type { PresetRecord } from './repo';

/** A row as the API shows it: options spread into top-level fields, `user` = owner id, ISO timestamps. */
export function presentPreset(row: PresetRecord): Preset {
  return {
    ...readOptions(row.options),
    presetId: row.presetId,
    title: row.title,
    user: row.userId,
    endpoint: row.endpoint,
    endpointType: row.endpointType,
    model: row.model,
    defaultPreset: row.defaultPreset,
    order: row.order,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
