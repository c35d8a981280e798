# Importing the Celery app here makes `@shared_task` bind to it when Django starts.
from app.celery import app as celery_app

__all__ = ("celery_app",)
