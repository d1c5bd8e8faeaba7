import { describe, expect, it } from 'vitest';
import { extractDocument } from './extract-document';
import { makeDocx, makePdf, makeScannedPdf } from './test-documents';

const request = {
  maxCharacters: 1_000_000,
  wholeTextCharacters: 100_000,
  chunk: { size: 1500, overlap: 100 },
};

describe('extractDocument', () => {
  it('reads a PDF page by page and marks the pages in its whole text', async () => {
    const pdf = await makePdf([
      'The first page talks about apples.',
      'The harbour opens at dawn on page two.',
    ]);
    const result = await extractDocument(new Uint8Array(pdf), { ...request, kind: 'pdf' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.pages).toBe(2);
    expect(result.text).toContain('[Page 2]\nThe harbour opens at dawn on page two.');
    expect(result.chunks.map((chunk) => [chunk.page, chunk.text])).toEqual([
      [1, 'The first page talks about apples.'],
      [2, 'The harbour opens at dawn on page two.'],
    ]);
  });

  it('says a PDF without a text layer (a scan) has no extractable text', async () => {
    const result = await extractDocument(new Uint8Array(await makeScannedPdf(2)), {
      ...request,
      kind: 'pdf',
    });
    expect(result).toEqual({ ok: false, reason: 'empty' });
  });

  it('says a corrupt PDF is unreadable', async () => {
    const pdf = await makePdf(['Some text']);
    const broken = new Uint8Array(pdf.subarray(0, 200));
    const result = await extractDocument(broken, { ...request, kind: 'pdf' });
    expect(result.ok).toBe(false);
  });

  it('reads a DOCX', async () => {
    const docx = await makeDocx(['Minutes of the meeting.', 'The budget is 42 euros.']);
    const result = await extractDocument(new Uint8Array(docx), { ...request, kind: 'docx' });
    expect(result.ok && result.text).toBe('Minutes of the meeting.\n\nThe budget is 42 euros.');
  });

  it('reads the visible text of HTML', async () => {
    const html =
      '<html><head><style>p{}</style><script>var x = 1;</script></head><body><h1>Title</h1><p>Body <a href="https://x.test">link</a></p></body></html>';
    const result = await extractDocument(new TextEncoder().encode(html), { ...request, kind: 'html' });
    expect(result.ok && result.text).toMatch(/TITLE\s+Body link/);
    expect(result.ok && result.text).not.toContain('var x');
  });

  it('refuses binary garbage named as text', async () => {
    const garbage = new Uint8Array(4096).map((_, index) => (index * 7919) % 256);
    expect(await extractDocument(garbage, { ...request, kind: 'text' })).toEqual({
      ok: false,
      reason: 'binary',
    });
  });

  it('keeps line positions of text', async () => {
    const text = Array.from({ length: 400 }, (_, index) => `line ${index + 1} of the log`).join('\n');
    const result = await extractDocument(new TextEncoder().encode(text), { ...request, kind: 'text' });
    if (!result.ok) throw new Error('expected text');
    expect(result.chunks.length).toBeGreaterThan(3);
    for (const chunk of result.chunks) {
      expect(chunk.text.startsWith(`line ${chunk.line} of the log`)).toBe(true);
    }
  });
});
