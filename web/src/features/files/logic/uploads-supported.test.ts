import { describe, expect, it } from 'vitest';
import type { EndpointFileConfig, FileConfig } from '@parley/shared/schemas/file';
import { uploadsAllowed } from './uploads-supported';

const open: EndpointFileConfig = {
  disabled: false,
  fileLimit: 10,
  fileSizeLimit: 512 * 1_048_576,
  totalSizeLimit: 512 * 1_048_576,
  supportedMimeTypes: ['^text/.*$'],
};
const closed: EndpointFileConfig = { ...open, disabled: true, fileLimit: 0, supportedMimeTypes: [] };
const config: FileConfig = {
  endpoints: { default: open, anthropic: closed },
  serverFileSizeLimit: 512 * 1_048_576,
  avatarSizeLimit: 2 * 1_048_576,
};

describe('uploadsAllowed', () => {
  it('allows an endpoint kind that takes files, falling back to the default limits', () => {
    expect(uploadsAllowed(config, { name: 'openAI', kind: 'openAI' })).toBe(true);
    expect(uploadsAllowed(config, { name: 'Ollama', kind: 'custom' })).toBe(true);
    expect(uploadsAllowed(config, { name: 'gptPlugins', kind: 'gptPlugins' })).toBe(true);
  });

  it('refuses a disabled endpoint, a kind without uploads, and an unknown config', () => {
    expect(uploadsAllowed(config, { name: 'anthropic', kind: 'anthropic' })).toBe(false);
    expect(uploadsAllowed(config, { name: 'chatGPTBrowser', kind: 'chatGPTBrowser' })).toBe(false);
    expect(uploadsAllowed(undefined, { name: 'openAI', kind: 'openAI' })).toBe(false);
    expect(uploadsAllowed(config, null)).toBe(false);
  });
});
