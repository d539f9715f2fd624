"""Reading input: halconfig YAML as Spinnaker reads it, Halyard's form, the verdict's inputs."""
