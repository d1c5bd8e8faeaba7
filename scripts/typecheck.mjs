// Type-checks every workspace (each has its own tsconfig); fails if any does.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const projects = ['packages/shared', 'server', 'web', 'fakes', 'e2e', 'bench', 'scripts'];
let failed = false;
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '-p', `${project}/tsconfig.json`], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`type errors in ${project}\n`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
