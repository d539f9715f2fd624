"""The renderer's compiled modules in one file.

The post-renderer starts on every helm command and imports over a hundred of the renderer's small
modules; finding, checking and reading each one's bytecode file (three stats and a read apiece) is a
tenth of its run. `make setup` writes every module's code, compiled as `compileall` compiles it, into
one file in the package's bytecode cache (`build`, run by the Makefile whenever a module changed). A module is taken from it
only while its source is the one compiled (the same size and modification time: the check Python makes
of its own bytecode files), else it is imported as usual; a file written for another checkout, another
Python or another optimization level is not used at all.
"""
from __future__ import annotations

import marshal
import sys
from os import makedirs, replace, sep, stat, walk
from os.path import dirname, join, relpath

ROOT = dirname(__file__)  # the package's directory
TAG = f"{sys.implementation.cache_tag}-{sys.hexversion:x}-O{sys.flags.optimize}"
FILE = join(ROOT, "__pycache__", f"renderer.{TAG}.codecache")
ModuleSpec = type(__spec__)  # importlib.machinery's, without importing it


class Finder:
    """A meta path finder and loader for the modules in the file (`index`: {module name: (path under
    ROOT, is a package, mtime in ns, size, offset and length of its code in `data`)})."""

    def __init__(self, index: dict, data: memoryview):
        self.index = index
        self.data = data

    def find_spec(self, name, path=None, target=None):
        entry = self.index.get(name)
        if entry is None:
            return None
        origin = join(ROOT, entry[0])
        try:
            found = stat(origin)
        except OSError:
            return None
        if found.st_mtime_ns != entry[2] or found.st_size != entry[3]:
            return None  # edited since `make setup`: compiled as usual
        spec = ModuleSpec(name, self, origin=origin, is_package=entry[1])
        if entry[1]:
            spec.submodule_search_locations = [dirname(origin)]
        spec.has_location = True
        return spec

    def create_module(self, spec):
        return None

    def exec_module(self, module) -> None:
        exec(self.get_code(module.__name__), module.__dict__)

    def get_code(self, name):
        entry = self.index[name]
        return marshal.loads(self.data[entry[4]:entry[4] + entry[5]])

    def is_package(self, name) -> bool:
        return self.index[name][1]


def install() -> None:
    """Serve the renderer's modules from the file, when it was written for this checkout and Python."""
    try:
        with open(FILE, "rb") as handle:
            data = handle.read()
        size = int.from_bytes(data[:4], "little")
        root, tag, index = marshal.loads(data[4:4 + size])
    except (OSError, ValueError, EOFError, TypeError):
        return  # none (a wheel install, a checkout without `make setup`) or unreadable: imported as usual
    if root == ROOT and tag == TAG:
        sys.meta_path.insert(0, Finder(index, memoryview(data)[4 + size:]))


def build() -> str:
    """Write the file from the package's sources (this module and the package's own `__init__`, which
    load it, aside); its path."""
    index, codes, at = {}, [], 0
    for folder, folders, files in walk(ROOT):
        folders[:] = sorted(f for f in folders if f != "__pycache__")
        for file in sorted(files):
            path = join(folder, file)
            if not file.endswith(".py") or (folder == ROOT and file in ("__init__.py", "codecache.py")):
                continue
            parts = relpath(path, dirname(ROOT))[:-3].split(sep)
            package = parts[-1] == "__init__"
            with open(path, "rb") as handle:
                source = handle.read()
            found = stat(path)
            code = marshal.dumps(compile(source, path, "exec", dont_inherit=True, optimize=sys.flags.optimize))
            index[".".join(parts[:-1] if package else parts)] = (relpath(path, ROOT), package, found.st_mtime_ns,
                                                                 found.st_size, at, len(code))
            codes.append(code)
            at += len(code)
    head = marshal.dumps((ROOT, TAG, index))
    makedirs(dirname(FILE), exist_ok=True)
    with open(FILE + ".tmp", "wb") as handle:
        handle.write(len(head).to_bytes(4, "little") + head)
        handle.writelines(codes)
    replace(FILE + ".tmp", FILE)
    return FILE
