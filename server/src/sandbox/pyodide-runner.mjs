// The code interpreter's runner for the Pyodide backend: a Node process inside the same bubblewrap profile as
// CPython (server/src/sandbox/bwrap-profile.ts), used where the machine has no python3. The operating system is
// the boundary, not this file: Python may reach JavaScript here (`import js`), and finds a process with an
// empty environment, no network, a read-only /usr and nothing of the server's. The wire is runner.py's:
// a framed request on stdin, a framed result on descriptor 3, what the code prints on stdout and stderr.
import { readFileSync, writeSync } from 'node:fs';

const RUNNER_PY = '/opt/parley/runner.py';
const PYODIDE = '/opt/pyodide/';

function writeAll(fd, bytes) {
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}

// A failure of the runner itself reports its message only (Node would print a line of Pyodide's minified source).
process.on('uncaughtException', (error) => {
  writeAll(2, Buffer.from(`${error instanceof Error ? error.message : String(error)}\n`));
  process.exit(70);
});

const { loadPyodide } = await import(`${PYODIDE}pyodide.mjs`);
const pyodide = await loadPyodide({
  indexURL: PYODIDE,
  stdout: (line) => writeAll(1, Buffer.from(`${line}\n`)),
  stderr: (line) => writeAll(2, Buffer.from(`${line}\n`)),
  // Nothing is fetched: no network here anyway, and only the standard library ships with the npm package.
  packageBaseUrl: 'file:///nonexistent/',
});
// runner.py's functions, without its main (which reads the request itself under CPython).
const scope = pyodide.toPy({ __name__: 'parley_runner' });
pyodide.runPython(readFileSync(RUNNER_PY, 'utf8'), { globals: scope });

// The request arrives once the server hands this warm process a run.
const input = await new Promise((resolve, reject) => {
  const chunks = [];
  process.stdin.on('data', (chunk) => chunks.push(chunk));
  process.stdin.once('end', () => resolve(Buffer.concat(chunks)));
  process.stdin.once('error', reject);
});
const length = input.readUInt32BE(0);
const request = JSON.parse(input.subarray(4, 4 + length).toString('utf8'));
let offset = 4 + length;
const FS = pyodide.FS;
const sha256 = pyodide.runPython('lambda data: __import__("hashlib").sha256(data.to_bytes()).hexdigest()');
FS.mkdirTree('/mnt/data');
const given = new Map();
for (const file of request.files) {
  // Pyodide converts plain typed arrays, not Node's Buffer.
  const bytes = new Uint8Array(input.buffer, input.byteOffset + offset, file.size);
  offset += file.size;
  const parts = file.name.split('/');
  if (parts.some((part) => part === '..' || part === '.' || part === '')) continue;
  if (parts.length > 1) FS.mkdirTree(`/mnt/data/${parts.slice(0, -1).join('/')}`);
  FS.writeFile(`/mnt/data/${file.name}`, bytes);
  given.set(file.name, sha256(bytes));
}
pyodide.runPython("import os; os.chdir('/mnt/data')");

const runCode = scope.get('run_code');
const proxy = runCode(request.code);
const [value, error] = proxy.toJs();
proxy.destroy();

const changed = scope.get('changed_files');
const found = changed(pyodide.toPy(Object.fromEntries(given)), request.maxFiles, request.maxBytes);
const [files, skipped] = found.toJs({ dict_converter: Object.fromEntries });
found.destroy();
const header = Buffer.from(
  JSON.stringify({
    value: value ?? null,
    error: error ?? null,
    files: files.map((file) => ({ name: file.name, size: file.size })),
    skipped,
  }),
);
const prefix = Buffer.alloc(4);
prefix.writeUInt32BE(header.length);
writeAll(3, Buffer.concat([prefix, header]));
for (const file of files) {
  const bytes = Buffer.from(FS.readFile(file.path));
  const exact = Buffer.alloc(file.size);
  bytes.copy(exact, 0, 0, Math.min(bytes.length, file.size));
  writeAll(3, exact);
}
process.exit(0);
