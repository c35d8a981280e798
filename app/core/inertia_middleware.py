"""inertia-django's middleware, short of re-sending the CSRF cookie a browser already holds.

The library's middleware calls Django's `get_token` on every answer, so that a browser
always holds the XSRF-TOKEN cookie its Inertia client sends back in the X-XSRF-TOKEN
header. That call masks the secret anew for a token nobody reads (Platforma's pages carry
none in their body: the cookie holds the secret itself), at 32 random characters of a
system call each, and re-sends the cookie on every answer to start its year again: about
80 µs, an eighth of a logged-in page's CPU in one process.

Here the cookie is set where the browser sent none. One it sent that Django's CSRF
middleware could not take (malformed) is replaced by Django itself, and a new secret at
login (`rotate_token`) is sent as ever. A browser keeps its cookie for a year from when it
was set (CSRF_COOKIE_AGE) and gets a new one with its first page after that; a form
posted from a page left open across that moment gets the CSRF failure page
(app/core/views.py), which has the visitor open the page again.

Everything else is the library's own: `test_inertia_middleware.py` checks this middleware
against the library's on every kind of answer it handles.
"""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.cache import patch_vary_headers
from inertia.middleware import InertiaMiddleware


class PlatformaInertiaMiddleware(InertiaMiddleware):
    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        patch_vary_headers(response, ("X-Inertia",))
        if settings.CSRF_COOKIE_NAME not in request.COOKIES:
            get_token(request)
        if not self.is_inertia_request(request):
            return response
        if request.method == "GET" and self.is_stale(request):
            return self.force_refresh(request)
        if self.redirect_has_fragment(response) and not self.is_prefetch(request):
            return self.inertia_redirect(response)
        if self.is_non_post_redirect(request, response):
            response.status_code = 303
        return response
