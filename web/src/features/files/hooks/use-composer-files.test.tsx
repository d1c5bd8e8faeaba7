// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { FileObject } from '@parley/shared/schemas/file';
import { afterEach, describe, expect, it } from 'vitest';
// The shared render module cleans up after each test.
import '../../../test/render';
import { storedAttachment } from '../logic/attachments-reducer';
import { useAttachmentsStore } from '../store';
import { useComposerFiles } from './use-composer-files';

const file = (id: string): FileObject => ({
  file_id: id,
  filename: `${id}.txt`,
  filepath: `/files/${id}`,
  type: 'text/plain',
  bytes: 10,
  source: 'local',
  embedded: false,
  usage: 1,
  createdAt: '2026-11-30T00:00:00.000Z',
  updatedAt: '2026-11-30T00:00:00.000Z',
});

function renderComposerFiles() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    () =>
      useComposerFiles({
        endpoint: { name: 'openAI', kind: 'openAI' },
        conversationId: 'c1',
        newConversationKey: null,
        userId: 'u1',
      }),
    { wrapper },
  );
}

afterEach(() => useAttachmentsStore.setState({ items: [] }));

describe('useComposerFiles', () => {
  it('takes a chip away in the click itself, before the engine has loaded', () => {
    useAttachmentsStore.setState({
      items: [storedAttachment('t-notes', file('notes')), storedAttachment('t-agenda', file('agenda'))],
    });
    const { result } = renderComposerFiles();
    act(() => result.current.remove('t-notes'));
    // No await: a second quick click must find the chips already moved over.
    expect(result.current.items.map((item) => item.filename)).toEqual(['agenda.txt']);
    expect(useAttachmentsStore.getState().items.map((item) => item.tempId)).toEqual(['t-agenda']);
  });
});
