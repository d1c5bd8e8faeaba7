// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Action } from '@parley/shared/schemas/action';
import '../../../test/render';
import { ActionEditor } from './action-editor';

const SPEC = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'Notes', version: '1' },
  servers: [{ url: 'http://127.0.0.1:4010' }],
  paths: {
    '/notes/{id}': { get: { operationId: 'getNote', summary: 'Read a note' } },
    '/notes': { post: { operationId: 'addNote' } },
  },
});

function setup(
  props: {
    assistantId?: string | null;
    action?: Action | null;
    assistantTools?: number;
    onSave?: () => Promise<void>;
  } = {},
) {
  const onSave = vi.fn(props.onSave ?? (() => Promise.resolve()));
  const onWarning = vi.fn();
  const onDelete = vi.fn(() => Promise.resolve());
  render(
    <ActionEditor
      assistantId={props.assistantId === undefined ? 'asst_1' : props.assistantId}
      {...(props.assistantTools === undefined ? {} : { assistantTools: props.assistantTools })}
      action={props.action ?? null}
      onBack={vi.fn()}
      onSave={onSave}
      onDelete={onDelete}
      onWarning={onWarning}
    />,
  );
  return { onSave, onWarning, onDelete };
}

const schema = () => screen.getByLabelText('Schema') as HTMLTextAreaElement;
const create = () => screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
const type = (text: string) => fireEvent.change(schema(), { target: { value: text } });

describe('ActionEditor (SPEC §2 Action editor, §5 Spec import)', () => {
  it('says why a schema is refused, line by line, and keeps Create disabled', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Add actions' })).toBeTruthy();
    type('{ this is: [not json');
    await waitFor(() => expect(screen.getByText('Error parsing OpenAPI spec.')).toBeTruthy());
    expect(create().disabled).toBe(true);

    type(JSON.stringify({ openapi: '3.0.0', paths: {} }));
    await waitFor(() => expect(screen.getByText('Could not find a valid URL in `servers`')).toBeTruthy());
    expect(screen.getByText('No paths found in the OpenAPI spec.')).toBeTruthy();
    expect(create().disabled).toBe(true);
  });

  it('lists the available actions and saves the spec with a bearer key', async () => {
    const { onSave } = setup();
    type(SPEC);
    await waitFor(() => expect(screen.getByText('getNote')).toBeTruthy());
    const rows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toContain('getNoteGET/notes/{id}');
    expect(rows).toContain('addNotePOST/notes');

    fireEvent.click(screen.getByRole('button', { name: /None/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'API Key' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Bearer' }));
    fireEvent.change(screen.getByLabelText('API Key', { selector: 'input:not([type=radio])' }), {
      target: { value: 'sk-bearer' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.change(screen.getByLabelText('Privacy policy URL'), {
      target: { value: 'https://example.com/p' },
    });

    expect(create().disabled).toBe(false);
    fireEvent.click(create());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(
      'asst_1',
      expect.objectContaining({
        metadata: expect.objectContaining({
          domain: '127.0.0.1',
          raw_spec: SPEC,
          privacy_policy_url: 'https://example.com/p',
          auth: { type: 'service_http', authorization_type: 'bearer' },
          api_key: 'sk-bearer',
        }),
      }),
    );
  });

  it('warns when the assistant is not created yet', async () => {
    const { onSave, onWarning } = setup({ assistantId: null });
    type(SPEC);
    await waitFor(() => expect(create().disabled).toBe(false));
    fireEvent.click(create());
    expect(onWarning).toHaveBeenCalledWith('No assistant_id found, is the assistant created?');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('edits a saved action without ever showing its secret, and asks before deleting it', async () => {
    const action = {
      action_id: 'act_1',
      assistant_id: 'asst_1',
      metadata: {
        domain: '127.0.0.1',
        raw_spec: SPEC,
        auth: { type: 'service_http', authorization_type: 'bearer' },
        // A server must never send this; if one did, the editor still would not show it.
        api_key: 'sk-LEAKED-SECRET',
      },
    } as Action;
    const { onSave, onDelete } = setup({ action });
    expect(screen.getByRole('heading', { name: 'Edit actions' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /API Key \(Bearer\)/ }));
    const key = screen.getByLabelText('API Key', { selector: 'input:not([type=radio])' }) as HTMLInputElement;
    expect(key.value).toBe('');
    expect(document.body.innerHTML).not.toContain('sk-LEAKED-SECRET');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const body = (onSave.mock.calls[0] as unknown as [string, { metadata: Record<string, unknown> }])[1];
    expect(body).toMatchObject({ action_id: 'act_1' });
    expect(body.metadata).not.toHaveProperty('api_key');

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Are you sure you want to delete this action?')).toBeTruthy();
    const confirm = screen.getAllByRole('button', { name: 'Delete' }).at(-1);
    fireEvent.click(confirm as HTMLElement);
    expect(onDelete).toHaveBeenCalledWith(action);
  });

  it('opens at its title: the panel scrolled to the top and the title focused', () => {
    const { rerender } = render(
      <div data-testid="panel" style={{ overflowY: 'auto', height: '300px' }}>
        <div style={{ height: '2000px' }} />
      </div>,
    );
    const panel = screen.getByTestId('panel');
    panel.scrollTop = 900;
    expect(panel.scrollTop).toBe(900);
    rerender(
      <div data-testid="panel" style={{ overflowY: 'auto', height: '300px' }}>
        <ActionEditor
          assistantId="asst_1"
          action={null}
          onBack={vi.fn()}
          onSave={vi.fn(() => Promise.resolve())}
          onDelete={vi.fn(() => Promise.resolve())}
          onWarning={vi.fn()}
        />
      </div>,
    );
    expect(panel.scrollTop).toBe(0);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Add actions' }));
  });

  it('asks before an Example replaces a spec the user typed', () => {
    setup();
    const examples = () => screen.getByLabelText('Examples');
    // An empty box takes an example at once, and one example replaces another without asking.
    fireEvent.change(examples(), { target: { value: 'petstore' } });
    expect(schema().value).toContain('Swagger Petstore');
    fireEvent.change(examples(), { target: { value: 'weather' } });
    expect(schema().value).toContain('GetCurrentWeather');

    type(SPEC);
    fireEvent.change(examples(), { target: { value: 'blank' } });
    const confirm = screen.getByRole('dialog', { name: 'Replace the spec?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(schema().value).toBe(SPEC);

    fireEvent.change(examples(), { target: { value: 'blank' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Replace' }));
    expect(schema().value).toContain('"title": "Untitled"');
  });

  it('refuses by the server’s rules: OpenAPI version, operations per action, tools per assistant', async () => {
    setup({ assistantTools: 127 });
    const spec = (openapi: string, operations: number) =>
      JSON.stringify({
        openapi,
        info: { title: 'Many', version: '1' },
        servers: [{ url: 'https://api.example.com' }],
        paths: Object.fromEntries(
          Array.from({ length: operations }, (_, i) => [`/p${i}`, { get: { operationId: `op${i}` } }]),
        ),
      });
    type(spec('2.0', 1));
    await waitFor(() =>
      expect(screen.getByText('Only OpenAPI 3.0 and 3.1 documents are supported.')).toBeTruthy(),
    );
    expect(create().disabled).toBe(true);

    type(spec('3.0.3', 129));
    await waitFor(() =>
      expect(
        screen.getByText(
          'The OpenAPI spec has 129 operations; an action may have at most 128. Keep the operations the ' +
            'assistant needs and remove the others.',
        ),
      ).toBeTruthy(),
    );
    expect(create().disabled).toBe(true);

    type(spec('3.0.3', 2));
    await waitFor(() =>
      expect(
        screen.getByText(
          'The assistant would have 129 tools; an assistant may have at most 128. This action adds 2 ' +
            'functions to its 127 other tools: remove operations from the spec or tools from the assistant.',
        ),
      ).toBeTruthy(),
    );
    expect(create().disabled).toBe(true);
  }, 30_000);

  it('shows the server’s refusal under the schema until the spec changes', async () => {
    const refusal = 'Error parsing OpenAPI spec.\ninfo: must have required property title';
    setup({ onSave: () => Promise.reject(new Error(refusal)) });
    type(SPEC);
    await waitFor(() => expect(create().disabled).toBe(false));
    fireEvent.click(create());
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Error parsing OpenAPI spec.',
      'info: must have required property title',
    ]);
    expect(schema().getAttribute('aria-invalid')).toBe('true');
    type(`${SPEC} `);
    expect(screen.queryByText('info: must have required property title')).toBeNull();
  });
});
