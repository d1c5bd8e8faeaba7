import { describe, expect, it } from 'vitest';
import { mergeFileConfig } from '@parley/shared/files/file-config';
import { attachActionShown, judgeAttach, type JudgeAttachInput } from './judge-attach';

const MB = 1_048_576;
const config = mergeFileConfig({
  endpoints: {
    openAI: {
      fileLimit: 2,
      fileSizeLimit: 1,
      totalSizeLimit: 2,
      supportedMimeTypes: ['^text/.*$', '^image/png$'],
    },
    anthropic: { disabled: true },
  },
});
const openAI = { name: 'openAI', kind: 'openAI' };
const notes = { file_id: 'f-notes', bytes: 200, type: 'text/plain' };

const judge = (patch: Partial<JudgeAttachInput>) =>
  judgeAttach({ file: notes, endpoint: openAI, config, chips: [], ...patch });

describe('attaching a file from the files list', () => {
  it('accepts a file the endpoint takes', () => {
    expect(judge({})).toEqual({ ok: true });
    expect(judge({ file: { file_id: 'f-dot', bytes: 70, type: 'image/png' } })).toEqual({ ok: true });
  });

  it('needs an endpoint and its limits (com_ui_attach_error)', () => {
    expect(judge({ endpoint: null })).toEqual({ ok: false, problem: { code: 'no_endpoint' } });
    expect(judge({ config: undefined })).toEqual({ ok: false, problem: { code: 'no_endpoint' } });
  });

  it('refuses an endpoint that takes no files', () => {
    const problem = { code: 'uploads_disabled' };
    expect(judge({ endpoint: { name: 'anthropic', kind: 'anthropic' } })).toEqual({ ok: false, problem });
    expect(judge({ endpoint: { name: 'bingAI', kind: 'bingAI' } })).toEqual({ ok: false, problem });
  });

  it('attaches to a Plugins chat (issue 27)', () => {
    expect(judge({ endpoint: { name: 'gptPlugins', kind: 'gptPlugins' } })).toEqual({ ok: true });
  });

  it('does not add a file twice', () => {
    expect(judge({ chips: [{ fileId: 'f-notes', size: 200 }] })).toEqual({
      ok: false,
      problem: { code: 'already_attached' },
    });
  });

  it('keeps to the endpoint file count', () => {
    const chips = [
      { fileId: 'a', size: 1 },
      { fileId: 'b', size: 1 },
    ];
    expect(judge({ chips })).toEqual({ ok: false, problem: { code: 'file_limit', limit: 2 } });
  });

  it('refuses a file at the size limit, or one that takes the total over it (com_ui_attach_error_size)', () => {
    const tooLarge = { ok: false, problem: { code: 'too_large' } };
    expect(judge({ file: { ...notes, bytes: MB } })).toEqual(tooLarge);
    expect(judge({ file: { ...notes, bytes: MB - 1 } })).toEqual({ ok: true });
    expect(judge({ file: { ...notes, bytes: MB - 1 }, chips: [{ fileId: 'a', size: MB + 2 }] })).toEqual(
      tooLarge,
    );
  });

  it('refuses a type the endpoint does not take (com_ui_attach_error_type)', () => {
    expect(judge({ file: { ...notes, type: 'application/pdf' } })).toEqual({
      ok: false,
      problem: { code: 'unsupported_type' },
    });
  });

  it('judges an endpoint without its own entry by the default limits', () => {
    const custom = { name: 'Ollama', kind: 'custom' };
    expect(judge({ endpoint: custom, file: { ...notes, type: 'application/pdf' } })).toEqual({ ok: true });
  });
});

describe('the panel attach action', () => {
  it('shows for an endpoint that takes files, and with no endpoint (choosing explains why not)', () => {
    expect(attachActionShown(config, openAI)).toBe(true);
    expect(attachActionShown(undefined, null)).toBe(true);
  });

  it('hides for an endpoint that takes no files, or while its limits are unknown', () => {
    expect(attachActionShown(config, { name: 'anthropic', kind: 'anthropic' })).toBe(false);
    expect(attachActionShown(config, { name: 'bingAI', kind: 'bingAI' })).toBe(false);
    expect(attachActionShown(undefined, openAI)).toBe(false);
  });
});
