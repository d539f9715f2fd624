"""How the post-renderer starts, on every helm command (`scripts/post-render`; the CLI's
`post-render` comes here too): without the CLI's parser, without the cycle collector (the process
ends once the stream is written and makes no garbage cycles worth collecting), and without `site`.

`scripts/post-render` starts Python isolated and without site (-I -S): in a checkout set up by
`make setup`, site's work at start (the venv's `.pth` files: the editable install's import hook,
setuptools' distutils hook) is paid on every helm command, and the post-renderer needs nothing from
site-packages on its usual path (the standard library and the renderer only). PyYAML, for a document
its own reader declines, is the exception: the first import that nothing on the path can satisfy runs
`site` (as Python would have at start) and is looked up again.
"""
from __future__ import annotations

import sys


class SiteOnDemand:
    """A meta path finder, last in line: runs `site.main()` once, then asks every finder again."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        # A submodule was looked for in its package; a standard module Python was built without (a
        # probe such as `_sha2` before 3.12 is not in this list) is not in site-packages either.
        if path is not None or name in sys.stdlib_module_names or cls not in sys.meta_path:
            return None
        sys.meta_path.remove(cls)
        import site

        site.main()
        for finder in list(sys.meta_path):
            find = getattr(finder, "find_spec", None)
            spec = find(name, path, target) if find is not None else None
            if spec is not None:
                return spec
        return None


def install() -> None:
    """Look in site-packages on the first import the path cannot satisfy (a start without `site` only)."""
    if sys.flags.no_site and SiteOnDemand not in sys.meta_path:
        sys.meta_path.append(SiteOnDemand)


def post_render() -> int:
    """Post-render stdin to stdout (renderer.postrender.main), and end the process once it is written."""
    import gc

    gc.disable()
    install()
    from renderer.postrender import main

    return main(None, exit_when_done=True)
