from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TeamsConfig(AppConfig):
    name = "app.teams"
    label = "teams"
    # The admin panel's heading over this app's models.
    verbose_name = _("Zespoły")

    def ready(self) -> None:
        from app.accounts.selectors import learner_pages_register
        from app.teams import signals  # noqa: F401 - connects the receivers
        from app.teams.cache import connect_signals

        connect_signals()
        from app.teams.urls import urlpatterns

        # The learner's team page is a page a session link may open.
        learner_pages_register(patterns=urlpatterns)
        from app.core.data_export import data_export_register
        from app.teams.data_export import teams_export

        # This app's part of a learner's data export.
        data_export_register(section="teams", build=teams_export)
        from app.accounts.sessions import session_column_register
        from app.teams.selectors import MANAGED_TEAMS, managed_teams_sql
        from app.teams.urls import team_manager_path

        # The team page's access check, read with the session: no query of its own. Read
        # on the team's pages alone (every other page would pay for it).
        session_column_register(MANAGED_TEAMS, managed_teams_sql, paths=team_manager_path)
