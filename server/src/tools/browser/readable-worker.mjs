// Runs in a worker thread (one per page): parses a fetched page with linkedom, takes its readable text with
// Readability, and keeps the passages most relevant to the question. Plain JavaScript so the built server
// can load it beside main.js as it is.
import { parentPort, workerData } from 'node:worker_threads';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

const STOP_WORDS = new Set(
  'the a an and or of to in on for with by at from is are was were be been what which who whom whose when where why how does did do this that these those it its as about into than then there their they them can could would should will shall may might not no yes you your our we i me my he she his her'.split(
    ' ',
  ),
);

const words = (text) =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (word) => word.length > 1 && !STOP_WORDS.has(word),
  );

/** Paragraph-sized pieces of the text (merged when short, split when long). */
function chunksOf(text, size) {
  const paragraphs = text
    .split(/\n\s*\n|\n(?=\s*[-*•]\s)/)
    .map((part) =>
      part
        .replace(/[ \t]+/g, ' ')
        .replace(/\n{2,}/g, '\n')
        .trim(),
    )
    .filter((part) => part !== '');
  const chunks = [];
  let current = '';
  for (const paragraph of paragraphs) {
    for (let start = 0; start < paragraph.length; start += size) {
      const piece = paragraph.slice(start, start + size);
      if (current !== '' && current.length + piece.length + 2 > size) {
        chunks.push(current);
        current = '';
      }
      current = current === '' ? piece : `${current}\n\n${piece}`;
    }
  }
  if (current !== '') chunks.push(current);
  return chunks;
}

/** The chunks to show: the best-scoring ones for the question (in page order), up to `budget` characters. */
function relevant(chunks, question, budget) {
  const terms = [...new Set(words(question))];
  const tokenized = chunks.map((chunk) => new Set(words(chunk)));
  const documentFrequency = new Map(
    terms.map((term) => [term, tokenized.filter((set) => set.has(term)).length]),
  );
  const scored = chunks.map((chunk, index) => {
    let score = 0;
    for (const term of terms) {
      const df = documentFrequency.get(term) ?? 0;
      if (df > 0 && tokenized[index].has(term)) score += Math.log(1 + chunks.length / df);
    }
    return { index, chunk, score };
  });
  const anyMatch = scored.some((entry) => entry.score > 0);
  const order = anyMatch ? [...scored].sort((a, b) => b.score - a.score || a.index - b.index) : scored;
  const picked = [];
  let used = 0;
  for (const entry of order) {
    if (anyMatch && entry.score === 0) break;
    if (used + entry.chunk.length > budget && picked.length > 0) continue;
    picked.push(entry);
    used += entry.chunk.length;
    if (used >= budget) break;
  }
  return {
    passages: picked.sort((a, b) => a.index - b.index).map((entry) => entry.chunk),
    matched: anyMatch,
  };
}

function readable(html, url) {
  const { document } = parseHTML(html);
  let base = document.querySelector('base');
  if (!base && document.head) {
    base = document.createElement('base');
    base.setAttribute('href', url);
    document.head.appendChild(base);
  }
  const title = (document.querySelector('title')?.textContent ?? '').trim();
  // Readability changes the document as it works: the whole text is kept first, for pages it finds no article in.
  const whole = document.body?.textContent ?? document.documentElement?.textContent ?? '';
  const article = (() => {
    try {
      return new Readability(document, { charThreshold: 200 }).parse();
    } catch {
      return null;
    }
  })();
  const text = (article?.textContent || whole).trim();
  return { title: (article?.title ?? '').trim() || title, text };
}

const { html, url, question, chunkSize, budget } = workerData;
try {
  const page = readable(html, url);
  const chunks = chunksOf(page.text, chunkSize);
  const { passages, matched } = relevant(chunks, question, budget);
  parentPort.postMessage({ ok: true, title: page.title, passages, matched, characters: page.text.length });
} catch (error) {
  parentPort.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
}
