"""The roles of Platforma (docs/behaviour.md#roles) and the role groups that open each area."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    ADMIN = "ADMIN", _("Administrator")
    SUPER_ADMIN = "SUPER_ADMIN", _("Superadministrator")
    INSTITUTION = "INSTITUTION", _("Instytucja")
    MANAGER = "MANAGER", _("Menedżer zespołu")
    MANAGER_LEADER = "MANAGER_LEADER", _("Lider menedżerów")
    RESELLER = "RESELLER", _("Reseller")
    CLOUD = "CLOUD", _("Klient cloud")
    AUTHOR = "AUTHOR", _("Autor")


ADMIN_ROLES = frozenset({Role.ADMIN, Role.SUPER_ADMIN})
INSTITUTION_ROLES = frozenset({Role.INSTITUTION})
MANAGER_ROLES = frozenset({Role.MANAGER, Role.MANAGER_LEADER})
RESELLER_ROLES = frozenset({Role.RESELLER, Role.CLOUD})
AUTHOR_ROLES = frozenset({Role.AUTHOR})
# The roles of the areas below the admin panel.
AREA_ROLES = INSTITUTION_ROLES | MANAGER_ROLES | RESELLER_ROLES | AUTHOR_ROLES
ALL_ROLES = frozenset(Role)


def is_cloud_panel(codes: frozenset[str]) -> bool:
    """The reseller area shows as 'Panel cloud' to cloud customers; someone who is also a
    reseller keeps the reseller panel (docs/behaviour.md#roles)."""
    return Role.CLOUD in codes and Role.RESELLER not in codes
