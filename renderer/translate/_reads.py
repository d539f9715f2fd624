"""Writing a halconfig section where a release reads it.

Fields that moved between releases declare where each range of releases
reads them (`renderer.model.dsl.Read`); `place()` walks a section and writes
every field at the key its release reads, converting the value where the new
key wants another form. Translators call it instead of deciding per release.
"""
from __future__ import annotations

from ..releases import Release

# Spring's resource loader reads a local file only with the `file:` prefix
# (without it, an absolute path is looked up on the class path).
_FILE_PREFIX = "file:"


def _words(value, names):
    """Halyard's space-separated scopes; Spring binds a list (a string would be one scope)."""
    words = value.replace(",", " ").split()
    return words or None


def _file_location(value, names):
    return _FILE_PREFIX + value if isinstance(value, str) and value.startswith("/") else value


def _client_authentication_method(value, names):
    # Spring Security has no "query" method; the form body is the closest equivalent.
    return {"header": "client_secret_basic", "form": "client_secret_post", "query": "client_secret_post",
            "none": "none"}.get(value)


def _oauth2_callback(value, names):
    """The legacy callback (https://gate.example.com/login) as gate's Spring
    Security callback on the same origin and path prefix:
    https://gate.example.com/login/oauth2/code/<registration>."""
    base = value.rstrip("/")
    if base.endswith("/login"):
        base = base[: -len("/login")]
    return f"{base}/login/oauth2/code/{names['registration']}"


def _default_oauth2_callback(value, names):
    if value is not True:
        return None
    gate_url = names.get("gate_url")
    if gate_url:
        return _oauth2_callback(gate_url, names)
    return "{baseUrl}/login/oauth2/code/{registrationId}"


def _when_on(constant):
    def convert(value, names):
        return constant if value is True else None
    return convert


def _pem_credentials(value, names):
    """SamlCredential entries in Spring Boot's spelling, with file: locations."""
    out = []
    for item in value or ():
        entry = {}
        if item.get("privateKeyLocation"):
            entry["private-key-location"] = _file_location(item["privateKeyLocation"], names)
        if item.get("certificateLocation"):
            entry["certificate-location"] = _file_location(item["certificateLocation"], names)
        out.append(entry)
    return out or None


# name -> (conversion, what the reference says it does)
CONVERSIONS = {
    "words": (_words, "the space-separated words as a list"),
    "file-location": (_file_location, "an absolute path gets the file: prefix"),
    "client-authentication-method": (_client_authentication_method,
                                     "header becomes client_secret_basic, form and query client_secret_post, "
                                     "none none"),
    "oauth2-callback": (_oauth2_callback, "a /login callback becomes /login/oauth2/code/<registration> on the "
                                          "same origin"),
    "authorization-code": (_when_on("authorization_code"), "authorization_code when true"),
    "default-oauth2-callback": (_default_oauth2_callback,
                                "when true, <Gate URL>/login/oauth2/code/<registration> with "
                                "apiSecurity.overrideBaseUrl as the Gate URL, else Spring's "
                                "{baseUrl}/login/oauth2/code/{registrationId}; preEstablishedRedirectUri replaces it"),
    "default-user-name-attribute": (_when_on("email"), "email when true (userInfoMapping.username replaces it)"),
    "saml-legacy-acs": (_when_on("{baseUrl}/saml/SSO"), "{baseUrl}/saml/SSO when true"),
    "pem-credentials": (_pem_credentials, "each entry as private-key-location and certificate-location, with "
                                          "file: locations"),
}


def place(msg, data, release: Release, root: dict, at: tuple = (), names: dict | None = None) -> None:
    """Write `data` (an instance of `msg`) into the file `root` as `release` reads it.

    A field read in place goes under `at` + its name (a nested section is
    walked the same way); a field read at a key goes there; a field the
    release does not read is left out. Fields are taken in declaration order,
    so a later field overrides a default an earlier one wrote at the same key.
    """
    names = names or {}
    if not isinstance(data, dict):
        return
    for name, field in msg.fields.items():
        if name not in data:
            continue
        value = data[name]
        for read in field.reads_for(release):
            if read.key is None:
                target = field.target
                path = at + (name,)
                if target is not None and not field.repeated and not field.map and isinstance(value, dict):
                    if not value and _reads_in_place(target, release):
                        _set(root, path, {})  # an empty message is kept, as kleat keeps it
                    place(target, value, release, root, path, names)
                else:
                    _set(root, path, _convert(read.how, value, names))
            else:
                converted = _convert(read.how, value, names)
                if converted is not None:
                    _set(root, tuple(read.key.format(**names).split(".")), converted)


def _convert(how, value, names):
    return value if how is None else CONVERSIONS[how][0](value, names)


def _reads_in_place(msg, release: Release) -> bool:
    return any(read.key is None for field in msg.fields.values() for read in field.reads_for(release))


def _set(root: dict, path: tuple, value) -> None:
    for key in path[:-1]:
        root = root.setdefault(key, {})
    root[path[-1]] = value
