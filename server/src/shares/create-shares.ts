import type { AppConfig } from '../config/app-config';
import type { Db } from '../db/client';
import type { FilesService } from '../files/service';
import { createFileStorage } from '../storage/create-file-storage';
import { createShareFileLinks } from './share-file-links';
import { createSharesService, type SharesService } from './service';
import { sharesSettingsFrom, type SharesSettings } from './settings';

/** Messages per insert of a snapshot or a copy: PGlite decodes on one thread, so its batches are smaller. */
export const SHARE_MESSAGES_PER_STATEMENT = { postgres: 500, pglite: 100 } as const;

export interface AppShares {
  service: SharesService;
  settings: SharesSettings;
  close(): Promise<void>;
}

/** Share links as `buildApp` wires them: the app's file storage and files feature, the environment's switches. */
export function createAppShares(deps: {
  config: AppConfig;
  db: Db;
  engine: keyof typeof SHARE_MESSAGES_PER_STATEMENT;
  files: FilesService;
  now: () => Date;
}): AppShares {
  const { config, files } = deps;
  const settings = sharesSettingsFrom(config.env);
  const storage = createFileStorage(config.fileStorage);
  const service = createSharesService({
    db: deps.db,
    settings,
    storage,
    links: createShareFileLinks(config.secrets.jwtSecret),
    files: {
      attachmentsFor: (userId, fileIds) => files.attachmentsFor(userId, fileIds),
      saveCopy: (userId, file) => files.saveToolOutput(userId, file),
    },
    now: deps.now,
    batchSize: SHARE_MESSAGES_PER_STATEMENT[deps.engine],
  });
  return { service, settings, close: () => storage.close() };
}
