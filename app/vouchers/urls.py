from django.urls import path

from app.vouchers import views

app_name = "vouchers"

urlpatterns = [
    path("odbierz_kurs", views.redeem, name="redeem"),
    path("odbierz_kurs/<str:hash>", views.redeem, name="redeem_link"),
    path("instytucja", views.institution, name="institution"),
    path("instytucja/pula/<int:batch_id>", views.institution_batch, name="institution_batch"),
    path(
        "instytucja/pula/<int:batch_id>/csv",
        views.institution_batch_csv,
        name="institution_batch_csv",
    ),
    path("instytucja/<path:rest>", views.institution_not_found),
    path("reseller", views.reseller, name="reseller"),
    path("reseller/pula/<int:batch_id>", views.reseller_batch, name="reseller_batch"),
    path("reseller/pula/<int:batch_id>/csv", views.reseller_batch_csv, name="reseller_batch_csv"),
    path("reseller/<path:rest>", views.reseller_not_found),
]
