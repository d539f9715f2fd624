"""One rendered workload of a Spinnaker service, as the checks read it: its main container (named after
its service by the chart), that container's environment, resources, probes and mounts, and the
Spring profiles it runs with. Read from the final document (after the user's `patches`), so what is
judged is what Kubernetes would run."""
from __future__ import annotations

_PROBES = ("startupProbe", "readinessProbe", "livenessProbe")


def _mapping(value) -> dict:
    return value if isinstance(value, dict) else {}


def _items(value) -> list:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def container_env(container) -> dict:
    """{name: value} of a container's env, the last entry of a name winning (as the kubelet does); None
    as the value of one taken from a Secret or ConfigMap (`valueFrom`)."""
    env = {}
    for item in _items(_mapping(container).get("env")):
        name = item.get("name")
        if isinstance(name, str):
            value = item.get("value")
            env[name] = None if "valueFrom" in item else ("" if value is None else str(value))
    return env


def env_from(container) -> list:
    """[(kind, object name, prefix)] of a container's `envFrom` (kind: ConfigMap or Secret)."""
    out = []
    for item in _items(_mapping(container).get("envFrom")):
        for key, kind in (("configMapRef", "ConfigMap"), ("secretRef", "Secret")):
            ref = item.get(key)
            if isinstance(ref, dict):
                out.append((kind, str(ref.get("name") or ""), str(item.get("prefix") or "")))
    return out


def process_env(release, container):
    """The names a container's process finds in its environment: each `envFrom` object's keys (their
    values not known here: None), then its `env`, which wins (container_env); None when an `envFrom`
    object is not one the release holds (runtime.Release.object_keys): what it sets cannot be known."""
    env: dict = {}
    for kind, name, prefix in env_from(container):
        keys = release.object_keys.get((kind, name))
        if keys is None:
            return None
        env.update(dict.fromkeys((prefix + key for key in keys), None))
    env.update(container_env(container))
    return env


class Pod:
    """`workload`: the bundle's name for it (a service or an HA split); `entry`: the bundle's entry
    (service, host, port, scheme, profiles, ...); `spec`: the pod template's spec; `container`: the
    main container (None when a patch removed it)."""

    __slots__ = ("workload", "entry", "service", "spec", "labels", "namespace", "container", "_env")

    def __init__(self, workload: str, entry: dict, obj: dict):
        self.workload = workload
        self.entry = entry
        self.service = entry["service"]
        template = _mapping(_mapping(_mapping(obj).get("spec")).get("template"))
        self.spec = _mapping(template.get("spec"))
        self.labels = {str(k): str(v) for k, v in _mapping(_mapping(template.get("metadata")).get("labels")).items()}
        self.namespace = str(_mapping(_mapping(obj).get("metadata")).get("namespace") or "")
        self.container = next((c for c in _items(self.spec.get("containers")) if c.get("name") == self.service),
                              None)
        self._env = None

    @property
    def env(self) -> dict:
        """{name: value} of the main container's env, the last entry of a name winning (as the kubelet
        does); None as the value of one taken from a Secret or ConfigMap (`valueFrom`)."""
        if self._env is None:
            self._env = container_env(self.container)
        return self._env

    @property
    def env_from(self) -> list:
        """[(kind, object name, prefix)] of the main container's `envFrom` (kind: ConfigMap or Secret)."""
        return env_from(self.container)

    @property
    def image(self) -> str:
        return str(_mapping(self.container).get("image") or "")

    @property
    def memory_limit(self):
        return _mapping(_mapping(_mapping(self.container).get("resources")).get("limits")).get("memory")

    @property
    def profiles(self) -> list:
        """The Spring profiles the main container runs with (SPRING_PROFILES_ACTIVE), in order."""
        value = self.env.get("SPRING_PROFILES_ACTIVE")
        return [p.strip() for p in value.split(",") if p.strip()] if value else []

    def probes(self):
        """(kind, probe) of the main container's probes."""
        container = _mapping(self.container)
        for kind in _PROBES:
            if isinstance(container.get(kind), dict):
                yield kind, container[kind]

    @property
    def ports(self) -> list:
        """The container ports of every container of the pod (a Service's named targetPort finds any)."""
        return [p for c in _items(self.spec.get("containers")) for p in _items(c.get("ports"))]

    def port_number(self, port):
        """A probe's `port` (number or the name of a container port) as a number, or None."""
        if isinstance(port, int) and not isinstance(port, bool):
            return port
        if isinstance(port, str) and port.isdigit():
            return int(port)
        for item in _items(_mapping(self.container).get("ports")):
            if item.get("name") == port and isinstance(item.get("containerPort"), int):
                return item["containerPort"]
        return None

    def mounted_files(self, object_keys: dict):
        """(path, key) of every file the main container sees whose name is known: the keys of the
        ConfigMaps and Secrets mounted (`object_keys`: {(kind, name): keys} of those the release
        holds; a volume's `items` name them too), a `subPath` mount being one file."""
        volumes = {v.get("name"): v for v in _items(self.spec.get("volumes"))}
        for mount in _items(_mapping(self.container).get("volumeMounts")):
            path = str(mount.get("mountPath") or "").rstrip("/")
            keys = _volume_keys(volumes.get(mount.get("name")), object_keys)
            sub = mount.get("subPath")
            if sub:
                if sub in keys or not keys:
                    yield path, str(sub).rsplit("/", 1)[-1]
                continue
            for key in keys:
                yield f"{path}/{key}", key


def _volume_keys(volume, object_keys: dict) -> list:
    """The file names a volume shows: its `items` paths, else the keys of the object it projects."""
    if not isinstance(volume, dict):
        return []
    sources = []
    if isinstance(volume.get("configMap"), dict):
        sources.append(("ConfigMap", volume["configMap"].get("name"), volume["configMap"].get("items")))
    if isinstance(volume.get("secret"), dict):
        sources.append(("Secret", volume["secret"].get("secretName"), volume["secret"].get("items")))
    for source in _items(_mapping(volume.get("projected")).get("sources")):
        for key, kind in (("configMap", "ConfigMap"), ("secret", "Secret")):
            if isinstance(source.get(key), dict):
                sources.append((kind, source[key].get("name"), source[key].get("items")))
    keys = []
    for kind, name, items in sources:
        if isinstance(items, list) and items:
            keys += [str(i.get("path") or i.get("key")) for i in _items(items)]
        else:
            keys += list(object_keys.get((kind, name), ()))
    return keys
