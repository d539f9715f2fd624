"""Writing output: service config text and all-or-nothing file sets."""
