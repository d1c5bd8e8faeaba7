// README's configuration tables against `.env.example`: every variable README lists must appear there (set or
// commented out), so `cp .env.example .env` shows a team every knob. Checked by a unit test and by the container
// image test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The environment variables named in the first column of README's tables. */
export function readmeVariables(root: string): string[] {
  const names = new Set<string>();
  for (const line of readFileSync(join(root, 'README.md'), 'utf8').split('\n')) {
    const first = line.startsWith('| `') ? line.split('|')[1] : undefined;
    for (const match of first?.matchAll(/`([A-Z][A-Z0-9_]+)`/g) ?? []) names.add(match[1]!);
  }
  return [...names];
}

/** README's variables that `.env.example` lacks. */
export function missingFromEnvExample(root: string): string[] {
  const example = readFileSync(join(root, '.env.example'), 'utf8');
  return readmeVariables(root).filter((name) => !new RegExp(`^(# )?${name}=`, 'm').test(example));
}
