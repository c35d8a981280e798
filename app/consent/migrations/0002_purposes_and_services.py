from django.db import migrations

# The purposes (the library's cookie groups) and services (its cookies) of the consent
# notice (docs/behaviour.md#consent-notice). Admins edit them later; this only creates what
# does not exist yet.
PURPOSES = [
    {
        "varname": "base",
        "is_required": True,
        "is_deletable": False,
        "ordering": 1,
        "name": "Niezbędne",
        "description": "Usługi, bez których Platforma nie działa. Są zawsze włączone.",
        "name_en": "Essential",
        "description_en": "Services the platform cannot work without. They are always on.",
    },
    {
        "varname": "marketing",
        "is_required": False,
        "is_deletable": True,
        "ordering": 2,
        "name": "Analityka",
        "description": "Pomagają nam zrozumieć, jak korzystasz z Platformy, i ją ulepszać.",
        "name_en": "Analytics",
        "description_en": "Help us understand how you use the platform and improve it.",
    },
    {
        "varname": "advertising",
        "is_required": False,
        "is_deletable": True,
        "ordering": 3,
        "name": "Reklama",
        "description": "Pozwalają pokazywać Ci nasze reklamy w innych serwisach i mierzyć ich skuteczność.",
        "name_en": "Advertising",
        "description_en": "Let us show you our ads on other sites and measure how well they work.",
    },
]

SERVICES = [
    (
        "base",
        "gtm",
        "Google Tag Manager",
        "Google Tag Manager",
        "Wczytuje pozostałe usługi, i tylko te, na które się zgodzisz.",
        "Loads the other services, and only those you agree to.",
        "",
    ),
    (
        "marketing",
        "google_analytics",
        "Google Analytics",
        "Google Analytics",
        "Statystyki odwiedzin i korzystania z Platformy.",
        "Statistics of visits and of how the platform is used.",
        "",
    ),
    (
        "advertising",
        "google_ads",
        "Google Ads",
        "Google Ads",
        "Reklamy Google i pomiar ich skuteczności.",
        "Google ads and measuring how well they work.",
        "",
    ),
    (
        "advertising",
        "facebook_pixel",
        "Facebook Pixel (Meta)",
        "Facebook Pixel (Meta)",
        "Reklamy w serwisach Meta (Facebook, Instagram) i pomiar ich skuteczności.",
        "Ads on Meta's sites (Facebook, Instagram) and measuring how well they work.",
        "",
    ),
    (
        "advertising",
        "microsoft_ads",
        "Microsoft Advertising",
        "Microsoft Advertising",
        "Reklamy w wyszukiwarce Bing i pomiar ich skuteczności.",
        "Ads in Bing search and measuring how well they work.",
        "",
    ),
    (
        "advertising",
        "linkedin_insight",
        "LinkedIn Insight Tag",
        "LinkedIn Insight Tag",
        "Reklamy w serwisie LinkedIn i pomiar ich skuteczności.",
        "Ads on LinkedIn and measuring how well they work.",
        "",
    ),
    (
        "advertising",
        "tiktok_pixel",
        "TikTok Pixel",
        "TikTok Pixel",
        "Reklamy w serwisie TikTok i pomiar ich skuteczności.",
        "Ads on TikTok and measuring how well they work.",
        "",
    ),
    (
        "advertising",
        "reddit_pixel",
        "Reddit Pixel",
        "Reddit Pixel",
        "Reklamy w serwisie Reddit i pomiar ich skuteczności (tylko w wersji angielskiej).",
        "Ads on Reddit and measuring how well they work.",
        "en",
    ),
]


def create(apps, schema_editor):
    CookieGroup = apps.get_model("cookie_consent", "CookieGroup")
    Cookie = apps.get_model("cookie_consent", "Cookie")
    PurposeText = apps.get_model("consent", "PurposeText")
    ServiceText = apps.get_model("consent", "ServiceText")
    groups = {}
    for purpose in PURPOSES:
        fields = {key: value for key, value in purpose.items() if not key.endswith("_en")}
        group, created = CookieGroup.objects.get_or_create(
            varname=fields.pop("varname"), defaults=fields
        )
        groups[group.varname] = group
        if created:
            PurposeText.objects.create(
                cookiegroup=group,
                name_en=purpose["name_en"],
                description_en=purpose["description_en"],
            )
    for varname, name, label_pl, label_en, description, description_en, language in SERVICES:
        cookie, created = Cookie.objects.get_or_create(
            cookiegroup=groups[varname],
            name=name,
            domain="",
            defaults={"description": description},
        )
        if created:
            ServiceText.objects.create(
                cookie=cookie,
                label_pl=label_pl,
                label_en=label_en,
                description_en=description_en,
                only_language=language,
            )


def remove(apps, schema_editor):
    CookieGroup = apps.get_model("cookie_consent", "CookieGroup")
    CookieGroup.objects.filter(varname__in=[purpose["varname"] for purpose in PURPOSES]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("consent", "0001_initial"),
        ("cookie_consent", "0004_cookie_natural_key"),
    ]

    operations = [migrations.RunPython(create, remove)]
