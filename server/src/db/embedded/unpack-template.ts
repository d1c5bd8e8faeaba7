import { extract } from 'tar';

/** Unpacks the prepared embedded database (make-template.ts) into `dataDir`, an empty folder. */
export async function unpackTemplate(template: string, dataDir: string): Promise<void> {
  await extract({ file: template, cwd: dataDir });
}
