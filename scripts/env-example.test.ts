import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { missingFromEnvExample, readmeVariables } from './env-example';

const root = fileURLToPath(new URL('..', import.meta.url));

test('.env.example carries every variable README lists', () => {
  expect(readmeVariables(root).length).toBeGreaterThan(50);
  expect(missingFromEnvExample(root)).toEqual([]);
});
