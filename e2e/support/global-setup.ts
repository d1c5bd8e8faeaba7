import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startParley } from './parley-server';

/** One shared server for the journeys that need no special configuration; its URL goes to the workers. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const built of ['../../server/dist/main.js', '../../web/dist/index.html']) {
    if (!existsSync(fileURLToPath(new URL(built, import.meta.url)))) {
      throw new Error(`${built.slice(6)} is missing: run \`npm run build\` first`);
    }
  }
  const server = await startParley();
  process.env.PARLEY_URL = server.url;
  return () => server.stop();
}
