# The code interpreter's runner, inside the sandbox (server/src/sandbox/README in index.ts). Everything here runs
# in the same interpreter as the user's code, so nothing it does is trusted by the server: it is a convenience
# that lays out /mnt/data, runs the code, and hands back what is there, and the server checks every byte of it.
#
# Wire (host side: server/src/sandbox/frames.ts): stdin carries a 4-byte big-endian length, a JSON header
# {"code", "files": [{"name", "size"}], "maxFiles", "maxBytes"} and then the files' bytes in order. The result
# goes to file descriptor 3 the same way: length, JSON {"value", "error", "files": [{"name", "size"}],
# "skipped": [...]}, bytes. What the code prints goes to the process's own stdout and stderr.
#
# Under CPython this file is the program (`python3 -I -B -c <this>`); under Pyodide the Node runner
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
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def place_files(entries, read):
    """Writes the given files under /mnt/data; answers {name: sha256} of what was written."""
    given = {}
    for entry in entries:
        path = _inside(entry["name"])
        data = read(entry["size"])
        if path is None:
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(data)
        given[entry["name"]] = hashlib.sha256(data).hexdigest()
    return given


def run_code(code):
    """Runs `code` as __main__; answers [repr of the last expression or None, traceback or None]."""
    scope = {"__name__": "__main__", "__builtins__": __builtins__}
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


def changed_files(given, max_files, max_bytes):
    """Regular files under /mnt/data that are new or changed (symbolic links are never followed)."""
    found, skipped, total = [], [], 0
    for root, dirs, names in os.walk(DATA, followlinks=False):
        dirs.sort()
        for name in sorted(names):
            path = os.path.join(root, name)
            relative = os.path.relpath(path, DATA)
            try:
                info = os.lstat(path)
            except OSError:
                continue
            if not stat.S_ISREG(info.st_mode):
                continue
            if relative in given and _digest(path) == given[relative]:
                continue
            if len(found) >= max_files:
                skipped.append({"name": relative, "reason": "files"})
                continue
            if total + info.st_size > max_bytes:
                skipped.append({"name": relative, "reason": "bytes"})
                continue
            total += info.st_size
            found.append({"name": relative, "path": path, "size": info.st_size})
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
    incoming = sys.stdin.buffer
    (length,) = struct.unpack(">I", _read_exactly(incoming, 4))
    request = json.loads(_read_exactly(incoming, length))
    given = place_files(request["files"], lambda size: _read_exactly(incoming, size))
    # The code gets no way to talk to the server: stdin is closed, and the result channel is moved to a
    # descriptor the code is unlikely to touch by accident (it can still write there: the server checks).
    os.close(0)
    os.open("/dev/null", os.O_RDONLY)
    result = os.dup(3)
    os.close(3)
    os.chdir(DATA)
    value, error = run_code(request["code"])
    files, skipped = changed_files(given, request["maxFiles"], request["maxBytes"])
    header = json.dumps(
        {
            "value": value,
            "error": error,
            "files": [{"name": f["name"], "size": f["size"]} for f in files],
            "skipped": skipped,
        }
    ).encode()
    with os.fdopen(result, "wb") as out:
        out.write(struct.pack(">I", len(header)) + header)
        for entry in files:
            with open(entry["path"], "rb") as handle:
                data = handle.read(entry["size"])
            out.write(data.ljust(entry["size"], b"\0"))


if __name__ == "__main__":
    main()
