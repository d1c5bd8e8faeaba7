// Bing marks citations `[^n^]`, n counting `sourceAttributions` from 1. They become Markdown links
// `[n](url)`, and the sources are listed after the reply. While streaming, text is released only up to a
// marker whose source is not known yet or one cut in half, so what was sent never has to change.
import type { HubSource } from './bing-hub-records';

const CITATION = /\[\^(\d+)\^\]/g;
/** `[`, `[^`, `[^12` or `[^12^` at the very end: maybe the start of a marker. */
const PARTIAL_MARKER = /\[(\^(\d+\^?)?)?$/;

/** Only web links are kept; anything else (`javascript:` …) counts as unknown. */
function webUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
    return parsed.toString().replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  } catch {
    return undefined;
  }
}

export function sourceUrls(sources: readonly HubSource[]): Array<string | undefined> {
  return sources.map((source) => webUrl(source.seeMoreUrl));
}

/**
 * The text with its markers linked. Streaming (`final: false`): cut before the first marker without a
 * known source and before a half-received marker. Final: such a marker becomes a plain `[n]`.
 */
export function renderCitations(
  text: string,
  urls: ReadonlyArray<string | undefined>,
  final: boolean,
): string {
  const source = final ? text : text.replace(PARTIAL_MARKER, '');
  let out = '';
  let last = 0;
  for (const match of source.matchAll(CITATION)) {
    const n = match[1] ?? '';
    const url = urls[Number(n) - 1];
    if (!url && !final) return out + source.slice(last, match.index);
    out += source.slice(last, match.index) + (url ? `[${n}](${url})` : `[${n}]`);
    last = match.index + match[0].length;
  }
  return out + source.slice(last);
}

function escapeLabel(label: string): string {
  return label.replace(/([[\]\\])/g, '\\$1');
}

/** The numbered source list appended to a reply, '' when there are no usable sources. */
export function sourceList(sources: readonly HubSource[]): string {
  const lines = sources.flatMap((source, i) => {
    const url = webUrl(source.seeMoreUrl);
    if (!url) return [];
    const label = source.providerDisplayName?.trim() || new URL(url).hostname;
    return [`${i + 1}. [${escapeLabel(label)}](${url})`];
  });
  return lines.length > 0 ? `\n\n---\n${lines.join('\n')}` : '';
}
