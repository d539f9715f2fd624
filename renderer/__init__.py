"""spinnaker-renderer: halconfig model, kleat-compatible translator and Helm post-renderer."""
