import { useEffect } from 'react';
import { DEFAULT_APP_TITLE } from '@parley/shared/constants';
import { readStored, writeStored } from '../../../lib/local-storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { useStartupConfig } from '../api/startup-config';

/** The last known app title: the stored one (localStorage `appTitle`) until the startup config arrives. */
export function storedAppTitle(): string {
  return readStored(STORAGE_KEYS.appTitle) || DEFAULT_APP_TITLE;
}

/** The configured app title; keeps document.title and localStorage `appTitle` in step with it. */
export function useAppTitle(): string {
  const configured = useStartupConfig().data?.appTitle;
  const title = configured || storedAppTitle();

  useEffect(() => {
    if (!configured) return;
    document.title = configured;
    writeStored(STORAGE_KEYS.appTitle, configured);
  }, [configured]);

  return title;
}
