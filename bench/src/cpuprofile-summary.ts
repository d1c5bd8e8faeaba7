// Not part of `npm run bench`: sums a `--cpu-prof` profile by function and by module (issue 14).
//   npx tsx bench/src/cpuprofile-summary.ts <dir from profile-new-chat.ts> [top]
// Only samples inside the measured window (window.json) count; per-chat figures divide by its `chats`.
// Bundled frames (server/dist/*.js) are mapped back to their source files with the build's source maps.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const dir = process.argv[2] ?? '.';
const top = Number(process.argv[3] ?? 40);
const window = JSON.parse(readFileSync(join(dir, 'window.json'), 'utf8')) as {
  startUs: number;
  endUs: number;
  chats: number;
};
const maps = new Map<string, TraceMap | null>();
function traceMap(url: string): TraceMap | null {
  if (!maps.has(url)) {
    const file = url.startsWith('file://') ? fileURLToPath(url) : url;
    maps.set(url, existsSync(`${file}.map`) ? new TraceMap(readFileSync(`${file}.map`, 'utf8')) : null);
  }
  return maps.get(url) ?? null;
}

/** A frame as `function (file:line)` and its module group. */
function describe(frame: CallFrame): { fn: string; group: string } {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return { fn: name, group: name.startsWith('(') ? name : '(native)' };
  let file = frame.url;
  let line = frame.lineNumber + 1;
  const map = /\/server\/dist\//.test(file) ? traceMap(file) : null;
  if (map) {
    const pos = originalPositionFor(map, { line, column: Math.max(frame.columnNumber, 0) });
    if (pos.source) {
      file = pos.source;
      line = pos.line ?? line;
    }
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  const src = /(server\/src\/.*|packages\/shared\/.*)$/.exec(file.replace(/^\.\.\/src\//, 'server/src/'));
  const group = pkg
    ? `npm:${pkg[1]}`
    : src
      ? src[1]!
      : file.startsWith('node:')
        ? 'node:' + file.slice(5).split('/')[0]
        : file;
  const short = pkg ? file.slice(pkg.index) : src ? src[1]! : file;
  return { fn: `${name} (${short}:${line})`, group };
}

const self = new Map<string, number>();
const selfGroup = new Map<string, number>();
const total = new Map<string, number>();
const totalGroup = new Map<string, number>();
/** Each sample charged to the innermost frame of our own code on its stack (library time to its caller). */
const owner = new Map<string, number>();
const focus = process.argv[4] ? new RegExp(process.argv[4]) : null;
const focusOwner = new Map<string, number>();
const isOurs = (fn: string) => /server\/src|packages\/shared/.test(fn);
let sampled = 0;
let idle = 0;
for (const name of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const described = new Map<number, { fn: string; group: string }>();
  const info = (id: number) => {
    let d = described.get(id);
    if (!d) described.set(id, (d = describe(byId.get(id)!.callFrame)));
    return d;
  };
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    // A sample's weight is the time until the next one.
    const weight = (profile.timeDeltas[i + 1] ?? delta) / 1000;
    if (t < window.startUs || t > window.endUs) continue;
    const id = profile.samples[i]!;
    const leaf = info(id);
    if (leaf.fn.startsWith('(idle)')) {
      idle += weight;
      continue;
    }
    sampled += weight;
    self.set(leaf.fn, (self.get(leaf.fn) ?? 0) + weight);
    selfGroup.set(leaf.group, (selfGroup.get(leaf.group) ?? 0) + weight);
    let mine: string | undefined;
    let focused = false;
    const chain: string[] = [];
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const d = info(n);
      if (focus && focus.test(d.fn)) focused = true;
      if (mine === undefined && isOurs(d.fn)) mine = d.fn;
      if ((isOurs(d.fn) ? chain.length < 4 : chain.length < 7) && !d.fn.startsWith('(root'))
        chain.push(d.fn.replace(/ \(.*\/(.*)\)$/, ' $1'));
    }
    owner.set(
      mine ?? `(no app frame) ${leaf.group}`,
      (owner.get(mine ?? `(no app frame) ${leaf.group}`) ?? 0) + weight,
    );
    if (focused) focusOwner.set(chain.join(' < '), (focusOwner.get(chain.join(' < ')) ?? 0) + weight);
    const seenFn = new Set<string>();
    const seenGroup = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const d = info(n);
      if (!seenFn.has(d.fn)) {
        seenFn.add(d.fn);
        total.set(d.fn, (total.get(d.fn) ?? 0) + weight);
      }
      if (!seenGroup.has(d.group)) {
        seenGroup.add(d.group);
        totalGroup.set(d.group, (totalGroup.get(d.group) ?? 0) + weight);
      }
    }
  }
}

/** Function groups of the decisions.md table: what the time is spent on, by the module that spends it. */
const GROUPS: Array<[string, RegExp]> = [
  ['query building and row mapping (drizzle-orm)', /^npm:drizzle-orm/],
  ['PostgreSQL driver (pg)', /^npm:pg/],
  ['provider request and stream (openai SDK, undici fetch)', /^npm:(openai|undici)/],
  ['JWT verification (jose)', /^npm:jose/],
  ['validation (zod)', /^npm:(zod|fastify-type-provider-zod)/],
  ['token counting (gpt-tokenizer)', /^npm:gpt-tokenizer|tokenizer\//],
  ['HTTP framework (fastify, helmet, find-my-way)', /^npm:/],
  ['PGlite (WebAssembly)', /^wasm:/],
  ['garbage collector', /^\(garbage collector\)/],
  ['Parley code (server/src, packages/shared)', /^(server\/src|packages\/shared)/],
  ['Node runtime: sockets, streams, timers, syscalls', /./],
];
const byGroup = new Map<string, number>();
for (const [group, ms] of selfGroup) {
  const name = GROUPS.find(([, re]) => re.test(group))?.[0] ?? 'other';
  byGroup.set(name, (byGroup.get(name) ?? 0) + ms);
}

const per = (v: number) => (v / window.chats).toFixed(3).padStart(8);
const print = (title: string, m: Map<string, number>, filter: (k: string) => boolean = () => true) => {
  console.log(`\n## ${title} (ms per chat)`);
  for (const [k, v] of [...m]
    .filter(([k]) => filter(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`${per(v)}  ${k}`);
};
console.log(`sampled CPU ${per(sampled)} ms/chat (idle ${per(idle)}), ${window.chats} chats`);
print('self by function group', byGroup);
for (const [name, ms] of [...byGroup].sort((a, b) => b[1] - a[1]))
  console.log(`${((100 * ms) / sampled).toFixed(1).padStart(5)} %  ${name}`);
print('self by module', selfGroup);
print('total by module', totalGroup);
print('self by function', self);
print('total by our function', total, isOurs);
print('self charged to the innermost app frame', owner);
if (focus) print(`stacks through ${focus.source} (innermost app frames)`, focusOwner);
