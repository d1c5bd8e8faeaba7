import type { FileStorageSettings } from '../config/file-storage-settings';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

/** The storage the configuration names (`fileStrategy`, validated at start-up). */
export function createFileStorage(settings: FileStorageSettings): FileStorage {
  switch (settings.kind) {
    case 'local':
      return createLocalStorage(settings.root);
    case 's3':
      return createS3Storage(settings);
  }
}
