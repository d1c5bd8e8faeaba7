// @vitest-environment happy-dom
import { act } from 'react';
import i18n from 'i18next';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../test/render';
import { useT } from './use-t';

function Label() {
  const t = useT();
  return <p>{t('com_ui_copy_to_clipboard')}</p>;
}

describe('useT', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
  });

  it('translates in the current language and follows a change of language', async () => {
    i18n.addResourceBundle('de-DE', 'translation', { com_ui_copy_to_clipboard: 'In die Zwischenablage' });
    render(<Label />);
    expect(screen.getByText('Copy to clipboard')).toBeTruthy();
    await act(() => i18n.changeLanguage('de-DE'));
    expect(screen.getByText('In die Zwischenablage')).toBeTruthy();
  });
});
