"""Exit codes of every `spinnaker-renderer` command, in a module of their own so the
command modules (`cli`, `helmwrap`) share them without importing each other."""

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2
