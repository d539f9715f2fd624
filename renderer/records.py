"""Named tuples made without `collections.namedtuple`, which compiles a constructor from source for each
type: about 0.2 ms a type, a millisecond and a half of every post-render's start for the renderer's six.
A record is a tuple (equal, ordered and hashed as its values) whose fields are read by name."""
from __future__ import annotations

import sys
from operator import itemgetter


def record(name: str, fields: str, defaults: tuple = (), doc: str | None = None) -> type:
    """A tuple type `name` with the space-separated `fields` (the last ones taking `defaults`), built by
    position or keyword as a namedtuple is, with `_fields`, `_replace` and namedtuple's repr."""
    names = tuple(fields.split())
    count = len(names)
    required = count - len(defaults)

    def __new__(cls, *args, **kwargs):
        if len(args) > count:
            raise TypeError(f"{name} takes {count} values, not {len(args)}")
        values = list(args)
        for field in names[len(args):]:
            if field in kwargs:
                values.append(kwargs.pop(field))
            elif len(values) >= required:
                values.append(defaults[len(values) - required])
            else:
                raise TypeError(f"{name} is missing {field!r}")
        if kwargs:
            raise TypeError(f"{name} got unexpected or repeated {', '.join(sorted(kwargs))}")
        return tuple.__new__(cls, values)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={v!r}' for n, v in zip(names, self))})"

    def _replace(self, **changes):
        return type(self)(**{**dict(zip(names, self)), **changes})

    namespace = {"__slots__": (), "__doc__": doc or f"{name}({', '.join(names)})", "__new__": __new__,
                 "__repr__": __repr__, "_replace": _replace, "_fields": names,
                 "__match_args__": names, "__module__": sys._getframe(1).f_globals.get("__name__", __name__)}
    for index, field in enumerate(names):
        namespace[field] = property(itemgetter(index), doc=f"Alias for field number {index}")
    return type(name, (tuple,), namespace)
