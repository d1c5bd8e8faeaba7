// The server's entry point: it starts opening an existing embedded database first — its worker thread
// compiles PGlite's WebAssembly and starts PostgreSQL on the other core — and only then loads the rest of the
// server, whose modules take most of a start's time (docs/decisions.md "Start-up: the database opens while
// the app loads"). Keep this file's static imports to the database's opening.
import { openEarly } from './db/embedded/open-early';

const early = openEarly(process.env, process.cwd());
try {
  const { startServer } = await import('./start-server');
  await startServer({ early });
} catch (error: unknown) {
  process.stderr.write(`Parley failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
