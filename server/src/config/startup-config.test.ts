import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startupConfigSchema } from '@parley/shared/schemas/startup-config';
import { tempDir, testConfig } from '../../test/test-app';
import { buildStartupConfig } from './startup-config';

const ordinaryDay = new Date(2026, 5, 3);

describe('buildStartupConfig', () => {
  it('gives the documented defaults with an empty environment', () => {
    const startup = buildStartupConfig(testConfig({}), ordinaryDay);
    expect(startupConfigSchema.parse(startup)).toEqual(startup);
    expect(startup).toMatchObject({
      appTitle: 'Parley',
      checkBalance: false,
      registrationEnabled: true,
      emailLoginEnabled: true,
      socialLoginEnabled: false,
      emailEnabled: false,
      passwordResetEnabled: false,
      socialLogins: ['google', 'facebook', 'openid', 'github', 'discord'],
      openidLabel: 'Continue with OpenID',
      serverDomain: 'http://localhost:3080',
      showBirthdayIcon: false,
      sharedLinksEnabled: true,
      publicSharedLinksEnabled: false,
      interface: { endpointsMenu: true, modelSelect: true, parameters: true, presets: true, sidePanel: true },
    });
    expect(startup).not.toHaveProperty('customFooter');
  });

  it('reflects the environment', () => {
    const startup = buildStartupConfig(
      testConfig({
        APP_TITLE: 'Team Chat',
        CUSTOM_FOOTER: '',
        CHECK_BALANCE: 'true',
        ALLOW_REGISTRATION: 'false',
        ALLOW_SOCIAL_LOGIN: 'true',
        GITHUB_CLIENT_ID: 'id',
        GITHUB_CLIENT_SECRET: 'secret',
        GOOGLE_CLIENT_ID: 'only-an-id',
        OPENID_ISSUER: 'https://id.example.com',
        OPENID_CLIENT_ID: 'c',
        OPENID_CLIENT_SECRET: 's',
        OPENID_BUTTON_LABEL: 'Company SSO',
        EMAIL_HOST: 'smtp.example.com',
        EMAIL_USERNAME: 'u',
        EMAIL_PASSWORD: 'p',
        EMAIL_FROM: 'chat@example.com',
        DOMAIN_SERVER: 'https://chat.example.com/',
      }),
      ordinaryDay,
    );
    expect(startup).toMatchObject({
      appTitle: 'Team Chat',
      customFooter: '',
      checkBalance: true,
      registrationEnabled: false,
      socialLoginEnabled: true,
      githubLoginEnabled: true,
      googleLoginEnabled: false,
      openidLoginEnabled: true,
      openidLabel: 'Company SSO',
      emailEnabled: true,
      passwordResetEnabled: true,
      serverDomain: 'https://chat.example.com',
    });
  });

  it('shows the birthday icon on 11 February, or when SHOW_BIRTHDAY_ICON says so', () => {
    expect(buildStartupConfig(testConfig({}), new Date(2026, 1, 11)).showBirthdayIcon).toBe(true);
    expect(buildStartupConfig(testConfig({ SHOW_BIRTHDAY_ICON: 'true' }), ordinaryDay).showBirthdayIcon).toBe(
      true,
    );
    expect(
      buildStartupConfig(testConfig({ SHOW_BIRTHDAY_ICON: 'false' }), new Date(2026, 1, 11)).showBirthdayIcon,
    ).toBe(false);
  });

  it('takes interface links, social login order and model specs from the YAML, turning choosers off with specs', () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'librechat.yaml'),
      `version: 1.0.8
interface:
  presets: true
  privacyPolicy: { externalUrl: https://example.com/privacy, openNewTab: true }
registration:
  socialLogins: [github, openid]
modelSpecs:
  list:
    - name: fast
      label: Fast
      default: true
      preset: { endpoint: openAI, model: gpt-4o-mini }
`,
    );
    const startup = buildStartupConfig(testConfig({}, dir), ordinaryDay);
    expect(startup.socialLogins).toEqual(['github', 'openid']);
    expect(startup.interface).toEqual({
      endpointsMenu: false,
      modelSelect: false,
      parameters: false,
      presets: true,
      sidePanel: true,
      privacyPolicy: { externalUrl: 'https://example.com/privacy', openNewTab: true },
    });
    expect(startup.modelSpecs).toMatchObject({
      enforce: false,
      prioritize: true,
      list: [{ name: 'fast', label: 'Fast' }],
    });
  });

  it('turns the four choosers off with model specs unless the YAML sets them, the side panel stays on (decisions.md)', () => {
    const withSpecs = (interfaceBlock: string) => {
      const dir = tempDir();
      writeFileSync(
        join(dir, 'librechat.yaml'),
        `version: 1.0.8
${interfaceBlock}
modelSpecs:
  list:
    - name: fast
      label: Fast
      preset: { endpoint: openAI, model: gpt-4o-mini }
`,
      );
      return buildStartupConfig(testConfig({}, dir), ordinaryDay).interface;
    };
    expect(withSpecs('')).toEqual({
      endpointsMenu: false,
      modelSelect: false,
      parameters: false,
      presets: false,
      sidePanel: true,
    });
    expect(
      withSpecs(`interface:
  endpointsMenu: true
  modelSelect: true
  parameters: true
  presets: true
  sidePanel: false`),
    ).toEqual({ endpointsMenu: true, modelSelect: true, parameters: true, presets: true, sidePanel: false });
    // An empty spec list is no lock-down: SPEC §9's defaults (all on) apply.
    const dir = tempDir();
    writeFileSync(join(dir, 'librechat.yaml'), 'version: 1.0.8\nmodelSpecs:\n  list: []\n');
    expect(buildStartupConfig(testConfig({}, dir), ordinaryDay).interface).toEqual({
      endpointsMenu: true,
      modelSelect: true,
      parameters: true,
      presets: true,
      sidePanel: true,
    });
  });
});
