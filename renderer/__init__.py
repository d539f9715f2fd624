"""spinnaker-renderer: halconfig model, kleat-compatible translator and Helm post-renderer."""

# The one version: the package, charts/spinnaker (version) and the Helm 4 plugin.
__version__ = "0.1.0"

# Its modules from one compiled file when `make setup` wrote it (renderer/codecache.py).
from . import codecache as _codecache  # noqa: E402

_codecache.install()
