// One sandboxed Python (Pyodide) in a worker thread, used for a single run and then terminated (so no state
// leaks from one user's code to the next). See server/src/sandbox/index.ts for the protocol and the limits.
// Plain JavaScript so that it starts without a TypeScript loader; the build copies it beside dist/main.js.
import Module from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const port = parentPort;
const memoryLimitBytes = workerData.memoryLimitBytes;

// 1. Node modules that would reach the host are refused to every `require` in this thread, emscripten's own
//    included: its `system()` (Python's os.system) spawns a host shell with node:child_process, and its socket
//    emulation opens WebSockets with `ws`.
const BLOCKED_MODULES = new Set([
  'child_process',
  'ws',
  'net',
  'tls',
  'http',
  'https',
  'http2',
  'dgram',
  'dns',
  'cluster',
  'inspector',
  'undici',
  'repl',
]);
const realLoad = Module._load;
Module._load = function load(request, ...rest) {
  const name = String(request)
    .replace(/^node:/, '')
    .split('/')[0];
  if (BLOCKED_MODULES.has(name)) throw new Error(`The module ${name} is not available in the sandbox.`);
  return realLoad.call(this, request, ...rest);
};

// 2. WebAssembly memory (Python's heap) may not grow past the limit: the growth fails and Python raises
//    MemoryError.
const realGrow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function grow(pages) {
  if (this.buffer.byteLength + pages * 65536 > memoryLimitBytes) {
    throw new RangeError('The sandbox memory limit is reached.');
  }
  return realGrow.call(this, pages);
};

const { loadPyodide } = await import('pyodide');
let stdout = '';
let stderr = '';
const OUTPUT_CAP = 256 * 1024;
const append = (which, text) => {
  if (which === 'out') stdout = (stdout + text + '\n').slice(0, OUTPUT_CAP + 1);
  else stderr = (stderr + text + '\n').slice(0, OUTPUT_CAP + 1);
};
const pyodide = await loadPyodide({
  stdout: (text) => append('out', text),
  stderr: (text) => append('err', text),
  // Nothing may be fetched: a package load is refused (see below), and no lock file is consulted.
  packageBaseUrl: 'file:///nonexistent/',
  jsglobals: Object.create(null),
});

// 3. The JavaScript bridge is taken away from Python: the `js` and `pyodide_js` modules, the `pyodide`
//    package (ffi, code.run_js, http), and the Node globals pyodide put on globalThis (require → fs,
//    child_process, ws).
pyodide.unregisterJsModule('js');
pyodide.unregisterJsModule('pyodide_js');
pyodide.loadPackage = async () => {
  throw new Error('Loading packages is not available in the sandbox.');
};
pyodide.runPython(`
import sys, os, traceback as _traceback
from pyodide.code import eval_code as _eval_code

def _parley_run(code):
    scope = {'__name__': '__main__', '__builtins__': __builtins__}
    try:
        value = _eval_code(code, scope, filename='<code>')
        return [None if value is None else repr(value)[:100000], None]
    except BaseException as error:
        tb = error.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename != '<code>':
            tb = tb.tb_next
        return [None, ''.join(_traceback.format_exception(type(error), error, tb))[-20000:]]

_BLOCKED = {'js', 'pyodide_js', 'pyodide', '_pyodide', '_pyodide_core', 'micropip', 'pyodide_http', 'pyodide_kernel'}
for _name in list(sys.modules):
    if _name.split('.')[0] in _BLOCKED:
        del sys.modules[_name]

class _SandboxImportBlocker:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in _BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}: not available in the sandbox")
        return None

sys.meta_path.insert(0, _SandboxImportBlocker())

def _refuse(*args, **kwargs):
    raise OSError('Starting processes is not available in the sandbox.')

for _name in ('system', 'popen', 'fork', 'forkpty', 'execv', 'execve', 'execl', 'execle', 'execlp',
              'execlpe', 'execvp', 'execvpe', 'spawnl', 'spawnle', 'spawnv', 'spawnve', 'posix_spawn',
              'posix_spawnp', 'kill', 'killpg'):
    if hasattr(os, _name):
        setattr(os, _name, _refuse)
os.makedirs('/mnt/data', exist_ok=True)
os.chdir('/mnt/data')
`);
const run = pyodide.globals.get('_parley_run');
const FS = pyodide.FS;
for (const name of [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'WebSocket',
  'EventSource',
  'XMLHttpRequest',
  'require',
]) {
  try {
    delete globalThis[name];
  } catch {
    globalThis[name] = undefined;
  }
}

function listFiles(dir, prefix = '') {
  const found = [];
  for (const entry of FS.readdir(dir)) {
    if (entry === '.' || entry === '..') continue;
    const path = `${dir}/${entry}`;
    const stat = FS.stat(path);
    if (FS.isDir(stat.mode)) found.push(...listFiles(path, `${prefix}${entry}/`));
    else if (FS.isFile(stat.mode)) found.push({ name: `${prefix}${entry}`, path });
  }
  return found;
}

port.on('message', (message) => {
  if (message.type !== 'run') return;
  const given = new Map();
  for (const file of message.files) {
    const path = `/mnt/data/${file.name}`;
    FS.writeFile(path, file.bytes);
    given.set(file.name, file.bytes);
  }
  let value;
  let error;
  try {
    const proxy = run(message.code);
    [value, error] = proxy.toJs();
    proxy.destroy();
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
  }
  const files = [];
  let total = 0;
  for (const { name, path } of listFiles('/mnt/data')) {
    const bytes = FS.readFile(path);
    const before = given.get(name);
    if (before && Buffer.from(before).equals(Buffer.from(bytes))) continue;
    total += bytes.byteLength;
    if (total > message.maxOutputFileBytes) {
      append('err', `The file ${name} was not returned: the files written exceed the limit.`);
      continue;
    }
    files.push({ name, bytes });
  }
  port.postMessage({ type: 'done', stdout, stderr, value, error, files });
});
port.postMessage({ type: 'ready' });
