// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileObject } from '@parley/shared/schemas/file';
import type { MessageSource } from '@parley/shared/schemas/message';
import { renderWithClient } from '../../../test/render';
import { MessageSources } from './message-sources';

// Issue 23: a source opens an in-app preview at the cited place (never a blank tab that downloads the file),
// and its snippet shows on hover and on keyboard focus.

const PDF_ID = '11111111-1111-4111-8111-111111111111';
const LOG_ID = '22222222-2222-4222-8222-222222222222';
const link = (id: string) => `/api/files/content/${id}?exp=1999999999&sig=${'a'.repeat(43)}`;

const LOG = [
  ...Array.from({ length: 400 }, (_, index) => `10:${index} worker served request ${index}`),
  'ERROR volume Tarragon ran out of',
  '  inodes at 03:12',
  ...Array.from({ length: 400 }, (_, index) => `11:${index} worker served request ${index}`),
].join('\n');

const file = (file_id: string, filename: string, type: string, bytes: number): FileObject => ({
  file_id,
  filename,
  type,
  bytes,
  filepath: link(file_id),
  source: 'local',
  embedded: false,
  usage: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
});

/** The user's files as `GET /api/files` lists them. */
const FILES = [
  file(PDF_ID, 'orchard-report.pdf', 'application/pdf', 5000),
  file(LOG_ID, 'server.log', 'text/plain', LOG.length),
];

/** The file server the preview reads a text file from (a real one, at the page's origin). */
let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/api/files') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(FILES));
    } else if (request.url === link(LOG_ID)) {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="server.log"',
      });
      response.end(LOG);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/c/new`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const renderSources = (sources: MessageSource[]) => renderWithClient(<MessageSources sources={sources} />);

const PDF_SOURCE: MessageSource = {
  file_id: PDF_ID,
  filename: 'orchard-report.pdf',
  page: 2,
  snippet: 'Apple yields rose 12% in the north orchard.',
};

describe('MessageSources', () => {
  it('opens a PDF source in the app at its page, not in a new tab', async () => {
    renderSources([PDF_SOURCE]);
    const chip = await screen.findByRole('button', { name: 'orchard-report.pdf, p. 2' });
    expect(document.querySelector('a[target="_blank"]')).toBeNull();
    fireEvent.click(chip);
    const dialog = await screen.findByRole('dialog', { name: 'orchard-report.pdf, p. 2' });
    const frame = await waitFor(() => {
      const found = dialog.querySelector('iframe');
      if (!found) throw new Error('no viewer yet');
      return found;
    });
    expect(frame?.getAttribute('src')).toBe(`${link(PDF_ID)}&inline=1#page=2`);
    expect(frame?.getAttribute('title')).toBe('orchard-report.pdf, p. 2');
    expect(within(dialog).getByText('Apple yields rose 12% in the north orchard.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(link(PDF_ID));
  });

  it('shows the snippet on keyboard focus', async () => {
    renderSources([PDF_SOURCE]);
    const chip = await screen.findByRole('button', { name: 'orchard-report.pdf, p. 2' });
    act(() => chip.focus());
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Apple yields rose 12% in the north orchard.');
    expect(chip.getAttribute('aria-describedby')).toBe(tooltip.id);
  });

  it('shows a text file with the cited passage marked', async () => {
    renderSources([
      {
        file_id: LOG_ID,
        filename: 'server.log',
        snippet: '…served request 399 ERROR volume Tarragon ran out of inodes at 03:12 11:0 wor…',
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'server.log' }));
    const dialog = await screen.findByRole('dialog', { name: 'server.log' });
    const mark = await waitFor(() => {
      const found = dialog.querySelector('mark');
      if (!found) throw new Error('no passage marked yet');
      return found;
    });
    expect(mark.textContent).toBe(
      'served request 399\nERROR volume Tarragon ran out of\n  inodes at 03:12\n11:0 worker',
    );
    // A window around the passage, not the whole file.
    const text = within(dialog).getByTestId('source-text').textContent ?? '';
    expect(text.length).toBeLessThan(LOG.length);
    expect(text.startsWith('…\n')).toBe(true);
  });

  it('says so when the file is no longer among the user’s files, and still shows the passage', async () => {
    renderSources([{ file_id: 'gone', filename: 'old.txt', snippet: 'Once upon a time.' }]);
    fireEvent.click(await screen.findByRole('button', { name: 'old.txt' }));
    const dialog = await screen.findByRole('dialog', { name: 'old.txt' });
    expect(await within(dialog).findByText('This file is no longer among your files.')).toBeTruthy();
    expect(within(dialog).getByText('Once upon a time.')).toBeTruthy();
  });
});
