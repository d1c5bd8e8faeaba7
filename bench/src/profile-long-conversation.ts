// Not part of `npm run bench`: where the browser's time goes opening a long conversation and scrolling back
// (issue 26). Starts the built server on PGlite, imports one linear conversation, then in headless Chromium
// records a performance trace (devtools timeline and the V8 sampler) of one open and of the scroll back.
//   npx tsx bench/src/profile-long-conversation.ts [messages] [outDir] [scrollBack]
// Writes open.json and scroll.json (load them in DevTools' Performance panel) and prints a summary: the
// requests of the open on the page's clock, the renderer main thread's long tasks with what they held, and
// the JavaScript they ran by function (mapped to web/src when the build has source maps: `vite build
// --sourcemap`).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { Browser, Page } from 'playwright-core';
import {
  launchChromium,
  scrollBack,
  serverWithLongConversation,
  signedInPage,
  timeOpen,
} from './long-conversation-browser';
import { loadAverage } from './proc-readings';

const size = Number(process.argv[2] ?? 20_000);
const outDir = process.argv[3] ?? join(tmpdir(), `long-conv-prof-${Date.now()}`);
const back = Number(process.argv[4] ?? 2_000);
const DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
];

interface TraceEvent {
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  ph: string;
  name: string;
  cat?: string;
  id?: string;
  args?: Record<string, unknown> & { data?: Record<string, unknown>; name?: string };
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

const maps = new Map<string, TraceMap | null>();
function where(frame: CallFrame): { fn: string; group: string } {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return { fn: name, group: name.startsWith('(') ? name : '(native)' };
  const asset = /\/assets\/([^?]+\.js)/.exec(frame.url)?.[1];
  if (!asset) return { fn: `${name} ${frame.url}`, group: frame.url };
  if (!maps.has(asset)) {
    const file = join(DIST, 'assets', `${asset}.map`);
    maps.set(asset, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  }
  const map = maps.get(asset);
  if (!map) return { fn: `${name} (${asset}:${frame.columnNumber})`, group: asset };
  const pos = originalPositionFor(map, {
    line: frame.lineNumber + 1,
    column: Math.max(frame.columnNumber, 0),
  });
  const source = (pos.source ?? asset).replace(/^(\.\.\/)+/, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  const group = pkg ? `npm:${pkg[1]}` : source;
  return { fn: `${pos.name ?? name} (${pkg ? source.slice(pkg.index + 13) : source}:${pos.line})`, group };
}

/** The renderer main thread of the page: the CrRendererMain with the most task time. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const names = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, String(e.args?.name));
  const busy = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && names.get(key) === 'CrRendererMain' && e.name === 'RunTask')
      busy.set(key, (busy.get(key) ?? 0) + (e.dur ?? 0));
  }
  const [key] = [...busy.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['0:0'];
  const [pid, tid] = key.split(':').map(Number);
  return { pid: pid ?? 0, tid: tid ?? 0 };
}

interface Sample {
  ts: number;
  /** Milliseconds this sample stands for (the time to the next one). */
  ms: number;
  stack: CallFrame[];
}

/** The V8 sampler's samples on the thread, each with its stack (innermost first). */
function samplesOf(events: TraceEvent[], pid: number): Sample[] {
  const out: Sample[] = [];
  const profiles = new Map<
    string,
    { start: number; tid: number; nodes: Map<number, { frame: CallFrame; parent?: number }>; t: number }
  >();
  for (const e of events) {
    if (e.pid !== pid || e.ph !== 'P') continue;
    const data = e.args?.data as Record<string, unknown> | undefined;
    if (e.name === 'Profile' && e.id)
      profiles.set(e.id, {
        start: Number(data?.startTime),
        tid: e.tid,
        nodes: new Map(),
        t: Number(data?.startTime),
      });
    if (e.name !== 'ProfileChunk' || !e.id) continue;
    const profile = profiles.get(e.id);
    if (!profile) continue;
    const cpu = data?.cpuProfile as
      { nodes?: { id: number; callFrame: CallFrame; parent?: number }[]; samples?: number[] } | undefined;
    for (const node of cpu?.nodes ?? [])
      profile.nodes.set(node.id, { frame: node.callFrame, parent: node.parent });
    const deltas = (data?.timeDeltas as number[] | undefined) ?? [];
    (cpu?.samples ?? []).forEach((id, i) => {
      profile.t += deltas[i] ?? 0;
      const stack: CallFrame[] = [];
      for (
        let node = profile.nodes.get(id);
        node;
        node = node.parent ? profile.nodes.get(node.parent) : undefined
      )
        stack.push(node.frame);
      out.push({ ts: profile.t, ms: (deltas[i + 1] ?? deltas[i] ?? 0) / 1000, stack });
    });
  }
  return out.sort((a, b) => a.ts - b.ts);
}

const top = (map: Map<string, number>, n: number, total: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, v]) =>
        `      ${v.toFixed(1).padStart(7)} ms ${((100 * v) / Math.max(total, 1)).toFixed(0).padStart(3)}%  ${k}`,
    )
    .join('\n');

/** What the main thread did between `from` and `to` (trace µs), long tasks one by one. */
function summarise(label: string, events: TraceEvent[], from: number, to: number): string {
  const { pid, tid } = mainThread(events);
  const mine = events.filter(
    (e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= from && e.ts <= to,
  );
  const tasks = mine.filter((e) => e.name === 'RunTask');
  const lines = [
    `== ${label}: ${((to - from) / 1000).toFixed(0)} ms window, main thread busy ${(tasks.reduce((s, t) => s + (t.dur ?? 0), 0) / 1000).toFixed(0)} ms in ${tasks.length} tasks`,
  ];
  const samples = samplesOf(events, pid).filter((s) => s.ts >= from && s.ts <= to);
  const byKind = (within: TraceEvent[]) => {
    const kinds = new Map<string, number>();
    for (const e of within) {
      if (e.name === 'RunTask' || !e.dur) continue;
      const detail =
        e.name === 'FunctionCall' || e.name === 'EvaluateScript'
          ? ` ${String((e.args?.data as { functionName?: string; url?: string } | undefined)?.functionName ?? '')} ${String((e.args?.data as { url?: string } | undefined)?.url ?? '').replace(/^.*\//, '')}`
          : '';
      const key = `${e.name}${detail}`;
      kinds.set(key, (kinds.get(key) ?? 0) + e.dur / 1000);
    }
    return kinds;
  };
  const jsOf = (within: Sample[]) => {
    const self = new Map<string, number>();
    const ours = new Map<string, number>();
    const groups = new Map<string, number>();
    const inclusive = new Map<string, number>();
    for (const s of within) {
      const inner = s.stack[0];
      if (!inner) continue;
      const w = where(inner);
      self.set(w.fn, (self.get(w.fn) ?? 0) + s.ms);
      groups.set(w.group, (groups.get(w.group) ?? 0) + s.ms);
      const frames = s.stack.map(where);
      // Charged to the innermost frame of our own code (library time to its caller).
      const own = frames.find((f) => f.group.startsWith('src/') || f.group.includes('packages/'));
      if (own) ours.set(own.fn, (ours.get(own.fn) ?? 0) + s.ms);
      for (const fn of new Set(frames.filter((f) => f.group.startsWith('src/')).map((f) => f.fn)))
        inclusive.set(fn, (inclusive.get(fn) ?? 0) + s.ms);
    }
    return { self, ours, groups, inclusive };
  };
  const all = jsOf(samples);
  const total = samples.reduce((sum, s) => sum + s.ms, 0);
  lines.push(
    `  events by kind (inclusive ms, nested ones counted again):\n${top(byKind(mine), 14, (to - from) / 1000)}`,
  );
  lines.push(`  JS by module (self, ${total.toFixed(0)} ms sampled):\n${top(all.groups, 12, total)}`);
  lines.push(`  JS by function (self):\n${top(all.self, 15, total)}`);
  lines.push(`  our code on the stack (innermost):\n${top(all.ours, 15, total)}`);
  lines.push(`  our code, inclusive:\n${top(all.inclusive, 25, total)}`);
  const long = tasks.filter((t) => (t.dur ?? 0) >= 50_000);
  lines.push(
    `  long tasks (≥ 50 ms): ${long.length}, longest ${(Math.max(0, ...long.map((t) => t.dur ?? 0)) / 1000).toFixed(0)} ms`,
  );
  for (const task of long.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 6)) {
    const end = task.ts + (task.dur ?? 0);
    const inside = mine.filter((e) => e.ts >= task.ts && e.ts < end);
    const js = jsOf(samples.filter((s) => s.ts >= task.ts && s.ts < end));
    lines.push(
      `   task at +${((task.ts - from) / 1000).toFixed(0)} ms, ${((task.dur ?? 0) / 1000).toFixed(0)} ms:`,
    );
    lines.push(top(byKind(inside), 8, (task.dur ?? 0) / 1000));
    lines.push(`    our code:\n${top(js.ours, 8, (task.dur ?? 0) / 1000)}`);
    lines.push(`    inclusive:\n${top(js.inclusive, 10, (task.dur ?? 0) / 1000)}`);
    lines.push(`    self:\n${top(js.self, 8, (task.dur ?? 0) / 1000)}`);
  }
  return lines.join('\n');
}

async function traced<T>(
  browser: Browser,
  page: Page,
  file: string,
  body: () => Promise<T>,
): Promise<{ result: T; events: TraceEvent[] }> {
  await browser.startTracing(page, { categories: CATEGORIES });
  const result = await body();
  const buffer = await browser.stopTracing();
  writeFileSync(join(outDir, file), buffer);
  return { result, events: (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents };
}

/**
 * The navigation's start on the trace clock: the `navigationStart` mark of the page's own document (the
 * renderer also marks empty documents, some after it: the last mark was not always the page's).
 */
function navigationStart(events: TraceEvent[]): number {
  const { pid } = mainThread(events);
  const marks = events.filter((e) => e.pid === pid && e.name === 'navigationStart');
  const page = marks.filter((e) => /^https?:/.test(String(e.args?.data?.documentLoaderURL ?? '')));
  return (page.at(-1) ?? marks.at(-1))?.ts ?? events.find((e) => e.pid === pid)?.ts ?? 0;
}

/** The page's requests on the trace clock: sent, finished (ms after `from`), the URL's path. */
function requests(events: TraceEvent[], from: number): string {
  const sent = new Map<string, { ts: number; url: string }>();
  const lines: string[] = [];
  for (const e of events) {
    const data = e.args?.data as { requestId?: string; url?: string } | undefined;
    if (e.name === 'ResourceSendRequest' && data?.requestId && data.url)
      sent.set(data.requestId, { ts: e.ts, url: data.url.replace(/^https?:\/\/[^/]+/, '') });
    if (e.name === 'ResourceFinish' && data?.requestId) {
      const request = sent.get(data.requestId);
      if (request && request.url.startsWith('/api'))
        lines.push(
          `  ${((request.ts - from) / 1000).toFixed(0).padStart(5)} → ${((e.ts - from) / 1000).toFixed(0).padStart(5)} ms ${request.url}`,
        );
    }
  }
  return lines.join('\n');
}

/** Tasks of the main thread of 15 ms or more, in order, with the JS that ran in them. */
function timeline(events: TraceEvent[], from: number, to: number): string {
  const { pid, tid } = mainThread(events);
  const samples = samplesOf(events, pid);
  return events
    .filter(
      (e) =>
        e.pid === pid &&
        e.tid === tid &&
        e.ph === 'X' &&
        e.name === 'RunTask' &&
        (e.dur ?? 0) >= 15_000 &&
        e.ts >= from &&
        e.ts <= to,
    )
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const inclusive = new Map<string, number>();
      for (const s of samples) {
        if (s.ts < task.ts || s.ts >= end) continue;
        for (const fn of new Set(
          s.stack
            .map(where)
            .filter((f) => f.group.startsWith('src/'))
            .map((f) => f.fn),
        ))
          inclusive.set(fn, (inclusive.get(fn) ?? 0) + s.ms);
      }
      const head = [...inclusive.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([fn, v]) => `${fn} ${v.toFixed(0)}`)
        .join('; ');
      return `  +${((task.ts - from) / 1000).toFixed(0).padStart(5)} ms ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms  ${head}`;
    })
    .join('\n');
}

/**
 * When the trace's first and last renderer tasks started, in a loop: spreading a scroll trace's tasks into
 * one call's arguments overflowed the stack.
 */
function taskSpan(events: TraceEvent[]): { first: number; last: number } {
  let first = Infinity;
  let last = -Infinity;
  for (const event of events) {
    if (event.ph !== 'X' || event.name !== 'RunTask') continue;
    first = Math.min(first, event.ts);
    last = Math.max(last, event.ts);
  }
  return { first, last };
}

if (process.argv[2] === '--analyse') {
  const dir = process.argv[3] ?? '.';
  const read = (file: string) =>
    (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const open = read('open.json');
  const { last } = taskSpan(open);
  const from = navigationStart(open);
  console.log(`requests (trace clock, from navigationStart):\n${requests(open, from)}`);
  console.log(`tasks ≥ 15 ms:\n${timeline(open, from, last)}`);
  console.log(summarise('open', open, from, last));
  const scroll = read('scroll.json');
  const span = taskSpan(scroll);
  console.log(summarise('scroll', scroll, span.first, span.last));
  process.exit(0);
}

mkdirSync(outDir, { recursive: true });
const { server, user, conversationId: id } = await serverWithLongConversation(size);
try {
  const browser = await launchChromium();
  const page = await signedInPage(browser, server.url, user);
  console.log(`load average ${loadAverage()}; ${size} messages; out ${outDir}`);
  const warm: number[] = [];
  for (let i = 0; i < 3; i += 1) warm.push(await timeOpen(page, id, size - 1));
  console.log(`opens without tracing: ${warm.map((v) => v.toFixed(0)).join(', ')} ms`);
  await page.goto('about:blank');
  const open = await traced(browser, page, 'open.json', async () => {
    const visible = await timeOpen(page, id, size - 1);
    const resources = (await page.evaluate(
      `performance.getEntriesByType('resource').map((r) => [r.name.replace(location.origin, ''), Math.round(r.startTime), Math.round(r.responseEnd), Math.round(r.responseStart - r.requestStart)])`,
    )) as [string, number, number, number][];
    const nav = (await page.evaluate(
      `(() => { const n = performance.getEntriesByType('navigation')[0]; return [n.responseEnd, n.domInteractive, n.domContentLoadedEventEnd, n.loadEventEnd].map(Math.round); })()`,
    )) as number[];
    return { visible, resources, nav };
  });
  console.log(
    `\nopen (traced): newest message on screen at ${open.result.visible.toFixed(0)} ms; document ${open.result.nav.join(' / ')} (response end / interactive / DCL / load)`,
  );
  for (const [name, start, end, wait] of open.result.resources)
    console.log(
      `  ${String(start).padStart(5)} → ${String(end).padStart(5)} ms (server wait ${wait} ms) ${name}`,
    );
  const start = navigationStart(open.events);
  console.log(summarise('open', open.events, start, start + open.result.visible * 1000));
  const scroll = await traced(browser, page, 'scroll.json', () => scrollBack(page, size - 1 - back));
  const r = scroll.result;
  console.log(
    `\nscroll back ${back}: reached ${r.reached} in ${r.steps} steps, ${r.seconds.toFixed(1)} s; frames longest ${r.frames.longestMs.toFixed(0)} ms, p99 ${r.frames.p99Ms.toFixed(0)} ms, ${r.frames.over} of ${r.frames.count} ≥ 50 ms; ${r.tasks.count} long tasks, longest ${r.tasks.longestMs.toFixed(0)} ms`,
  );
  const span = taskSpan(scroll.events);
  console.log(summarise('scroll', scroll.events, span.first, span.last));
  console.log(`load average ${loadAverage()}`);
  await browser.close();
} finally {
  await server.stop();
}
