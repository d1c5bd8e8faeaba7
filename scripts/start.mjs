// `npm start`: build what is missing or out of date, then run the server in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => join(root, ...parts);

/** Newest modification time under the given paths (files or folders), skipping build output. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
      }
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return latest;
}

function isStale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newest(sources);
}

function run(workspace) {
  process.stdout.write(`Building ${workspace}…\n`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = [at('packages/shared/src'), at('package-lock.json')];
if (
  isStale(at('web/dist/index.html'), [
    at('web/src'),
    at('web/public'),
    at('web/index.html'),
    at('web/vite.config.ts'),
    ...shared,
  ])
) {
  run('@parley/web');
}
if (
  isStale(at('server/dist/main.js'), [
    at('server/src'),
    at('server/build.mjs'),
    at('server/drizzle'),
    ...shared,
  ])
) {
  run('@parley/server');
}

await import(at('server/dist/main.js'));
