# The consent notice's calls (the consent log, the privacy policy, saving a choice, the
# purposes and services, the consent history and the newsletter consent) are operations
# of the API (app/consent/api.py), listed under this namespace by app/urls.py.
app_name = "consent"
urlpatterns: list = []
