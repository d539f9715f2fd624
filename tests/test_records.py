"""renderer/records.py's named tuples behave as collections.namedtuple's do, where the renderer uses them."""
from __future__ import annotations

from collections import namedtuple

import pytest

from renderer.records import record

Ours = record("Point", "x y z", defaults=(0,))
Theirs = namedtuple("Point", "x y z", defaults=(0,))


@pytest.mark.parametrize("args, kwargs", [((1, 2, 3), {}), ((1, 2), {}), ((1,), {"y": 2}), ((), {"x": 1, "y": 2, "z": 3}),
                                          ((), {"z": 3, "y": 2, "x": 1})])
def test_built_alike(args, kwargs):
    ours, theirs = Ours(*args, **kwargs), Theirs(*args, **kwargs)
    assert tuple(ours) == tuple(theirs) and repr(ours) == repr(theirs)
    assert (ours.x, ours.y, ours.z) == (theirs.x, theirs.y, theirs.z)
    assert ours == theirs and hash(ours) == hash(theirs) and not ours < theirs
    assert ours._replace(y=9) == theirs._replace(y=9) and ours._fields == theirs._fields
    assert type(ours).__module__ == __name__


@pytest.mark.parametrize("args, kwargs", [((1, 2, 3, 4), {}), ((1,), {}), ((1, 2), {"x": 1}), ((1, 2), {"w": 1})])
def test_refused_alike(args, kwargs):
    with pytest.raises(TypeError):
        Theirs(*args, **kwargs)
    with pytest.raises(TypeError):
        Ours(*args, **kwargs)


def test_a_subclass_keeps_its_methods_and_order():
    class Version(record("Version", "major minor")):
        __slots__ = ()

        def __str__(self):
            return f"{self.major}.{self.minor}"

    assert str(Version(1, 2)) == "1.2" and Version(1, 10) > Version(1, 9) and sorted([Version(2, 0), Version(1, 5)])[0] == (1, 5)
