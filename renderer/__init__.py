"""spinnaker-renderer: halconfig model, kleat-compatible translator and Helm post-renderer."""

# The one version: the package, charts/spinnaker (version) and the Helm 4 plugin.
__version__ = "0.1.0"
