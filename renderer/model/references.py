"""Values that stand for something resolved later, never to be judged as what they stand for.

Spinnaker's services resolve `encrypted:<engine>!...` and `encryptedFile:...` through their
secret engines, and Spring resolves `${NAME}` placeholders, when they start; template tools
fill `{{ ... }}` before the file reaches anyone. Checking such a value as a URL, a path or a
number would refuse configs that run."""
from __future__ import annotations

SECRET_PREFIXES = ("encrypted:", "encryptedFile:")


def is_reference(value) -> bool:
    """True for a secret reference or a placeholder (anywhere in the text for `${` and `{{`)."""
    return isinstance(value, str) and (value.startswith(SECRET_PREFIXES) or "${" in value or "{{" in value)
