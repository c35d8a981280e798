import pytest


@pytest.fixture
def media_root(settings, tmp_path):
    """Uploaded files go to a folder of the test's own."""
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def uploading_learner(learner, media_root):
    """The logged-in learner (root `learner`), whose uploads go to `media_root`."""
    return learner
