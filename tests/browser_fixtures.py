"""Fixtures for the Playwright tests: the built site served on 127.0.0.1
under a sub-path (as GitHub Pages serves a project site), Debian's Chromium,
and a page that fails the test on any console error, page error, or request
to another origin.  Imported by tests/conftest.py."""

import os
import contextlib
import re
import sys
import threading
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

import timing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASE = "/puzzle-lab/"
CHROMIUM = "/usr/bin/chromium"
# Waits (ms) as on a quiet machine: every one passes through scaled() (the
# helpers below do it), which stretches it by tests/timing.py on a loaded one.
READY_TIMEOUT = 60_000       # Pyodide's first load (about 4 s quiet)
ACTION_TIMEOUT = 30_000      # a click, a fill, a page.wait_for_...
EXPECT_TIMEOUT = 10_000      # an expect(...) that names no timeout (Playwright's own is 5 s)


def scaled(timeout):
    """A Playwright timeout (ms, as on a quiet machine) stretched by
    tests/timing.py for the machine's load now."""
    return timing.ms(timeout / 1000)


def patient(page):
    """Set a page's default timeouts (actions, and expect's) for the
    machine's load now."""
    page.set_default_timeout(scaled(ACTION_TIMEOUT))
    expect.set_options(timeout=scaled(EXPECT_TIMEOUT))


@pytest.fixture(scope="session")
def site_url():
    sys.path.insert(0, ROOT)
    import build
    if not os.path.exists(os.path.join(build.SITE, "build.json")):
        build.build()
    server = build.make_server(0, BASE)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}{BASE}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage"],
    }


def origin_of(url):
    """``scheme://host:port`` of ``url``."""
    return "{0.scheme}://{0.netloc}".format(urlparse(url))


class PageWatch:
    """Collects what must never happen on the page."""

    def __init__(self, page, origin):
        self.page = page
        self.origin = origin
        self.errors = []
        self.foreign = []
        self.requests = []
        self.allow_console = []   # substrings of console errors a test expects
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on("request", self._request)
        page.on("response", self._response)

    def _console(self, msg):
        if msg.type == "error" and "Failed to load resource" in msg.text:
            return   # reported with its URL by _response
        if msg.type == "error" and not any(s in msg.text for s in self.allow_console):
            self.errors.append(f"console error: {msg.text}")

    def _response(self, response):
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")

    def _request(self, request):
        self.requests.append(request.url)
        url = urlparse(request.url)
        if url.scheme in ("data", "blob", "about"):
            return
        if f"{url.scheme}://{url.netloc}" != self.origin:
            self.foreign.append(request.url)

    def check(self):
        assert not self.foreign, f"requests left the origin: {self.foreign[:5]}"
        assert not self.errors, "\n".join(self.errors)


class _Returning:
    """One browser context per test process, kept between tests: a visitor
    who comes back.  After the first visit its service worker holds the site
    and the solver's snapshot, so a page starts in about 1 s instead of the
    4 s of a first visit (runtime, micropip, wheel): the page tests spend
    most of their time starting.  Local storage is cleared after each test;
    a context a test left in doubt is replaced."""

    def __init__(self, browser, args):
        self.browser = browser
        self.args = args
        self.context = None

    def new_page(self):
        if self.context is None:
            self.context = self.browser.new_context(**self.args)
        return self.context.new_page()

    def tidy(self, page, origin):
        try:
            if page.url.startswith(origin):
                page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
                page.close()
                return
        except Exception:
            pass
        self.close()

    def close(self):
        if self.context is not None:
            with contextlib.suppress(Exception):
                self.context.close()
        self.context = None


@pytest.fixture(scope="session")
def _returning(browser, browser_context_args):
    returning = _Returning(browser, browser_context_args)
    yield returning
    returning.close()


@pytest.fixture
def page(request, _returning, site_url):
    """The page of a test.  A returning visitor's (``_Returning``) unless the
    test asks for its own context: it takes the ``context`` fixture, or is
    marked ``first_visit`` (what a first visit does and fetches: the
    ordinary boot, routes on the runtime's files)."""
    if "context" in request.fixturenames or request.node.get_closest_marker("first_visit"):
        page = request.getfixturevalue("context").new_page()
        patient(page)
        yield page
        return
    page = _returning.new_page()
    patient(page)
    yield page
    _returning.tidy(page, origin_of(site_url))


@pytest.fixture
def watch(page, site_url):
    w = PageWatch(page, origin_of(site_url))
    patient(page)
    yield w
    w.check()


@contextlib.contextmanager
def fresh_page(browser, site_url, **options):
    """A page in a context of its own (a new visitor, another tab: nothing
    stored), watched like the ``watch`` fixture; closed on the way out."""
    context = browser.new_context(**options)
    try:
        page = context.new_page()
        patient(page)
        w = PageWatch(page, origin_of(site_url))
        yield page
        w.check()
    finally:
        context.close()


def wait_state(page, state, timeout=ACTION_TIMEOUT):
    """Wait for ``<body data-state>`` (a regex alternation is allowed);
    ``timeout`` in ms as on a quiet machine (scaled here).  Uses
    Playwright's expect, which evaluates outside the page's CSP."""
    expect(page.locator("body")).to_have_attribute("data-state", re.compile(f"^({state})$"),
                                                   timeout=scaled(timeout))


def open_app(page, site_url, fragment="", state="ready|error"):
    """Open the page (optionally at a fragment) and wait for the solver."""
    page.goto(site_url + (f"#{fragment}" if fragment else ""))
    wait_state(page, state, READY_TIMEOUT)
    return page
