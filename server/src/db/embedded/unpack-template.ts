import { extract } from 'tar';

/**
 * Unpacks the prepared embedded database (make-template.ts) into `dataDir`, an empty folder. Synchronously:
 * it runs in a one-off child process with nothing else to do, and tar's synchronous writer took half the time
 * of its asynchronous one (1,175 files, 40 MB: ~0.7 s against ~1.6 s on this project's machine), whose
 * thread-pool hand-offs cost more than the writes.
 */
export function unpackTemplate(template: string, dataDir: string): void {
  extract({ file: template, cwd: dataDir, sync: true });
}
