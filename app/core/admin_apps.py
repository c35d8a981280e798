from django.contrib.admin.apps import AdminConfig


class PlatformaAdminConfig(AdminConfig):
    """Django's admin app with Platforma's role-gated site as `admin.site`."""

    default_site = "app.core.admin_site.PlatformaAdminSite"
