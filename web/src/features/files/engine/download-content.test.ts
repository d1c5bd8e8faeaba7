// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../test/render';
import { useToastStore } from '../../../lib/toast-store';
import { downloadContent } from './download-content';

afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

const messages = () => useToastStore.getState().toasts.flatMap((toast) => toast.lines);

describe('downloading a message file (issue 27, SPEC §8)', () => {
  it('says the file may have been deleted when its link answers 404, and saves nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"message":"File not found"}', { status: 404 }))),
    );
    const saved = vi.spyOn(URL, 'createObjectURL');
    expect(await downloadContent('/api/files/content/x?sig=y', 'report.pdf')).toBe(false);
    await expect.poll(messages).toEqual(['Error downloading file. The file may have been deleted.']);
    expect(saved).not.toHaveBeenCalled();
  });

  it('says the same when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await downloadContent('/api/files/content/x?sig=y', 'report.pdf')).toBe(false);
    await expect.poll(messages).toEqual(['Error downloading file. The file may have been deleted.']);
  });

  it('saves the file under its name when the link answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('%PDF-1.4', { status: 200 }))),
    );
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    expect(await downloadContent('/api/files/content/x?sig=y', 'report.pdf')).toBe(true);
    expect(saved).toHaveBeenCalledTimes(1);
    expect(messages()).toEqual([]);
  });
});
