import { describe, expect, it } from 'vitest';
import { endpointFileConfig, MEGABYTE, mergeFileConfig, toMegabytes } from './file-config';
import { isSupportedMimeType } from './mime-types';

describe('mergeFileConfig', () => {
  it('gives default and assistants the SPEC defaults when there is no YAML', () => {
    const config = mergeFileConfig(undefined);
    for (const name of ['default', 'assistants']) {
      const entry = config.endpoints[name];
      expect(entry).toMatchObject({
        disabled: false,
        fileLimit: 10,
        fileSizeLimit: 512 * MEGABYTE,
        totalSizeLimit: 512 * MEGABYTE,
      });
    }
    expect(config.serverFileSizeLimit).toBe(536_870_912);
    expect(config.avatarSizeLimit).toBe(2_097_152);
  });

  it('allows text, code, office, pdf, csv, json, xml, zip, tar, epub and four image types by default', () => {
    const types = mergeFileConfig().endpoints.default?.supportedMimeTypes ?? [];
    const allowed = [
      'text/plain',
      'text/markdown',
      'text/x-python',
      'text/javascript',
      'application/typescript',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/msword',
      'application/pdf',
      'text/csv',
      'application/json',
      'application/xml',
      'application/zip',
      'application/x-tar',
      'application/epub+zip',
      'image/jpeg',
      'image/gif',
      'image/png',
      'image/webp',
    ];
    for (const type of allowed) expect(isSupportedMimeType(type, types), type).toBe(true);
    for (const type of ['image/svg+xml', 'video/mp4', 'application/x-msdownload', 'image/bmp']) {
      expect(isSupportedMimeType(type, types), type).toBe(false);
    }
  });

  it('converts YAML megabytes to bytes and copies fileLimit', () => {
    const config = mergeFileConfig({
      endpoints: { openAI: { fileLimit: 3, fileSizeLimit: 1.5, totalSizeLimit: 4 } },
      serverFileSizeLimit: 100,
      avatarSizeLimit: 0.5,
    });
    expect(config.endpoints.openAI).toMatchObject({
      fileLimit: 3,
      fileSizeLimit: 1.5 * MEGABYTE,
      totalSizeLimit: 4 * MEGABYTE,
    });
    expect(config.serverFileSizeLimit).toBe(100 * MEGABYTE);
    expect(config.avatarSizeLimit).toBe(MEGABYTE / 2);
  });

  it('gives a disabled endpoint zero limits and no types, whatever else it lists', () => {
    const config = mergeFileConfig({
      endpoints: { assistants: { disabled: true, fileLimit: 5, supportedMimeTypes: ['.*'] } },
    });
    expect(config.endpoints.assistants).toEqual({
      disabled: true,
      fileLimit: 0,
      fileSizeLimit: 0,
      totalSizeLimit: 0,
      supportedMimeTypes: [],
    });
  });

  it('skips invalid patterns and keeps valid ones', () => {
    const config = mergeFileConfig({
      endpoints: { default: { supportedMimeTypes: ['^image/(png', '^text/plain$'] } },
    });
    expect(config.endpoints.default?.supportedMimeTypes).toEqual(['^text/plain$']);
  });

  it('fills fields an endpoint leaves out from the merged default entry', () => {
    const config = mergeFileConfig({
      endpoints: { default: { fileLimit: 2 }, google: { fileSizeLimit: 1 } },
    });
    expect(config.endpoints.google).toMatchObject({
      fileLimit: 2,
      fileSizeLimit: MEGABYTE,
      totalSizeLimit: 512 * MEGABYTE,
    });
    expect(config.endpoints.assistants?.fileLimit).toBe(10);
  });

  it('does not leak one merge into the next', () => {
    const first = mergeFileConfig({ endpoints: { default: { fileLimit: 1 } } });
    first.endpoints.default?.supportedMimeTypes.push('x');
    expect(mergeFileConfig().endpoints.default?.fileLimit).toBe(10);
    expect(mergeFileConfig().endpoints.default?.supportedMimeTypes).not.toContain('x');
  });
});

describe('endpointFileConfig', () => {
  it('falls back to default for endpoints without an entry, including inherited object keys', () => {
    const config = mergeFileConfig({ endpoints: { anthropic: { fileLimit: 1 } } });
    expect(endpointFileConfig(config, 'anthropic').fileLimit).toBe(1);
    expect(endpointFileConfig(config, 'openAI')).toBe(config.endpoints.default);
    expect(endpointFileConfig(config, 'constructor')).toBe(config.endpoints.default);
    expect(endpointFileConfig(config, undefined)).toBe(config.endpoints.default);
  });
});

describe('toMegabytes', () => {
  it('shows at most two decimals', () => {
    expect(toMegabytes(512 * MEGABYTE)).toBe(512);
    expect(toMegabytes(MEGABYTE / 3)).toBe(0.33);
  });
});
