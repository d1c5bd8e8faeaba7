// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Assistant } from '@parley/shared/schemas/assistant';
import { renderWithClient } from '../../../test/render';
import { useToastStore } from '../../../lib/toast-store';
import { AssistantBuilder, type AssistantBuilderProps } from './assistant-builder';

const saved: Assistant = {
  id: 'asst_saved',
  object: 'assistant',
  created_at: 1,
  name: 'Helper',
  description: 'Helps',
  instructions: 'Be brief',
  model: 'gpt-4o',
  tools: [
    { type: 'code_interpreter' },
    { type: 'function', function: { name: 'getNote_action_127.0.0.1' } },
    { type: 'function', function: { name: 'calculator' } },
  ],
  file_ids: [],
  metadata: {},
};

function builder(overrides: Partial<AssistantBuilderProps> = {}) {
  return renderWithClient(
    <AssistantBuilder
      assistants={[saved]}
      activeId={null}
      models={['gpt-4o', 'small-model']}
      capabilities={['code_interpreter', 'image_vision', 'retrieval', 'actions', 'tools']}
      retrievalModels={['gpt-4o']}
      actions={[]}
      files={[]}
      toolLabels={{ calculator: { name: 'Calculator' } }}
      renderToolsDialog={() => null}
      onSelect={vi.fn()}
      onDeleted={vi.fn()}
      {...overrides}
    />,
  );
}

const picker = () => screen.getByLabelText('Assistant builder', { selector: 'select' }) as HTMLSelectElement;
const toasts = () => useToastStore.getState().toasts.flatMap((toast) => toast.lines);

afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] });
});

describe('AssistantBuilder (SPEC §2 builder, §4 Assistants, §5 Assistant form)', () => {
  it('opens on the active assistant, shows its id, and lists its plugin tools but not its action functions', () => {
    builder({ activeId: 'asst_saved' });
    expect(picker().value).toBe('asst_saved');
    expect(screen.getByTestId('assistant-id').textContent).toBe('asst_saved');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Helper');
    expect(screen.getByText('Calculator')).toBeTruthy();
    expect(screen.queryByText(/getNote/)).toBeNull();
    expect(screen.getByRole('switch', { name: 'Code interpreter' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('offers "Create assistant" and refuses names and descriptions over the limits', () => {
    builder();
    expect(picker().value).toBe('');
    expect(screen.getByRole('option', { name: 'Create assistant' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'x'.repeat(257) } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'y'.repeat(513) } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('At most 256 characters.')).toBeTruthy();
    expect(screen.getByText('At most 512 characters.')).toBeTruthy();
  });

  it('turns retrieval off and disables it for a model without retrieval', () => {
    builder({ activeId: 'asst_saved' });
    const retrieval = () => screen.getByRole('switch', { name: 'Retrieval' });
    fireEvent.click(retrieval());
    expect(retrieval().getAttribute('aria-checked')).toBe('true');
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'small-model' } });
    expect(retrieval().getAttribute('aria-checked')).toBe('false');
    expect(retrieval().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(retrieval());
    expect(retrieval().getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Retrieval is not available with small-model.')).toBeTruthy();
  });

  it('keeps knowledge and actions closed until the assistant exists', () => {
    builder();
    expect(screen.getByText('Create the assistant first, then add files here.')).toBeTruthy();
    expect(
      screen.getAllByText(/Create the assistant, enable Code interpreter or Retrieval and save/),
    ).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add actions' }));
    expect(screen.queryByTestId('action-editor')).toBeNull();
  });

  it('creates with the chosen capabilities and tools by name, and says so', async () => {
    const created = { ...saved, id: 'asst_new', name: 'New one', tools: [{ type: 'retrieval' as const }] };
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(created), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSelect = vi.fn();
    builder({ onSelect });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'New one' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Retrieval' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Image vision' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/assistants');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'New one',
      description: '',
      instructions: '',
      model: 'gpt-4o',
      tools: [{ type: 'retrieval' }, 'image_vision'],
    });
    await waitFor(() => expect(toasts()).toContain('Successfully created'));
  });

  describe('when the server cannot run the code interpreter (codeInterpreterOff)', () => {
    const REASON = 'bubblewrap (bwrap) is not installed';
    const OFF = `Code interpreter is off on this server: ${REASON}. An administrator can enable it by setting up bubblewrap on the server.`;
    const interpreter = () => screen.getByRole('switch', { name: 'Code interpreter' });
    const described = (element: HTMLElement) =>
      document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

    it('shows the switch off and locked, says why with the reason as sent, and hides the code files upload', () => {
      builder({ codeInterpreterOff: REASON });
      expect(interpreter().getAttribute('aria-disabled')).toBe('true');
      expect(interpreter().getAttribute('aria-checked')).toBe('false');
      fireEvent.click(interpreter());
      expect(interpreter().getAttribute('aria-checked')).toBe('false');
      expect(described(interpreter())).toBe(OFF);
      expect(screen.queryByRole('heading', { name: 'Code interpreter files' })).toBeNull();
    });

    it('offers the switch and the code files upload, with no such text, when the server runs it', () => {
      builder();
      expect(interpreter().hasAttribute('aria-disabled')).toBe(false);
      fireEvent.click(interpreter());
      expect(interpreter().getAttribute('aria-checked')).toBe('true');
      expect(screen.queryByText(/is off on this server/)).toBeNull();
      expect(screen.getByRole('heading', { name: 'Code interpreter files' })).toBeTruthy();
    });

    it('keeps the code interpreter of an assistant that has it when saving, and says so', async () => {
      const fetchMock = vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify(saved), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      );
      vi.stubGlobal('fetch', fetchMock);
      builder({ activeId: 'asst_saved', codeInterpreterOff: `${REASON}.` });
      expect(interpreter().getAttribute('aria-checked')).toBe('false');
      expect(described(interpreter())).toBe(
        `${OFF} This assistant keeps Code interpreter in its tools and uses it again once it is enabled.`,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/api/assistants/asst_saved');
      expect((JSON.parse(init.body as string) as { tools: unknown[] }).tools).toEqual([
        { type: 'code_interpreter' },
        'calculator',
        { type: 'function', function: { name: 'getNote_action_127.0.0.1' } },
      ]);
    });

    it('still lists code files an assistant has, to remove them, but refuses new ones', () => {
      builder({
        activeId: 'asst_saved',
        assistants: [{ ...saved, file_ids: ['file_csv'] }],
        files: [{ file_id: 'file_csv', filename: 'data.csv', type: 'text/csv' }],
        codeInterpreterOff: REASON,
      });
      const section = screen.getByRole('heading', { name: 'Code interpreter files' }).parentElement!;
      expect(section.textContent).toContain(
        'Code interpreter is off on this server, so no files can be uploaded here.',
      );
      expect(within(section).getByRole('button', { name: 'Upload files' }).hasAttribute('disabled')).toBe(
        true,
      );
      expect(within(section).getByRole('button', { name: 'Remove data.csv' })).toBeTruthy();
    });
  });
});
