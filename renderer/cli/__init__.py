"""The command line: `spinnaker-renderer` and its `helm` wrapper."""
