"""The Spinnaker releases this renderer writes configuration for.

Spinnaker's services change which keys they read from one release to the
next (gate's OAuth2 and SAML settings moved, for one), so every translation
is for one release. A release is named the way Spinnaker names its tags:
`1.MINOR.PATCH` for the 1.x line, `YEAR.N.PATCH` since 2025. Anything else
(`1.35`, `v1.35.3`, a build name such as `master-latest-unvalidated`) names
no release and is refused, naming the supported lines.

The target release is, in this order: `--release` (CLI) or the chart's
`spinnaker.version` (the config bundle's `version`), else the halconfig's own
`version`.
"""
from __future__ import annotations

from .records import record



def _numbers(text: str):
    """(major, minor, patch) of `MAJOR.MINOR.PATCH` (ASCII digits, no leading zero), else None: the shape
    `(0|[1-9][0-9]*)` thrice, read without compiling a pattern at every start."""
    parts = text.split(".")
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() and (p == "0" or p[0] != "0") for p in parts):
        return None
    return tuple(int(p) for p in parts)


# Records (renderer/records.py: named tuples), not dataclasses: importing dataclasses (and with it
# inspect and ast) is nearly a tenth of a small post-render's start-up.
class Line(record("Line", "name major first last", defaults=(0, None))):
    """A release line: every release of one major version whose minor is in [first, last]
    (`last` None: every minor, including ones not yet released)."""

    __slots__ = ()

    def holds(self, major: int, minor: int) -> bool:
        return major == self.major and minor >= self.first and (self.last is None or minor <= self.last)


# 1.30 (2023) to 1.38, the last of the 1.x line; the 2025 and 2026 lines are
# open-ended because their next minor releases keep the line's settings.
LINES = (Line("1.3x", 1, 30, 38), Line("2025.x", 2025), Line("2026.x", 2026))
SUPPORTED = "1.30.0 to 1.38.x, 2025.N.P and 2026.N.P"


def _pattern() -> str:
    """A regular expression (RE2 and Python) of the supported releases, for the chart's templates."""
    number = "(0|[1-9][0-9]*)"
    lines = []
    for line in LINES:
        minors = number if line.last is None else "(" + "|".join(str(m) for m in range(line.first, line.last + 1)) + ")"
        lines.append(f"{line.major}\\.{minors}")
    return "^(" + "|".join(lines) + f")\\.{number}$"


# The chart picks the halconfig's version only when it matches this (charts/spinnaker/files/services.json).
SUPPORTED_PATTERN = _pattern()


class UnsupportedRelease(ValueError):
    """A version string that names no supported release; the text says which ones are."""


# The fix for a `spinnaker.version` that names no supported release, on every route.
CHART_VERSION_HINT = "Set it to a release, or leave it empty and set services.<name>.image.tag for other builds."


class Release(record("Release", "major minor patch")):
    """One Spinnaker release, ordered as released (1.38.x < 2025.0.0)."""

    __slots__ = ()

    @classmethod
    def parse(cls, text) -> "Release":
        """The release `text` names; UnsupportedRelease when it names none we support."""
        if not isinstance(text, str) or not text:
            raise UnsupportedRelease(f"a Spinnaker release is required (supported: {SUPPORTED}).")
        numbers = _numbers(text)
        if numbers is None:
            raise UnsupportedRelease(
                f"{text!r} is not a Spinnaker release: a release is named MAJOR.MINOR.PATCH, e.g. 2026.4.0 or "
                f"1.35.3 (supported: {SUPPORTED}).")
        release = cls(*numbers)
        if release.line is None:
            raise UnsupportedRelease(f"Spinnaker {text} is not a supported release (supported: {SUPPORTED}).")
        return release

    @property
    def line(self) -> str | None:
        """The name of the supported line this release belongs to."""
        for line in LINES:
            if line.holds(self.major, self.minor):
                return line.name
        return None

    def __str__(self) -> str:
        return f"{self.major}.{self.minor}.{self.patch}"


# The chart's default release (Chart.yaml appVersion; a test keeps them equal).
DEFAULT = Release(2026, 4, 0)
# The semantics of kleat, the reference translator, which was written for the
# 1.x line: the oldest supported release reads exactly what kleat wrote.
KLEAT = Release(1, 30, 0)


class Span:
    """The releases from `since` (inclusive) to `until` (exclusive); either may be open."""

    __slots__ = ("since", "until")

    def __init__(self, since: str | None = None, until: str | None = None):
        self.since = _boundary(since)
        self.until = _boundary(until)

    def __contains__(self, release: Release) -> bool:
        return (self.since is None or release >= self.since) and (self.until is None or release < self.until)

    def describe(self) -> str:
        """`all releases`, `2025.2.0 and later`, `before 2025.2.0`, `1.35.0 to before 2026.3.0`."""
        if self.since is None and self.until is None:
            return "all releases"
        if self.until is None:
            return f"{self.since} and later"
        if self.since is None:
            return f"before {self.until}"
        return f"{self.since} to before {self.until}"

    def __repr__(self):
        return f"Span({self.describe()})"


def _boundary(text: str | None) -> Release | None:
    # Boundaries are declared by the project, so they need not be supported releases themselves.
    if text is None:
        return None
    numbers = _numbers(text)
    if numbers is None:
        raise ValueError(f"bad release boundary {text!r}")
    return Release(*numbers)


# Halyard's prefix for a release whose bill of materials was kept locally (`local:1.30.1`).
LOCAL_BOM = "local:"


def halconfig_version(version):
    """A halconfig's `version` as the release it names: Halyard's `local:` prefix dropped (every route
    reads `local:1.30.1` as 1.30.1)."""
    if isinstance(version, str) and version.startswith(LOCAL_BOM):
        return version[len(LOCAL_BOM):]
    return version


def halconfig_release(version) -> Release:
    """The release a halconfig's `version` names (halconfig_version); UnsupportedRelease."""
    return Release.parse(halconfig_version(version))


def target(requested: Release | None, hal: dict, report, path=("version",),
           fallback: Release | None = None) -> Release | None:
    """The release to translate `hal` for: `requested` (--release, the chart's
    spinnaker.version) or else the halconfig's `version`, else `fallback` (the
    chart's release); None after reporting an error.

    The release that runs decides: a halconfig `version` that differs from it, or names
    no release this renderer writes for (1.20.5, a build name, a sed placeholder), is a
    warning where the chart (or --release) names the release, because the config is
    written for what runs. Without either, the halconfig's version must name a
    supported release (an error kleat did not make: --kleat-compat translates with
    kleat's 1.x semantics)."""
    version = hal.get("version") if isinstance(hal, dict) else None
    own, why = None, ""
    if version:
        try:
            own = halconfig_release(version)
        except UnsupportedRelease as exc:
            why = str(exc)
    chosen = requested if requested is not None else (own or fallback)
    if chosen is not None:
        if version and own != chosen:
            said = f"{why[:-1]}; " if why else f"the halconfig says version {version}; "
            report.warning(path, f"{said}the config is written for Spinnaker {chosen}, the release the chart "
                                 "(spinnaker.version) or --release runs.",
                           "Remove version from the halconfig: spinnaker.version chooses the release.")
        return chosen
    hint = "Set version to the release you run, e.g. 2026.4.0, or name it with --release."
    if not version:
        report.kleat_accepted(path, f"the halconfig names no Spinnaker release (supported: {SUPPORTED}).", hint)
    else:
        report.kleat_accepted(path, why, hint)
    return KLEAT if report.kleat_compat else None
