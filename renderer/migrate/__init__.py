"""`spinnaker-renderer migrate HAL_DIR`: a whole Halyard directory as chart values.

- `haldir.read_hal_dir`: the directory, read (config, profiles, service settings,
  referenced files); its first step, `open_hal_dir` (the config), is also `validate`'s;
- `scope`: what may be read (HAL_DIR, what --include adds), bounded, links out of it not followed;
- `backup`: a `hal backup create` archive, unpacked safely as HAL_DIR;
- `environment`: deploymentEnvironment and service-settings -> `services`, `ha`, ...;
- `profiles`: profile files -> `profiles`, `settingsLocalJs`;
- `files`: files the config names -> Secrets at /var/secrets (one per set of readers, `output`);
- `credentials`: inline credentials -> `${HAL_...}` placeholders and one Secret;
- `settle`: what every Helm route would refuse, set aside and reported, so the values render;
- `output`: values.yaml with comments, the Secret manifests or kubectl commands, the report.
"""
from .haldir import HalDir, read_hal_dir
from .output import Migration, migrate

__all__ = ["HalDir", "read_hal_dir", "Migration", "migrate"]
