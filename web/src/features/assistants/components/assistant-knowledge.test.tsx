// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Assistant } from '@parley/shared/schemas/assistant';
import { renderWithClient } from '../../../test/render';
import { useToastStore } from '../../../lib/toast-store';
import { AssistantBuilder, type AssistantBuilderProps } from './assistant-builder';

// Issue 23 item 1: the Knowledge box promises search only when the assistant will search; a document added
// turns retrieval on (the server decides, the builder follows and says so); otherwise it says why not.

const saved: Assistant = {
  id: 'asst_orchard',
  object: 'assistant',
  created_at: 1,
  name: 'Orchard',
  description: null,
  instructions: null,
  model: 'llama3.1:8b',
  tools: [],
  file_ids: [],
  metadata: {},
};

function builder(overrides: Partial<AssistantBuilderProps> = {}) {
  return renderWithClient(
    <AssistantBuilder
      assistants={[saved]}
      activeId="asst_orchard"
      models={['llama3.1:8b', 'gpt-4o-mini']}
      capabilities={['code_interpreter', 'image_vision', 'retrieval', 'actions', 'tools']}
      actions={[]}
      files={[]}
      toolLabels={{}}
      renderToolsDialog={() => null}
      onSelect={vi.fn()}
      onDeleted={vi.fn()}
      {...overrides}
    />,
  );
}

const section = () => screen.getByRole('heading', { name: 'Knowledge' }).parentElement!;
const upload = () => within(section()).getByRole('button', { name: 'Upload files' });
const retrieval = () => screen.getByRole('switch', { name: 'Retrieval' });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

describe('AssistantBuilder knowledge (issue 23)', () => {
  it('offers retrieval for any model when the server names no list, and says a document turns it on', () => {
    builder();
    expect(retrieval().hasAttribute('aria-disabled')).toBe(false);
    expect(section().textContent).toContain(
      'The assistant searches the files added here. Adding the first one turns Retrieval on.',
    );
    expect(upload().hasAttribute('disabled')).toBe(false);
  });

  it(
    'turns the switch on and says so when the server turned retrieval on for the first document',
    { timeout: 20_000 },
    async () => {
      const fileId = '0b6f3f4e-8a0c-4d5e-9f7a-2c1b3d4e5f60';
      const file = {
        file_id: fileId,
        filename: 'orchard.pdf',
        filepath: `/api/files/content/${fileId}`,
        type: 'application/pdf',
        bytes: 900,
        source: 'local',
        embedded: false,
        usage: 0,
        createdAt: '2026-11-28T00:00:00.000Z',
        updatedAt: '2026-11-28T00:00:00.000Z',
        message: 'File uploaded',
      };
      const fetchMock = vi.fn((url: string, init?: RequestInit) =>
        Promise.resolve(
          init?.method === 'POST' && url === '/api/files'
            ? json(file)
            : json({ ...saved, tools: [{ type: 'retrieval' }], file_ids: [fileId] }),
        ),
      );
      vi.stubGlobal('fetch', fetchMock);
      builder();
      fireEvent.change(screen.getByTestId('knowledge-input'), {
        target: { files: [new File(['%PDF'], 'orchard.pdf', { type: 'application/pdf' })] },
      });
      await waitFor(() =>
        expect(within(section()).getByRole('status').textContent).toBe(
          'Retrieval is now on: the assistant searches its knowledge files.',
        ),
      );
      expect(retrieval().getAttribute('aria-checked')).toBe('true');
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
        '/api/files',
        '/api/assistants/asst_orchard',
      ]);
    },
  );

  it('says why files are not searched when YAML retrievalModels leaves the model out', () => {
    builder({ retrievalModels: ['gpt-4o'] });
    expect(section().textContent).toContain(
      'On this server, retrieval is not available with llama3.1:8b, so the assistant cannot search these files.',
    );
    expect(section().textContent).not.toContain('can be searched');
    expect(upload().hasAttribute('disabled')).toBe(true);
  });

  it('says retrieval is off on the server, and that the code interpreter still reads the files', () => {
    builder({
      capabilities: ['code_interpreter', 'tools'],
      assistants: [{ ...saved, tools: [{ type: 'code_interpreter' }] }],
    });
    expect(screen.queryByRole('switch', { name: 'Retrieval' })).toBeNull();
    expect(section().textContent).toContain(
      'Retrieval is turned off on this server, so the assistant cannot search these files. The code interpreter can still read them.',
    );
    expect(upload().hasAttribute('disabled')).toBe(false);
  });
});
