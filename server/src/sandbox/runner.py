# The code interpreter's runner, inside the sandbox (server/src/sandbox/index.ts). Everything here runs in the
# same interpreter as the user's code, so nothing it does is trusted by the server: it is a convenience that lays
# out /mnt/data, runs the code, and hands back what is there, and the server checks every byte of it.
#
# Wire (host side: server/src/sandbox/frames.ts): requests arrive on stdin, one after another, each a 4-byte
# big-endian length, a JSON header {"code", "files": [{"name", "size"}], "maxFiles", "maxBytes", "marker"} and
# the files' bytes in order. Descriptor 3 first carries an empty frame (length 0) once the runner is loaded, then
# each result the same way: length, JSON {"value", "error",
# "files": [{"name", "size"}], "skipped": [...]}, bytes. What the code prints goes to the process's own stdout
# and stderr, each closed for this run by the request's marker. A one-off run gets one request and then end of
# input; a conversation's interpreter gets one per turn and keeps its variables and /mnt/data in between.
#
# Under CPython this file is the program (`python3 -I -B -u -c <this>`); under Pyodide the Node runner
# (pyodide-runner.mjs) defines these functions with __name__ != "__main__" and does the framing itself.
import ast
import hashlib
import json
import os
import stat
import struct
import sys
import traceback

DATA = "/mnt/data"
CODE_NAME = "<code>"


def _inside(path):
    full = os.path.normpath(os.path.join(DATA, path))
    return full if full.startswith(DATA + "/") else None


def _digest(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def new_scope():
    return {"__name__": "__main__", "__builtins__": __builtins__}


def place_files(entries, read, placed):
    """Writes the given files under /mnt/data, unless the same bytes were given before under that name (then
    the code's own changes to it are kept). `placed`: {name: sha256} of what was given, updated."""
    for entry in entries:
        path = _inside(entry["name"])
        data = read(entry["size"])
        if not isinstance(data, bytes):
            data = data.to_bytes()  # a JavaScript Uint8Array under Pyodide
        if path is None:
            continue
        digest = hashlib.sha256(data).hexdigest()
        if placed.get(entry["name"]) == digest and os.path.exists(path):
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(data)
        placed[entry["name"]] = digest


def _regular_files():
    for root, dirs, names in os.walk(DATA, followlinks=False):
        dirs.sort()
        for name in sorted(names):
            path = os.path.join(root, name)
            try:
                info = os.lstat(path)
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode):
                yield os.path.relpath(path, DATA), path, info.st_size


def snapshot():
    """{name: sha256} of every regular file under /mnt/data."""
    return {name: _digest(path) for name, path, _size in _regular_files()}


def run_code(code, scope):
    """Runs `code` in `scope`; answers [repr of the last expression or None, traceback or None]."""
    try:
        tree = ast.parse(code, filename=CODE_NAME, mode="exec")
        last = None
        if tree.body and isinstance(tree.body[-1], ast.Expr):
            last = ast.Expression(tree.body.pop().value)
        exec(compile(tree, CODE_NAME, "exec"), scope)
        if last is not None:
            value = eval(compile(last, CODE_NAME, "eval"), scope)
            if value is not None:
                return [repr(value)[:100000], None]
        return [None, None]
    except SystemExit as error:
        if error.code in (None, 0):
            return [None, None]
        return [None, "SystemExit: %s" % (error.code,)]
    except BaseException as error:  # noqa: BLE001 - the user's code may raise anything
        tb = error.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename != CODE_NAME:
            tb = tb.tb_next
        text = "".join(traceback.format_exception(type(error), error, tb))
        return [None, text[-20000:]]
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except BaseException:  # noqa: BLE001
                pass


def changed_files(before, max_files, max_bytes):
    """Regular files under /mnt/data new or changed since `before` (symbolic links are never followed)."""
    found, skipped, total = [], [], 0
    for name, path, size in _regular_files():
        if name in before and _digest(path) == before[name]:
            continue
        if len(found) >= max_files:
            skipped.append({"name": name, "reason": "files"})
            continue
        if total + size > max_bytes:
            skipped.append({"name": name, "reason": "bytes"})
            continue
        total += size
        found.append({"name": name, "path": path, "size": size})
    return found, skipped


def _read_exactly(stream, size):
    chunks, left = [], size
    while left > 0:
        chunk = stream.read(left)
        if not chunk:
            raise EOFError("the request ended early")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def main():
    # The request and result channels move to descriptors the code is unlikely to touch by accident; stdin
    # becomes /dev/null. (The code can still reach them: it would only confuse its own conversation.)
    requests = os.fdopen(os.dup(0), "rb", buffering=0)
    results = os.fdopen(os.dup(3), "wb", buffering=0)
    os.close(3)
    null = os.open("/dev/null", os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.chdir(DATA)
    scope = new_scope()
    placed = {}
    results.write(struct.pack(">I", 0))  # loaded: the server starts a run's clock from here
    while True:
        prefix = requests.read(4)
        if not prefix:
            return
        (length,) = struct.unpack(">I", prefix + _read_exactly(requests, 4 - len(prefix)))
        request = json.loads(_read_exactly(requests, length))
        place_files(request["files"], lambda size: _read_exactly(requests, size), placed)
        before = snapshot()
        os.chdir(DATA)
        value, error = run_code(request["code"], scope)
        files, skipped = changed_files(before, request["maxFiles"], request["maxBytes"])
        marker = request["marker"].encode()
        for fd in (1, 2):
            try:
                os.write(fd, marker)
            except OSError:
                pass
        header = json.dumps(
            {
                "value": value,
                "error": error,
                "files": [{"name": f["name"], "size": f["size"]} for f in files],
                "skipped": skipped,
            }
        ).encode()
        results.write(struct.pack(">I", len(header)) + header)
        for entry in files:
            with open(entry["path"], "rb") as handle:
                data = handle.read(entry["size"])
            results.write(data.ljust(entry["size"], b"\0"))


if __name__ == "__main__":
    main()
