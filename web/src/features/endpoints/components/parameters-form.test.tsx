// @vitest-environment happy-dom
import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EndpointKind } from '@parley/shared/endpoints/kinds';
import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import { renderWithClient } from '../../../test/render';
import { hasParameters } from '../parameter-fields';
import ParametersForm from './parameters-form';

let latest: EndpointOptions = {};

let chosenModel: string | null = null;

function Harness({
  kind,
  model,
  isNew = true,
  initial = {},
  models,
}: {
  kind: EndpointKind;
  model: string;
  isNew?: boolean;
  initial?: EndpointOptions;
  models?: readonly string[];
}) {
  const [values, setValues] = useState<EndpointOptions>(initial);
  const [current, setCurrent] = useState(model);
  return (
    <ParametersForm
      kind={kind}
      model={current}
      values={values}
      isNew={isNew}
      {...(models ? { models } : {})}
      onModel={(next) => {
        chosenModel = next;
        setCurrent(next);
      }}
      onChange={(patch) =>
        setValues((previous) => {
          latest = { ...previous, ...patch };
          return latest;
        })
      }
    />
  );
}

const advanced = () => fireEvent.click(screen.getByRole('radio', { name: 'Advanced' }));

beforeEach(() => {
  latest = {};
  chosenModel = null;
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ParametersForm default and advanced views (SPEC §2)', () => {
  it('shows name, instructions and temperature by default; the rest in the advanced view, remembered', () => {
    renderWithClient(<Harness kind="openAI" model="gpt-4o" />);
    expect(screen.getByRole('radio', { name: 'Default' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByLabelText(/^Temperature/, { selector: 'input' })).toBeTruthy();
    expect(screen.queryByLabelText('Stop sequences', { selector: 'input' })).toBeNull();
    expect(screen.queryByLabelText(/^Top P/, { selector: 'input' })).toBeNull();
    advanced();
    expect(screen.getByLabelText(/^Top P/, { selector: 'input' })).toBeTruthy();
    expect(screen.getByLabelText('Stop sequences', { selector: 'input' })).toBeTruthy();
    expect(window.localStorage.getItem('settingsView')).toBe('advanced');
  });
});

describe('OpenAI settings (SPEC §3, §5, §9)', () => {
  it('takes stop sequences as tags; over 4 keeps the latest 4 and says so in SPEC’s words', () => {
    renderWithClient(<Harness kind="openAI" model="gpt-4o" />);
    advanced();
    const box = screen.getByLabelText('Stop sequences', { selector: 'input' });
    for (const value of ['one', 'two', 'three', 'four']) {
      fireEvent.change(box, { target: { value } });
      fireEvent.keyDown(box, { key: 'Enter' });
    }
    expect(latest.stop).toEqual(['one', 'two', 'three', 'four']);
    expect(screen.queryByText('Maximum number allowed is 4, using latest values')).toBeNull();
    fireEvent.change(box, { target: { value: 'five' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(latest.stop).toEqual(['two', 'three', 'four', 'five']);
    expect(screen.getByText('Maximum number allowed is 4, using latest values')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove three' }));
    expect(latest.stop).toEqual(['two', 'four', 'five']);
  });

  it('resends files by default and offers image detail low / auto / high (auto by default)', () => {
    renderWithClient(<Harness kind="azureOpenAI" model="gpt-4o" />);
    advanced();
    const resend = screen.getByRole('switch', { name: 'Resend files' });
    expect(resend.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(resend);
    expect(latest.resendFiles).toBe(false);
    const detail = screen.getByLabelText('Image detail') as HTMLSelectElement;
    expect(detail.value).toBe('auto');
    expect([...detail.options].map((option) => option.value)).toEqual(['low', 'auto', 'high']);
    fireEvent.change(detail, { target: { value: 'high' } });
    expect(latest.imageDetail).toBe('high');
  });

  it('offers resend files but neither stop nor image detail for Anthropic', () => {
    renderWithClient(<Harness kind="anthropic" model="claude-3" />);
    advanced();
    expect(screen.getByRole('switch', { name: 'Resend files' })).toBeTruthy();
    expect(screen.queryByLabelText('Stop sequences', { selector: 'input' })).toBeNull();
    expect(screen.queryByLabelText('Image detail')).toBeNull();
  });
});

describe('Google examples editor (SPEC §4)', () => {
  it('adds an empty pair and removes the last, always leaving one', () => {
    renderWithClient(<Harness kind="google" model="chat-bison" />);
    advanced();
    fireEvent.change(screen.getByLabelText('Input 1'), { target: { value: 'Hi' } });
    fireEvent.change(screen.getByLabelText('Output 1'), { target: { value: 'Hello!' } });
    expect(latest.examples).toEqual([{ input: { content: 'Hi' }, output: { content: 'Hello!' } }]);
    const remove = screen.getByRole('button', { name: 'Remove example' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add example' }));
    expect(screen.getByLabelText('Input 2')).toBeTruthy();
    expect(latest.examples).toHaveLength(2);
    fireEvent.click(remove);
    expect(screen.queryByLabelText('Input 2')).toBeNull();
    expect(latest.examples).toEqual([{ input: { content: 'Hi' }, output: { content: 'Hello!' } }]);
  });
});

describe('Bing settings (SPEC §3, §4, §5)', () => {
  function stubTokenizer(count: number) {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(
        new Response(JSON.stringify({ count }), { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('new conversation: BingAI mode, creative tone by default; Sydney adds the system message', () => {
    stubTokenizer(0);
    renderWithClient(<Harness kind="bingAI" model="" />);
    expect(screen.queryByRole('radio', { name: 'Advanced' })).toBeNull();
    expect((screen.getByLabelText('Mode') as HTMLSelectElement).value).toBe('bing');
    const tone = screen.getByLabelText('Tone style') as HTMLSelectElement;
    expect(tone.value).toBe('creative');
    expect([...tone.options].map((option) => option.value)).toEqual([
      'creative',
      'fast',
      'balanced',
      'precise',
    ]);
    expect(screen.queryByLabelText('System message')).toBeNull();
    fireEvent.change(screen.getByLabelText('Mode'), { target: { value: 'sydney' } });
    expect(latest.jailbreak).toBe(true);
    fireEvent.change(screen.getByLabelText('System message'), { target: { value: 'Be brief.' } });
    expect(latest.systemMessage).toBe('Be brief.');
  });

  it('counts the context’s tokens 250 ms after typing stops and warns above about 7k', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubTokenizer(7200);
    renderWithClient(<Harness kind="bingAI" model="" />);
    const context = screen.getByLabelText('Context');
    fireEvent.change(context, { target: { value: 'a' } });
    fireEvent.change(context, { target: { value: 'a long context' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(screen.getByText('7200 tokens')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toContain('/api/tokenizer');
    expect(JSON.parse(init.body as string)).toEqual({ arg: 'a long context' });
    expect(screen.getByText(/about 7k tokens of context/)).toBeTruthy();
  });

  it('existing conversation: mode fixed, tone style only when asked for; no popover without Sydney', () => {
    stubTokenizer(0);
    renderWithClient(<Harness kind="bingAI" model="" isNew={false} initial={{ jailbreak: true }} />);
    expect((screen.getByLabelText('Mode') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.queryByLabelText('Tone style')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change tone style' }));
    expect(screen.getByLabelText('Tone style')).toBeTruthy();
    expect(hasParameters('bingAI', '', { isNew: false, jailbreak: false })).toBe(false);
    expect(hasParameters('bingAI', '', { isNew: false, jailbreak: true })).toBe(true);
    expect(hasParameters('bingAI', '', { isNew: true })).toBe(true);
    expect(hasParameters('chatGPTBrowser', '', { isNew: true })).toBe(false);
  });
});

describe('assistants settings (SPEC §3: model, instructions, additional instructions)', () => {
  it('offers only what a run uses: no sampling parameters or token limit, in either view', () => {
    renderWithClient(<Harness kind="assistants" model="gpt-4o-mini" models={['gpt-4o-mini', 'gpt-4o']} />);
    expect(screen.getByLabelText('Model')).toBeTruthy();
    expect(screen.getByLabelText('Instructions')).toBeTruthy();
    expect(screen.getByLabelText('Additional instructions')).toBeTruthy();
    for (const label of [/^Temperature/, /^Top P/, /Max output tokens/, /penalty/i]) {
      expect(screen.queryByLabelText(label, { selector: 'input' })).toBeNull();
    }
    expect(screen.queryByRole('radio', { name: 'Advanced' })).toBeNull();
    expect(hasParameters('assistants', 'gpt-4o-mini')).toBe(true);
  });

  it('sets the conversation’s model, instructions and additional instructions; reset clears the texts', () => {
    renderWithClient(<Harness kind="assistants" model="gpt-4o-mini" models={['gpt-4o-mini', 'gpt-4o']} />);
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'gpt-4o' } });
    expect(chosenModel).toBe('gpt-4o');
    expect((screen.getByLabelText('Model') as HTMLSelectElement).value).toBe('gpt-4o');
    fireEvent.change(screen.getByLabelText('Instructions'), { target: { value: 'Answer in French.' } });
    fireEvent.change(screen.getByLabelText('Additional instructions'), { target: { value: 'Be brief.' } });
    expect(latest).toMatchObject({ instructions: 'Answer in French.', promptPrefix: 'Be brief.' });
    expect(
      screen.getByText(
        'Replaces the assistant’s instructions in this conversation. Leave empty to keep them.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(latest).toMatchObject({ instructions: null, promptPrefix: null });
  });
});
