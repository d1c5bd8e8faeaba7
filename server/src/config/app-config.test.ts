import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, testConfig } from '../../test/test-app';

function withYaml(yaml: string): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'librechat.yaml'), yaml);
  return dir;
}

const BALANCE_YAML = 'version: 1.3.1\nbalance:\n  enabled: true\n  startBalance: 5000\n';

describe('loadAppConfig', () => {
  it('takes the balance settings of a newer LibreChat config from YAML', () => {
    const config = testConfig({}, withYaml(BALANCE_YAML));
    expect(config.env.CHECK_BALANCE).toBe(true);
    expect(config.env.START_BALANCE).toBe(5000);
  });

  it('lets an explicitly set variable win over the YAML balance', () => {
    const config = testConfig({ CHECK_BALANCE: 'false', START_BALANCE: '10' }, withYaml(BALANCE_YAML));
    expect(config.env.CHECK_BALANCE).toBe(false);
    expect(config.env.START_BALANCE).toBe(10);
  });

  it('lists the YAML keys it ignores, for the start-up warnings', () => {
    const config = testConfig({}, withYaml('version: 1.3.1\nmemory:\n  disabled: true\n'));
    expect(config.ignoredYamlKeys).toEqual(['memory']);
  });
});
