"""Fields every provider declares alike: account names, permissions, the provider switch and bake images."""
from ..dsl import Bool, List, Msg, Str, messages
from ..common import Permissions


message = messages("providers")

GCLOUD_RELEASE_TRACK = ('UNSPECIFIED', 'STABLE', 'BETA', 'ALPHA')


def provider_version():
    """Halyard's `providerVersion` marker, written on accounts of every provider."""
    return Str("Halyard's provider-version marker (V1 or V2) for this account.",
               halyard="Halyard wrote this V1/V2 marker on every account; only the long-removed "
                       "legacy Kubernetes provider ever used it and no current service reads it, "
                       "so it is dropped.")


def placed(common: dict, fields: dict, last: dict = {}) -> dict:  # `last` is only read
    """`common` fields, then `fields`, then `last`; a key of `fields` that names a `common` or `last`
    field stands where `fields` puts it instead, as that field when given as None (each message keeps
    kleat's field order, which is not the same for every cloud)."""
    if not (common.keys().isdisjoint(fields) and last.keys().isdisjoint(fields)):
        shared = {**common, **last}
        fields = {key: shared[key] if f is None else f for key, f in fields.items()}
        common = {key: f for key, f in common.items() if key not in fields}
        last = {key: f for key, f in last.items() if key not in fields}
    return {**common, **fields, **last}


def account(name, doc, what, /, *, checks=(), **fields):
    """An account message: its `name` first and Halyard's `providerVersion` last (unless `fields`
    places them), `fields` between."""
    if "name" in fields or "providerVersion" in fields:
        fields = placed({"name": account_name(what)}, fields, {"providerVersion": provider_version()})
        return message(name, doc, checks=checks, **fields)
    return message(name, doc, checks=checks, name=account_name(what), **fields, providerVersion=provider_version())


def account_name(what):
    return Str(f"Unique name of this {what}; pipelines, permissions and other settings "
               "refer to it by this name.", required=True)


def environment(in_kleat=True):
    if not in_kleat:  # kleat declares it on some providers' accounts only; clouddriver reads it on all
        return Str("Environment label for the account (e.g. dev, prod); defaults to the account name. Not in "
                   "kleat; read by clouddriver.")
    return Str("Environment label for the account (e.g. dev, staging, prod); several accounts "
               "may share one. Defaults to the account name.")


def permissions():
    return Msg(Permissions, "Fiat roles allowed to read from and write to this account.")


def required_group_membership():
    return List(Str("Deprecated: roles allowed to use this account. Use `permissions` instead."))


def enabled(provider):
    return Bool(f"Turn the {provider} provider on in clouddriver (and, where it bakes, in rosco).")


def provider(name, doc, what, account, account_doc, **more):
    """A provider block: its switch, its accounts, the account Deck selects by default, then `more`."""
    return message(name, doc, enabled=enabled(what), accounts=List(Msg(account, account_doc)),
                   primaryAccount=primary_account(), **more)


def primary_account():
    return Str("Name of the account Deck selects by default for this provider, for the providers whose "
               "default Deck's settings.js carries (the column \"written to\" says which: not Kubernetes, for "
               "one); for AWS also orca's default bake account. clouddriver and rosco do not read it, so it is "
               "not written into clouddriver.yml or rosco.yml (kleat copied it there); naming no account is a "
               "warning. When unset in a Halyard file, the first account is used.")


def package_type():
    return Str("Package format of the artifacts baked onto this image, e.g. `deb` or `rpm`; "
               "tells the bakery how to install them.")


def base_image(name, doc, example="", **more):
    """How a bakery offers one base image in the Bake stage (`more` adds, places or replaces fields)."""
    fields = dict(
        id=Str("Identifier of the base image that users pick in the Bake stage"
               + (f", e.g. `{example}`." if example else ".")),
        shortDescription=Str("Short label shown for this image in Deck."),
        detailedDescription=Str("Longer description shown for this image in Deck."),
        packageType=package_type(),
        templateFile=Str("Packer template for this image, overriding the bakery default."),
    )
    return message(name, doc, **placed(fields, more))


def base_image_settings(name, cloud, image, virtualization):
    """A base image a bakery offers: the image, and how its bakes start."""
    return message(name, f"A base image offered by the {cloud} bakery.",
                   baseImage=Msg(image, "How the image is named and described."),
                   virtualizationSettings=virtualization)


def template_file(scope):
    return Str(f"Packer template used to bake {scope}: one shipped with rosco (e.g. `aws-ebs.json`) "
               "or a custom one mounted into rosco's packer directory.")


def bakery_defaults(name, doc, settings, template="", **more):
    """The defaults rosco bakes a cloud's images with: the Packer template for `template` (which images,
    e.g. which file; a cloud whose template field says more gives its own `templateFile`), the base
    images of `settings` offered in the Bake stage, and the cloud's own fields (`more`)."""
    return message(name, doc, **placed(
        {"templateFile": template_file(template) if template else None,
         "baseImages": List(Msg(settings, "A base image offered in the Bake stage."))}, more))
