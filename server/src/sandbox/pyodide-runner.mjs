// The code interpreter's runner for the Pyodide backend: a Node process inside the same bubblewrap profile as
// CPython (server/src/sandbox/bwrap-profile.ts), used where the machine has no python3. The operating system is
// the boundary, not this file: Python may reach JavaScript here (`import js`), and finds a process with an
// empty environment, no network, a read-only /usr and nothing of the server's. The wire is runner.py's:
// framed requests on stdin, one after another, a framed result each on descriptor 3, what the code prints on
// stdout and stderr closed by the request's marker. Variables and /mnt/data live as long as the process.
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
// runner.py's functions, without its main (which reads the requests itself under CPython).
const runner = pyodide.toPy({ __name__: 'parley_runner' });
pyodide.runPython(readFileSync(RUNNER_PY, 'utf8'), { globals: runner });
const FS = pyodide.FS;
FS.mkdirTree('/mnt/data');
pyodide.runPython("import os; os.chdir('/mnt/data')");
const scope = runner.get('new_scope')();
const placed = pyodide.toPy({});
const placeFiles = runner.get('place_files');
const snapshot = runner.get('snapshot');
const runCode = runner.get('run_code');
const changedFiles = runner.get('changed_files');

function handle(request, body) {
  let offset = 0;
  const read = (size) => {
    // Pyodide converts plain typed arrays, not Node's Buffer.
    const bytes = new Uint8Array(body.buffer, body.byteOffset + offset, size);
    offset += size;
    return bytes;
  };
  placeFiles(pyodide.toPy(request.files), read, placed);
  const before = snapshot();
  const outcome = runCode(request.code, scope);
  const [value, error] = outcome.toJs();
  outcome.destroy();
  const found = changedFiles(before, request.maxFiles, request.maxBytes);
  before.destroy();
  const [files, skipped] = found.toJs({ dict_converter: Object.fromEntries });
  found.destroy();
  writeAll(1, Buffer.from(request.marker));
  writeAll(2, Buffer.from(request.marker));
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
}

// Loaded: an empty frame tells the server to start a run's clock from now on.
writeAll(3, Buffer.alloc(4));

// Requests arrive one at a time; each is handled once all its bytes are here.
let buffered = Buffer.alloc(0);
process.stdin.on('data', (chunk) => {
  buffered = Buffer.concat([buffered, chunk]);
  for (;;) {
    if (buffered.length < 4) return;
    const length = buffered.readUInt32BE(0);
    if (buffered.length < 4 + length) return;
    const request = JSON.parse(buffered.subarray(4, 4 + length).toString('utf8'));
    const size = request.files.reduce((sum, file) => sum + file.size, 0);
    if (buffered.length < 4 + length + size) return;
    const body = buffered.subarray(4 + length, 4 + length + size);
    buffered = Buffer.from(buffered.subarray(4 + length + size));
    handle(request, body);
  }
});
process.stdin.once('end', () => process.exit(0));
