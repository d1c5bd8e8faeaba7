import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/test-app';
import { ConfigError } from './config-error';
import { actionsAllowList, endpointsAllowList } from '../net/allow-lists';
import { loadYamlConfig } from './load-yaml-config';

function withConfig(yaml: string): { dir: string; file: string } {
  const dir = tempDir();
  const file = join(dir, 'librechat.yaml');
  writeFileSync(file, yaml);
  return { dir, file };
}

function errorOf(yaml: string): string {
  const { dir } = withConfig(yaml);
  try {
    loadYamlConfig(undefined, dir);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}

const customEndpoint = (extra = '') => `
version: 1.0.8
endpoints:
  custom:
    - name: Mistral
      apiKey: \${MISTRAL_API_KEY}
      baseURL: https://api.mistral.ai/v1
      models:
        default: [mistral-small]
${extra}`;

describe('loadYamlConfig', () => {
  it('returns nothing when no CONFIG_PATH is given and ./librechat.yaml is absent', () => {
    expect(loadYamlConfig(undefined, tempDir())).toBeUndefined();
  });

  it('reads ./librechat.yaml by default and applies the 1.0.8 defaults', () => {
    const { dir } = withConfig(customEndpoint());
    const config = loadYamlConfig(undefined, dir)?.config;
    expect(config?.endpoints?.custom?.[0]?.name).toBe('Mistral');
    expect(config?.imageOutputType).toBe('png');
    expect(config?.fileStrategy).toBe('local');
  });

  it('reads the file named by CONFIG_PATH, and refuses a CONFIG_PATH that does not exist', () => {
    const { dir } = withConfig(customEndpoint());
    expect(loadYamlConfig('librechat.yaml', dir)?.config.version).toBe('1.0.8');
    expect(() => loadYamlConfig('missing.yaml', dir)).toThrow(/CONFIG_PATH: file not found/);
  });

  it('ignores keys Parley does not know, at any depth, and names each one', () => {
    const { dir } = withConfig('version: 1.0.8\nbogus: true\ninterface:\n  presets: false\n  agents: true\n');
    const loaded = loadYamlConfig(undefined, dir);
    expect(loaded?.config.interface).toEqual({ presets: false });
    expect(loaded?.ignoredKeys).toEqual(['bogus', 'interface.agents']);
  });

  it('starts with the librechat.yaml of a current LibreChat deployment (config 1.3.x)', () => {
    const { dir } = withConfig(CURRENT_LIBRECHAT_CONFIG);
    const loaded = loadYamlConfig(undefined, dir);
    expect(loaded?.config.version).toBe('1.3.1');
    expect(loaded?.config.balance).toEqual({ enabled: true, startBalance: 20000, autoRefillEnabled: false });
    expect(loaded?.config.registration?.socialLogins).toEqual(['github', 'google']);
    expect(loaded?.config.endpoints?.custom?.[0]?.name).toBe('Ollama');
    expect(loaded?.ignoredKeys).toEqual(
      expect.arrayContaining([
        'interface.agents',
        'memory',
        'webSearch',
        'speech',
        'mcpSettings',
        'endpoints.agents',
        'endpoints.custom[0].titleMessageRole',
      ]),
    );
    // Auto-refill is read (issue 24), so it is not among the ignored keys.
    expect(loaded?.ignoredKeys).not.toContain('balance.autoRefillEnabled');
  });

  it('names assistants pollIntervalMs as ignored (runs are not polled) and keeps the keys it uses', () => {
    const { dir } = withConfig(
      'version: 1.0.8\nendpoints:\n  assistants:\n    pollIntervalMs: 3000\n    timeoutMs: 60000\n',
    );
    const loaded = loadYamlConfig(undefined, dir);
    expect(loaded?.config.endpoints?.assistants).toEqual({ timeoutMs: 60000 });
    expect(loaded?.ignoredKeys).toEqual(['endpoints.assistants.pollIntervalMs']);
  });

  it('names cache and secureImageLinks as ignored: Parley has no use for them (issue 27 SPEC item 5)', () => {
    const { dir } = withConfig(
      'version: 1.0.8\ncache: false\nsecureImageLinks: true\nimageOutputType: webp\n',
    );
    const loaded = loadYamlConfig(undefined, dir);
    expect(loaded?.config).not.toHaveProperty('cache');
    expect(loaded?.config).not.toHaveProperty('secureImageLinks');
    expect(loaded?.config.imageOutputType).toBe('webp');
    expect(loaded?.ignoredKeys).toEqual(['cache', 'secureImageLinks']);
  });

  it('reads titleMethod (structured too) and forcePrompt of custom endpoints and Azure; warns about assistants titles', () => {
    const { dir } = withConfig(`version: 1.0.8
endpoints:
  custom:
    - name: Local
      apiKey: k
      baseURL: http://127.0.0.1:1/v1
      models: { default: [m] }
      titleMethod: structured
      forcePrompt: true
  azureOpenAI:
    titleMethod: functions
    groups:
      - { group: a, apiKey: k, instanceName: i, deploymentName: d, version: v, forcePrompt: true, models: { gpt-4: true } }
  assistants:
    titleConvo: true
    titleMethod: completion
    titleModel: gpt-4o-mini
`);
    const loaded = loadYamlConfig(undefined, dir);
    expect(loaded?.config.endpoints?.custom?.[0]).toMatchObject({
      titleMethod: 'structured',
      forcePrompt: true,
    });
    expect(loaded?.config.endpoints?.azureOpenAI).toMatchObject({
      titleMethod: 'functions',
      groups: [{ forcePrompt: true }],
    });
    expect(loaded?.ignoredKeys).toEqual([
      'endpoints.assistants.titleConvo',
      'endpoints.assistants.titleMethod',
      'endpoints.assistants.titleModel',
    ]);
  });

  it('still validates the values of keys it knows when it ignores others', () => {
    expect(errorOf('version: 1.3.1\nmemory: {}\nimageOutputType: gif\n')).toMatch(
      /imageOutputType: Invalid option/,
    );
  });

  it('requires the version key', () => {
    expect(errorOf('cache: true\n')).toMatch(/: version: is required/);
  });

  it('refuses a custom endpoint named like a built-in one', () => {
    expect(errorOf(customEndpoint().replace('name: Mistral', 'name: openAI'))).toMatch(
      /endpoints\.custom\[0\]\.name: "openAI" is the name of a built-in endpoint/,
    );
  });

  it('needs at least one default model unless models are fetched', () => {
    expect(errorOf(customEndpoint().replace('default: [mistral-small]', 'default: []'))).toMatch(
      /endpoints\.custom\[0\]\.models\.default: needs at least one model/,
    );
    const { dir } = withConfig(customEndpoint().replace('default: [mistral-small]', 'fetch: true'));
    expect(loadYamlConfig(undefined, dir)?.config.endpoints?.custom?.[0]?.models.fetch).toBe(true);
  });

  it('accepts an endpoints block left empty once unknown endpoints are ignored', () => {
    const { dir } = withConfig('version: 1.3.1\nendpoints:\n  agents:\n    disableBuilder: false\n');
    expect(loadYamlConfig(undefined, dir)?.ignoredKeys).toEqual(['endpoints.agents']);
  });

  it('needs at least one azure group, each with an instance unless serverless', () => {
    expect(errorOf('version: 1.0.8\nendpoints:\n  azureOpenAI:\n    groups: []\n')).toMatch(
      /endpoints\.azureOpenAI\.groups: needs at least one group/,
    );
    const noInstance = `version: 1.0.8
endpoints:
  azureOpenAI:
    groups:
      - group: east
        apiKey: k
        deploymentName: d
        version: "2024-02-01"
        models: { gpt-4: true }
`;
    expect(errorOf(noInstance)).toMatch(/endpoints\.azureOpenAI\.groups\[0\]\.instanceName: is required/);
  });

  it('refuses an azure model defined in two groups', () => {
    const twice = `version: 1.0.8
endpoints:
  azureOpenAI:
    groups:
      - { group: a, apiKey: k, instanceName: i, deploymentName: d, version: v, models: { gpt-4: true } }
      - { group: b, apiKey: k, instanceName: i, deploymentName: d, version: v, models: { gpt-4: true } }
`;
    expect(errorOf(twice)).toMatch(/groups\[1\]\.models\.gpt-4: is already defined in group "a"/);
  });

  it('reports YAML syntax errors with their line, in one line', () => {
    const message = errorOf('version: 1.0.8\nendpoints:\n  custom: [\n');
    expect(message).toMatch(/^Invalid config .*librechat\.yaml \(line \d+\): /);
    expect(message).not.toContain('\n');
  });

  it('reads LibreChat’s summarization block, warning about the parts Parley does not use', () => {
    const { dir } = withConfig(
      customEndpoint(`summarization:
  provider: Mistral
  model: mistral-small
  maxSummaryTokens: 512
  reserveRatio: 0.05
  trigger: { type: token_ratio, value: 0.8 }
  contextPruning: { enabled: true, keepLastAssistants: 3 }
`),
    );
    const loaded = loadYamlConfig(undefined, dir);
    expect(loaded?.config.summarization).toEqual({
      enabled: true,
      provider: 'Mistral',
      model: 'mistral-small',
      maxSummaryTokens: 512,
      trigger: { type: 'token_ratio', value: 0.8 },
    });
    expect(loaded?.ignoredKeys).toEqual(['summarization.contextPruning', 'summarization.reserveRatio']);
  });

  it('refuses a summarization block it cannot follow, naming the key', () => {
    const block = (lines: string) => errorOf(customEndpoint(`summarization:\n${lines}`));
    expect(block('  trigger: { type: token_ratio, value: 80 }')).toMatch(
      /: summarization\.trigger\.value: must be a share of the window above 0 and at most 1 \(0\.8 is 80%\)$/,
    );
    expect(block('  trigger: { type: percent, value: 0.8 }')).toMatch(
      /summarization\.trigger\.type: must be token_ratio, remaining_tokens or messages_to_refine$/,
    );
    expect(block('  trigger: { type: remaining_tokens, value: 0.5 }')).toMatch(
      /summarization\.trigger\.value: must be a whole number above 0 for remaining_tokens$/,
    );
    expect(block('  maxSummaryTokens: many')).toMatch(
      /summarization\.maxSummaryTokens: must be a number of tokens$/,
    );
    expect(block('  provider: Mistrall')).toMatch(
      /summarization\.provider: "Mistrall" is not an endpoint; use one of openAI, .*, Mistral$/,
    );
  });

  it('refuses a wrong type with the key and the problem', () => {
    expect(errorOf('version: 1.0.8\nimageOutputType: gif\n')).toMatch(/imageOutputType: Invalid option/);
  });
});

/** The shape of a LibreChat 1.3.x `librechat.yaml`: keys Parley maps, keys it ignores. */
const CURRENT_LIBRECHAT_CONFIG = `
version: 1.3.1
cache: true
interface:
  customWelcome: "Welcome!"
  endpointsMenu: true
  agents: true
  prompts: true
  bookmarks: true
registration:
  socialLogins: [github, google]
balance:
  enabled: true
  startBalance: 20000
  autoRefillEnabled: false
memory:
  disabled: false
  personalize: true
webSearch:
  serperApiKey: "\${SERPER_API_KEY}"
speech:
  tts:
    openai: { apiKey: x, model: tts-1, voices: [alloy] }
mcpSettings:
  allowedDomains: [example.com]
endpoints:
  agents:
    recursionLimit: 50
  custom:
    - name: Ollama
      apiKey: ollama
      baseURL: http://127.0.0.1:11434/v1
      models: { default: [llama3], fetch: false }
      titleConvo: true
      titleMessageRole: user
`;
describe('address-guard exemptions', () => {
  it('reads endpoints.allowedAddresses and the actions keys, and names a bad entry', () => {
    const { dir } = withConfig(
      `version: 1.0.8\nendpoints:\n  allowedAddresses: ['10.0.0.5:8000', 'ollama.internal']\nactions:\n  allowedDomains: ['*.example.com']\n  allowedAddresses: ['10.0.0.6:443']\n`,
    );
    const config = loadYamlConfig(undefined, dir)?.config;
    expect(endpointsAllowList(config).exempt.map((rule) => rule.source)).toEqual([
      '10.0.0.5:8000',
      'ollama.internal',
    ]);
    expect(actionsAllowList(config).only?.map((rule) => rule.source)).toEqual([
      '*.example.com',
      '10.0.0.6:443',
    ]);
    expect(errorOf(`version: 1.0.8\nendpoints:\n  allowedAddresses: ['ftp://x']\n`)).toMatch(
      /endpoints\.allowedAddresses\[0\]: "ftp:\/\/x" must start with http:\/\/ or https:\/\//,
    );
  });
});
