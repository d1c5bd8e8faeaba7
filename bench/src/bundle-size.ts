import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Section } from './report';

const DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;
const gzipped = (path: string): number => gzipSync(readFileSync(path), { level: 9 }).length;

/** Paths of the assets `index.html` loads before first render: scripts, module preloads, stylesheets. */
export function initialAssets(html: string): { scripts: string[]; styles: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const tag of tags) {
    const rel = attr(tag, 'rel');
    if (tag.startsWith('<script')) scripts.push(attr(tag, 'src') ?? '');
    else if (rel === 'modulepreload') scripts.push(attr(tag, 'href') ?? '');
    else if (rel === 'stylesheet') styles.push(attr(tag, 'href') ?? '');
  }
  const local = (paths: string[]) => paths.filter((p) => p.startsWith('/'));
  return { scripts: local(scripts), styles: local(styles) };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Issue 6 "Fast": the JavaScript `/c/new` loads before it can render, gzip-compressed (zlib level 9). */
export async function benchBundleSize(): Promise<Section> {
  const { scripts, styles } = initialAssets(readFileSync(join(DIST, 'index.html'), 'utf8'));
  const sum = (paths: string[], size: (path: string) => number) =>
    paths.reduce((n, p) => n + size(join(DIST, p)), 0);
  const files = filesUnder(DIST);
  const js = files.filter((f) => f.endsWith('.js'));
  const rawSize = (path: string) => statSync(path).size;
  return {
    title: 'Web bundle (web/dist)',
    figures: [
      {
        name: `initial JavaScript for /c/new, gzip (${scripts.length} files: entry, module preloads, theme script)`,
        value: `${kb(sum(scripts, gzipped))} (${kb(sum(scripts, rawSize))} raw)`,
        target: '< 250 KB',
      },
      { name: 'initial CSS, gzip', value: kb(sum(styles, gzipped)) },
      {
        name: `all JavaScript in dist (${js.length} files), gzip`,
        value: kb(js.reduce((n, f) => n + gzipped(f), 0)),
      },
      {
        name: `total dist size (${files.length} files, raw, fonts included)`,
        value: kb(files.reduce((n, f) => n + rawSize(f), 0)),
      },
    ],
    note: 'Sizes are of the current build (the root `npm run bench` builds first), gzip level 9 with zlib.',
  };
}
