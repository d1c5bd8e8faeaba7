// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../test/render';
import { DEFAULT_AUTH, type AuthForm } from '../logic/action-auth';
import { AuthDialog } from './auth-dialog';

function open(props: { value?: AuthForm; stored?: AuthForm['type'] | null } = {}) {
  const onSave = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <AuthDialog
      open
      onOpenChange={onOpenChange}
      value={props.value ?? DEFAULT_AUTH}
      storedSecretsFor={props.stored ?? null}
      onSave={onSave}
    />,
  );
  return { onSave, onOpenChange };
}

const keyField = () =>
  screen.getByLabelText('API Key', { selector: 'input:not([type=radio])' }) as HTMLInputElement;
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('AuthDialog (SPEC §5 Action auth)', () => {
  it('starts on None (Basic, POST by default) and saves it as it is', () => {
    const { onSave, onOpenChange } = open();
    expect(radio('None').checked).toBe(true);
    save();
    expect(onSave).toHaveBeenCalledWith(DEFAULT_AUTH);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('requires the API key, masked, and saves a bearer key', () => {
    const { onSave } = open();
    fireEvent.click(screen.getByRole('radio', { name: 'API Key' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Bearer' }));
    save();
    expect(screen.getByRole('alert').textContent).toBe('This field is required.');
    expect(onSave).not.toHaveBeenCalled();

    const key = keyField();
    expect(key.type).toBe('password');
    fireEvent.change(key, { target: { value: 'sk-typed' } });
    save();
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'service_http', authorizationType: 'bearer', apiKey: 'sk-typed' }),
    );
  });

  it('asks for the header name of a Custom key, with X-Api-Key as placeholder', () => {
    const { onSave } = open();
    fireEvent.click(screen.getByRole('radio', { name: 'API Key' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(keyField(), { target: { value: 'k' } });
    const header = screen.getByLabelText('Custom Header Name') as HTMLInputElement;
    expect(header.getAttribute('placeholder')).toBe('X-Api-Key');
    save();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(header, { target: { value: 'X-Token' } });
    save();
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ customAuthHeader: 'X-Token' }));
  });

  it('requires every OAuth field', () => {
    const { onSave } = open();
    fireEvent.click(screen.getByRole('radio', { name: 'OAuth' }));
    save();
    expect(screen.getAllByText('This field is required.')).toHaveLength(5);
    expect(radio('Default (POST request)').checked).toBe(true);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('never shows a saved secret: the field is empty, says it is kept, and may stay empty', () => {
    const { onSave } = open({
      value: { ...DEFAULT_AUTH, type: 'service_http', authorizationType: 'bearer' },
      stored: 'service_http',
    });
    const key = keyField();
    expect(key.value).toBe('');
    expect(key.placeholder).toBe('Saved (hidden): leave empty to keep it');
    save();
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ type: 'service_http', apiKey: '' }));
  });
});
