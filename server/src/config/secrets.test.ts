import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/test-app';
import { loadSecrets } from './secrets';

describe('loadSecrets', () => {
  it('generates missing secrets once into secrets.json (mode 0600) and reuses them', () => {
    const dir = join(tempDir(), 'data');
    const first = loadSecrets(dir, {});
    expect(first.credsKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.jwtSecret).not.toBe(first.jwtRefreshSecret);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(loadSecrets(dir, {})).toEqual(first);
  });

  it('prefers the environment and does not write its values to disk', () => {
    const dir = tempDir();
    const fromEnv = {
      JWT_SECRET: 'j'.repeat(40),
      JWT_REFRESH_SECRET: 'r'.repeat(40),
      CREDS_KEY: 'a'.repeat(64),
    };
    const secrets = loadSecrets(dir, fromEnv);
    expect(secrets).toEqual({
      jwtSecret: fromEnv.JWT_SECRET,
      jwtRefreshSecret: fromEnv.JWT_REFRESH_SECRET,
      credsKey: fromEnv.CREDS_KEY,
    });
    expect(() => statSync(join(dir, 'secrets.json'))).toThrow();
  });

  it('refuses a CREDS_KEY that is not 32 bytes of hex', () => {
    expect(() => loadSecrets(tempDir(), { CREDS_KEY: 'short' })).toThrow(
      /CREDS_KEY: expected 64 hexadecimal/,
    );
  });
});
