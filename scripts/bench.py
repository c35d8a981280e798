"""Platforma's benchmark: run with `./scripts/bench`.

Starts the platform under gunicorn with scripts/bench_settings.py (its own database and a bare
view at /__bench__/bare behind the same middleware), loads it with wrk, and prints:
- requests/second of /login (HTML) and of an Inertia visit to /login, each as a ratio to
  the bare view (measured in turns with it: the fastest of fifteen one-second rounds of each);
- the gzip size of the JavaScript the browser loads first for /login;
- the median time of a login POST;
- requests/second of `platforma/moje_kursy` for a learner owning 500 courses (HTML and an
  Inertia visit) and of a manager's team page (50 members, 20 invitations; also as a browser
  asks for it, gzip-compressed, with no target), each as a ratio
  to the bare view (the lowest and highest ratio of a round in brackets; a round where a page
  beats the bare view is measured again), with the SQL queries and Redis round trips each page made
  (once warm), the web processes' CPU time per request and its p50/p99 latency;
- the median time the SSR process takes to render each of a few pages (pages are measured
  as served, rendered on the server; BENCH_SSR=0 measures them without);
- voucher redemptions/second with 20 concurrent clients, each request another learner
  redeeming the same voucher, the fastest of three rounds of five seconds, each refused
  unless the voucher counts exactly as many seats used as there are redemptions (measured
  when the benchmark's database is PostgreSQL, e.g.
  DATABASE_URL=postgres://.../platforma_bench ./scripts/bench);
- with BENCH_INSTRUCTIONS=1, the instructions a request to the bare view and to each
  logged-in page executes, counted by valgrind's cachegrind in one process
  (scripts/bench_instructions.py), and each page's ratio by them: a figure that does not
  move with the machine, where requests/second on a shared machine do.
"""

import gzip
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PORT = int(os.environ.get("BENCH_PORT", "8765"))
SSR_PORT = int(os.environ.get("BENCH_SSR_PORT", "8766"))
SECONDS = int(os.environ.get("BENCH_SECONDS", "10"))
# Pages are measured in rounds, each beside a measurement of the bare view.
# Fifteen: the machine can stay at its slower speed for most of ten seconds (a page's nine
# rounds once all fell on it), and the fastest of more rounds is likelier to hold one
# second at the faster speed for the page and for the bare view alike.
ROUNDS = 15
ROUND_SECONDS = max(1, SECONDS // 10)
CONNECTIONS = int(os.environ.get("BENCH_CONNECTIONS", "8"))
REDEEM_CONNECTIONS = 20
REDEEM_ROUNDS = 3
REDEEM_SECONDS = max(1, SECONDS // 2)
WORKERS = 2
# The targets (the README's "Benchmark"): printed beside each figure and judged by
# target_checks.
ANONYMOUS_RATIO = 0.6
LOGGED_IN_RATIO = 0.5
REDIS_ROUND_TRIPS = 1
FIRST_LOAD_KB = 120
LOGIN_POST_MS = 60
REDEMPTIONS_PER_SECOND = 300
_PAGE_TARGETS = f"; target >= {LOGGED_IN_RATIO}, Redis <= {REDIS_ROUND_TRIPS}"
USER_EMAIL = "bench@example.com"
USER_PASSWORD = "bench-password-1"
# The benchmark's settings and URLs live beside it, in scripts/, not in the product.
ENV = {
    **os.environ,
    "DJANGO_SETTINGS_MODULE": "bench_settings",
    "PYTHONPATH": os.pathsep.join(
        filter(None, [str(ROOT / "scripts"), os.environ.get("PYTHONPATH")])
    ),
}
ENV.pop("DJANGO_DEBUG", None)
# gunicorn reads gunicorn.conf.py, the production server's settings, except that workers
# are not replaced every few thousand requests: a replaced worker starts cold (imports,
# its process-local caches), which a run of ten seconds would count several times over.
ENV["WEB_MAX_REQUESTS"] = "0"
# Pages are measured as served: rendered by the SSR process (BENCH_SSR=0 measures without).
SSR = os.environ.get("BENCH_SSR", "1") != "0"
INSTRUCTIONS = os.environ.get("BENCH_INSTRUCTIONS") == "1"
# Requests served by the two counted runs of a page: their difference is what the further
# requests cost, without the start-up and warm-up both runs pay.
INSTRUCTION_COUNTS = (10, 60)
ENV["INERTIA_SSR_ENABLED"] = "1" if SSR else "0"
ENV["INERTIA_SSR_URL"] = f"http://127.0.0.1:{SSR_PORT}"
sys.path.insert(0, str(ROOT))


def run_python(script: str, *args: str) -> str:
    """What a Python script of the project printed, run with the benchmark's settings."""
    return subprocess.run(
        [sys.executable, script, *args],
        cwd=ROOT,
        env=ENV,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def manage(*args: str) -> str:
    return run_python("manage.py", *args)


def prepare_database() -> None:
    manage("migrate", "--noinput")
    manage(
        "shell",
        "-c",
        "from app.accounts.models import User\n"
        f"User.objects.filter(email='{USER_EMAIL}').delete()\n"
        f"User.objects.create_user('{USER_EMAIL}', '{USER_PASSWORD}',"
        " first_name='Ben', last_name='Czmark')",
    )


def refuse_busy_ports(ports: list[int]) -> None:
    """Refuse to start while something answers on the benchmark's ports: it would be
    measured instead (a server left running, an SSR process of an earlier build)."""
    for port in ports:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                raise SystemExit(
                    f"Port {port} is in use: stop what listens there, or set BENCH_PORT"
                    " and BENCH_SSR_PORT to free ones."
                )


# The server's own log (a line per request, and its warnings): kept apart from what the
# benchmark prints, which it would bury under megabytes.
SERVER_LOG = Path(os.environ.get("PLATFORMA_VAR_DIR", ROOT / "var")) / "bench-server.log"


def start_server() -> subprocess.Popen:
    SERVER_LOG.parent.mkdir(parents=True, exist_ok=True)
    with SERVER_LOG.open("w") as log:
        return _started(log)


def _started(log) -> subprocess.Popen:
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "--config",
            str(ROOT / "gunicorn.conf.py"),
            "--bind",
            f"127.0.0.1:{PORT}",
            "--workers",
            str(WORKERS),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=ENV,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    for _ in range(100):
        try:
            request("GET", "/__bench__/bare")
            return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("The benchmark server did not start.")


def request(method: str, path: str, body: bytes | None = None, headers: dict | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response, data


def bench_data(*args: str):
    output = run_python("scripts/bench_data.py", *args)
    return json.loads(output.strip().splitlines()[-1])


@dataclass(frozen=True)
class Load:
    rate: float  # requests/second
    p50: float  # latency, ms
    p99: float
    requests: int = 0
    cpu_ms: float = float("nan")  # the web processes' CPU time per request


_UNIT_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


def _latency(output: str, percentile: int) -> float:
    found = re.search(rf"^\s*{percentile}(?:\.0+)?%\s+([\d.]+)(us|ms|s|m)\s*$", output, re.M)
    if found is None:
        print(f"no {percentile}% latency in wrk's output:\n{output}", file=sys.stderr)
        return float("nan")
    return float(found.group(1)) * _UNIT_MS[found.group(2)]


_TICKS = os.sysconf("SC_CLK_TCK")
# gunicorn's master, once started (its workers are its children).
_server_pid: int | None = None


def _process_cpu(pid: int) -> float:
    """Seconds of CPU a process has used (user and system)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _TICKS


def web_cpu_seconds() -> float:
    """CPU seconds of gunicorn's master and workers so far (PostgreSQL, Redis and the SSR
    process run apart and are not counted)."""
    if _server_pid is None:
        return float("nan")
    children = Path(f"/proc/{_server_pid}/task/{_server_pid}/children").read_text().split()
    return sum(_process_cpu(pid) for pid in [_server_pid, *map(int, children)])


def wrk(path: str, headers: dict[str, str] | None = None, *, seconds: int = SECONDS) -> Load:
    args = ["wrk", "-t1", f"-c{CONNECTIONS}", "--latency"]
    for name, value in (headers or {}).items():
        args += ["-H", f"{name}: {value}"]
    url = f"http://127.0.0.1:{PORT}{path}"
    cpu_before = web_cpu_seconds()
    output = subprocess.run(
        [*args, f"-d{seconds}s", url], check=True, capture_output=True, text=True
    ).stdout
    cpu = web_cpu_seconds() - cpu_before
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if non_2xx:
        raise SystemExit(f"{path} answered {non_2xx.group(1)} errors under load:\n{output}")
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    cpu_ms = cpu * 1000 / requests if requests else float("nan")
    return Load(rate, _latency(output, 50), _latency(output, 99), requests, cpu_ms)


@dataclass(frozen=True)
class Paired:
    load: Load  # the page's fastest round
    ratio: float  # the page's fastest round to the bare view's fastest
    bare: Load  # the bare view's fastest round
    low: float  # the lowest and highest ratio of the rounds kept (page to the bare view
    high: float  # measured just before it)
    discarded: int  # rounds measured again (the page beat the bare view: the machine drifted)

    @property
    def spread(self) -> str:
        return f"{self.low:.2f}-{self.high:.2f}"


# A page does everything the bare view does and more: a round in which it is faster only
# measured the machine speeding up between the two measurements.
MAX_ROUNDS = ROUNDS * 3


def paired(path: str, headers: dict[str, str] | None = None) -> Paired:
    """The page's requests/second as a ratio to the bare view's, from ROUNDS rounds of a
    second each, the bare view then the page: the fastest second of each, as timeit takes
    the fastest of its runs. The shared 2-core machine switches between two speeds every
    one to three seconds (about 1,100 and 3,300 bare requests a second were seen, and the
    pages slow down with it), which only ever slows a measurement down, so the fastest of
    several short rounds of each, taken in turn, is what both cost on the same machine.
    A round where the page beats the bare view is measured again, not reported."""
    wrk(path, headers, seconds=2)  # warm-up: every worker and thread has served the page
    rounds = []
    discarded = 0
    while len(rounds) < ROUNDS and len(rounds) + discarded < MAX_ROUNDS:
        bare = wrk("/__bench__/bare", seconds=ROUND_SECONDS)
        page = wrk(path, headers, seconds=ROUND_SECONDS)
        if page.rate > bare.rate:
            discarded += 1
            continue
        rounds.append((page.rate / bare.rate, page, bare))
    if not rounds:
        raise SystemExit(f"{path}: every round beat the bare view; the machine is too unsteady")
    fastest_page = max((page for _, page, _ in rounds), key=lambda load: load.rate)
    fastest_bare = max((bare for _, _, bare in rounds), key=lambda load: load.rate)
    ratios = sorted(ratio for ratio, _, _ in rounds)
    return Paired(
        fastest_page,
        fastest_page.rate / fastest_bare.rate,
        fastest_bare,
        ratios[0],
        ratios[-1],
        discarded,
    )


def counts(path: str, headers: dict[str, str]) -> tuple[int, int]:
    """The SQL statements and the Redis round trips a (warm) request to `path` makes
    (bench_urls.QueryCountMiddleware): those of the request with the fewest queries of
    WORKERS + 1 in a row. Each process reads the shared generations at most once a second
    (app/core/versioned_cache.py), so a page that depends on one counts that read on a
    process's first request after a pause (as the one after a load's end can be), not on
    each request; with one request more than there are processes, at least one of them
    reaches a process that has just read them."""
    found = []
    for _ in range(WORKERS + 1):
        response, _ = request("GET", path, headers=headers)
        found.append(
            (int(response.getheader("X-Bench-Queries")), int(response.getheader("X-Bench-Redis")))
        )
    return min(found)


def instructions_per_request(path: str, headers: dict[str, str]) -> float:
    """The instructions one more request to `path` executes in a process serving it
    (scripts/bench_instructions.py), counted by valgrind's cachegrind: the same on a
    machine running fast or slow, so a change of the code is told from the machine's."""
    counted = []
    for count in INSTRUCTION_COUNTS:
        with tempfile.NamedTemporaryFile(suffix=".log") as log:
            subprocess.run(
                [
                    "valgrind",
                    "--tool=cachegrind",
                    "--cache-sim=no",
                    "--cachegrind-out-file=/dev/null",
                    f"--log-file={log.name}",
                    sys.executable,
                    "scripts/bench_instructions.py",
                    path,
                    str(count),
                    *[f"{name}: {value}" for name, value in headers.items()],
                ],
                cwd=ROOT,
                # Python's own allocator hides its blocks from valgrind, which then slows
                # down on them; the count is the program's either way.
                env={**ENV, "PYTHONMALLOC": "malloc"},
                check=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            found = re.search(r"I\s+refs:\s+([\d,]+)", Path(log.name).read_text())
        if found is None:
            raise SystemExit(f"cachegrind counted nothing for {path}")
        counted.append(int(found.group(1).replace(",", "")))
    return (counted[1] - counted[0]) / (INSTRUCTION_COUNTS[1] - INSTRUCTION_COUNTS[0])


def first_load_js() -> tuple[int, list[str]]:
    """gzip bytes of the entry script, its preloaded chunks and the /login page chunk."""
    manifest = json.loads((ROOT / "static/dist/.vite/manifest.json").read_text())
    _, html = request("GET", "/login")
    paths = set(re.findall(rb'(?:src|href)="/static/dist/([^"]+\.js)"', html))
    files = {p.decode() for p in paths}

    def add_with_imports(key: str) -> None:
        entry = manifest[key]
        files.add(entry["file"])
        for imported in entry.get("imports", []):
            add_with_imports(imported)

    add_with_imports("frontend/main.tsx")
    # The page and its texts load with it, in parallel, before anything is shown.
    add_with_imports("frontend/pages/Accounts/Login.tsx")
    add_with_imports("frontend/i18n/pl/accounts.ts")
    size = sum(len(gzip.compress((ROOT / "static/dist" / f).read_bytes(), 9)) for f in files)
    return size, sorted(files)


def login_post_median(rounds: int = 60) -> float:
    _, _ = request("GET", "/login")
    timings = []
    for _ in range(rounds):
        response, _ = request("GET", "/login")
        cookie = response.getheader("Set-Cookie", "")
        token = re.search(r"XSRF-TOKEN=([^;]+)", cookie).group(1)
        body = json.dumps({"login": USER_EMAIL, "login_password": USER_PASSWORD}).encode()
        headers = {
            "Content-Type": "application/json",
            "Cookie": f"XSRF-TOKEN={token}",
            "X-XSRF-TOKEN": token,
            "X-Inertia": "true",
            "Origin": f"http://127.0.0.1:{PORT}",
            "Referer": f"http://127.0.0.1:{PORT}/login",
        }
        started = time.perf_counter()
        response, _ = request("POST", "/login", body, headers)
        timings.append((time.perf_counter() - started) * 1000)
        if response.status != 302 or response.getheader("Location") != "/platforma":
            raise SystemExit(
                f"Login POST answered {response.status} {response.getheader('Location')}"
            )
        # Log out again: a login looks at each of the user's live sessions (allauth's
        # session registry), and a real user has a few, not one per benchmark round.
        session = re.search(r"sessionid=([^;]+)", response.getheader("Set-Cookie", "")).group(1)
        new_token = re.search(r"XSRF-TOKEN=([^;]+)", response.getheader("Set-Cookie", ""))
        token = new_token.group(1) if new_token else token
        request(
            "POST",
            "/logout",
            b"{}",
            {
                **headers,
                "Cookie": f"XSRF-TOKEN={token}; sessionid={session}",
                "X-XSRF-TOKEN": token,
            },
        )
    return statistics.median(timings)


def xsrf_token() -> str:
    response, _ = request("GET", "/login")
    return re.search(r"XSRF-TOKEN=([^;]+)", response.getheader("Set-Cookie", "")).group(1)


def redemptions_per_second() -> tuple[float, int, int, float]:
    """Successful redemptions/second (counted in the database afterwards) while 20 clients
    post, each request a different learner on one voucher: the fastest of REDEEM_ROUNDS
    rounds of REDEEM_SECONDS, each with learners and a voucher of its own, as the pages
    take the fastest of their rounds (one ten-second run fell on the machine's slower
    speed whole: 269/s, where the runs before and after it gave 483/s and 455/s)."""
    return max((_redemption_round() for _ in range(REDEEM_ROUNDS)), key=lambda found: found[0])


def _redemption_round() -> tuple[float, int, int, float]:
    learners = max(4000, REDEEM_SECONDS * 1500)
    sessions = bench_data("redeemers", str(learners))
    try:
        args = ["wrk", "-t1", f"-c{REDEEM_CONNECTIONS}", f"-d{REDEEM_SECONDS}s"]
        args += ["-s", str(ROOT / "scripts/bench_redeem.lua"), f"http://127.0.0.1:{PORT}/"]
        args += ["--", sessions, xsrf_token(), f"http://127.0.0.1:{PORT}"]
        cpu_before = web_cpu_seconds()
        output = subprocess.run(args, check=True, capture_output=True, text=True).stdout
        cpu = web_cpu_seconds() - cpu_before
    finally:
        os.unlink(sessions)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if non_2xx:
        raise SystemExit(f"Redemptions answered {non_2xx.group(1)} errors under load:\n{output}")
    counted = bench_data("redeemed")
    done = counted["redemptions"]
    if counted["seats_used"] != done:
        raise SystemExit(
            f"The voucher counts {counted['seats_used']} seats used for {done} redemptions"
        )
    return done / REDEEM_SECONDS, done, learners, cpu * 1000 / max(done, 1)


def ssr_times(pages: list[tuple[str, dict[str, str]]], version: str, rounds: int = 30):
    """Median time the SSR process takes to render each page (its page JSON posted to it
    directly, as Django does on a cache miss), with the page's component name."""
    times = []
    for path, headers in pages:
        _, body = request(
            "GET", path, headers={**headers, "X-Inertia": "true", "X-Inertia-Version": version}
        )
        component = json.loads(body)["component"]
        samples = []
        for _ in range(rounds):
            conn = http.client.HTTPConnection("127.0.0.1", SSR_PORT, timeout=10)
            started = time.perf_counter()
            conn.request("POST", "/render", body=body, headers={"Content-Type": "application/json"})
            answer = conn.getresponse()
            answer.read()
            samples.append((time.perf_counter() - started) * 1000)
            conn.close()
            if answer.status != 200:
                raise SystemExit(f"The SSR process could not render {path} ({component}).")
        times.append((path, component, statistics.median(samples)))
    return times


def expect_page(path: str, headers: dict[str, str], version: str, component: str) -> None:
    """Refuse to measure a page that does not answer as the logged-in learner expects (a
    redirect to the login page would be measured as a fast page)."""
    response, body = request(
        "GET", path, headers={**headers, "X-Inertia": "true", "X-Inertia-Version": version}
    )
    if response.status != 200 or json.loads(body).get("component") != component:
        raise SystemExit(f"{path} answered {response.status} instead of the {component} page")


def main() -> None:
    refuse_busy_ports([PORT, SSR_PORT] if SSR else [PORT])
    prepare_database()
    learner_session = bench_data("learner")
    manager_data = bench_data("manager")
    engine = bench_data("info")["engine"]
    from app.core.ssr_process import SsrProcess

    ssr = SsrProcess(SSR_PORT)
    if SSR:
        ssr.start()
        if not ssr.wait_healthy():
            raise SystemExit("The SSR process did not start (build/ssr/ssr.js).")
    server = start_server()
    global _server_pid
    _server_pid = server.pid
    try:
        _, page = request("GET", "/login")
        version = json.loads(
            re.search(rb'data-page="app" type="application/json">(.*?)</script>', page).group(1)
        )["version"]
        inertia_headers = {"X-Inertia": "true", "X-Inertia-Version": version}
        wrk("/__bench__/bare", seconds=2)  # warm-up
        html = paired("/login")
        inertia = paired("/login", inertia_headers)
        js_bytes, js_files = first_load_js()
        login_ms = login_post_median()
        # As a logged-in browser sends them: with the XSRF cookie every answer sets (the
        # login page's among them), so a page masks the secret it has rather than making
        # one. The bare view is asked as a first visit is, with no cookie.
        xsrf = xsrf_token()
        learner = {"Cookie": f"sessionid={learner_session}; XSRF-TOKEN={xsrf}"}
        manager = {"Cookie": f"sessionid={manager_data['session']}; XSRF-TOKEN={xsrf}"}
        team_path = f"/manager/zespol/{manager_data['team']}"
        expect_page("/platforma/moje_kursy", learner, version, "Learning/MyCourses")
        expect_page(team_path, manager, version, "Teams/ManagerTeam")
        # Logged-in pages: (label, path, headers, note, whether the 0.5 target applies). The
        # learner home does only what every logged-in page does (session, user, shell): the
        # floor any page can reach.
        pages = [
            ("/platforma (home)", "/platforma", learner, "logged-in floor", True),
            ("moje_kursy HTML", "/platforma/moje_kursy", learner, "500 courses owned", True),
            (
                "moje_kursy Inertia",
                "/platforma/moje_kursy",
                {**learner, **inertia_headers},
                "500 courses owned",
                True,
            ),
            ("manager team HTML", team_path, manager, "50 members, 20 invitations", True),
            # As a browser asks for it: compressed (app/core/compression.py). No target:
            # it shows what compression adds to a large first load.
            (
                "manager team gzip",
                team_path,
                {**manager, "Accept-Encoding": "gzip, deflate, br, zstd"},
                "the same, compressed",
                False,
            ),
        ]
        measured = [
            (label, paired(path, headers), counts(path, headers), note, targeted)
            for label, path, headers, note, targeted in pages
        ]
        counted = (
            [("bare view", instructions_per_request("/__bench__/bare", {}))]
            + [
                (label, instructions_per_request(path, headers))
                for label, path, headers, _note, targeted in pages
                if targeted
            ]
            if INSTRUCTIONS
            else []
        )
        redemptions = redemptions_per_second() if engine == "postgresql" else None
        # After loads of 8 and 20 connections every worker thread has served requests.
        held = bench_data("connections") if engine == "postgresql" else None
        rendering = (
            ssr_times(
                [
                    ("/login", {}),
                    ("/p/regulamin", {}),
                    ("/platforma", learner),
                    ("/platforma/moje_kursy", learner),
                ],
                version,
            )
            if SSR
            else []
        )
    finally:
        server.terminate()
        server.wait(timeout=30)
        ssr.stop()

    print(f"database             {engine}")
    print(f"server rendering     {'on (SSR process)' if SSR else 'off (BENCH_SSR=0)'}")
    bare = html.bare
    print(
        f"bare view            {bare.rate:8.0f} req/s   CPU {bare.cpu_ms:5.2f} ms"
        f"   p50 {bare.p50:6.2f} ms   p99 {bare.p99:6.2f} ms   (beside /login HTML; each ratio"
        f" is the fastest of {ROUNDS} one-second rounds of the page to the fastest of the"
        " bare view's, measured in turn; the lowest and highest ratio of a round in brackets)"
    )
    for label, found in (("/login HTML", html), ("/login Inertia visit", inertia)):
        print(
            f"{label:<20} {found.load.rate:8.0f} req/s   ratio {found.ratio:.3f}"
            f" ({found.spread}{_discarded(found)})   CPU {found.load.cpu_ms:5.2f} ms"
            f"   (target >= {ANONYMOUS_RATIO})"
        )
    size = f"{js_bytes / 1024:8.1f} KB gzip ({len(js_files)} files)"
    print(f"first-load JS /login {size}   (target <= {FIRST_LOAD_KB})")
    print(f"login POST median    {login_ms:8.1f} ms   (target <= {LOGIN_POST_MS})")
    # Every logged-in page loads the session, the user with its roles and the shell's
    # state; the bare view loads nothing.
    for label, found, (queries, round_trips), note, targeted in measured:
        load = found.load
        print(
            f"{label:<20} {load.rate:8.0f} req/s   ratio {found.ratio:.3f}"
            f" ({found.spread}{_discarded(found)})   SQL {queries:2d}   Redis {round_trips}"
            f"   CPU {load.cpu_ms:5.2f} ms"
            f"   p50 {load.p50:6.2f} ms   p99 {load.p99:6.2f} ms"
            f"   ({note}{_PAGE_TARGETS if targeted else ''})"
        )
    for label, instructions in counted:
        ratio = "" if label == "bare view" else f"   ratio {counted[0][1] / instructions:.2f}"
        print(
            f"instructions {label:<20} {instructions / 1e6:6.2f} M a request{ratio}"
            "   (cachegrind, one process: does not move with the machine)"
        )
    for path, component, ms in rendering:
        print(
            f"SSR {path:<22} {ms:6.1f} ms median   ({component}; paid once per page JSON,"
            " then reused)"
        )
    if redemptions is None:
        print(f"voucher redemptions  skipped: needs DATABASE_URL on PostgreSQL (now {engine})")
    else:
        rate, done, learners, cpu_ms = redemptions
        note = "   (learners ran out: a lower bound)" if done >= learners else ""
        print(
            f"voucher redemptions  {rate:8.0f} /s      {REDEEM_CONNECTIONS} concurrent clients,"
            f" one voucher, PostgreSQL (fastest of {REDEEM_ROUNDS} rounds: {done} in"
            f" {REDEEM_SECONDS} s, web CPU {cpu_ms:.2f} ms each;"
            f" target >= {REDEMPTIONS_PER_SECOND}){note}"
        )
        print(_connections(held))
    with SERVER_LOG.open(errors="replace") as log:
        problems = sum(1 for line in log if re.search(r"\b(WARNING|ERROR|CRITICAL)\b", line))
    print(f"server log           {SERVER_LOG} ({problems} warnings or errors)")
    pages = [(label, found.ratio, trips) for label, found, (_, trips), _, on in measured if on]
    checks = target_checks(
        login_ratios=(html.ratio, inertia.ratio),
        js_kb=js_bytes / 1024,
        login_ms=login_ms,
        pages=pages,
        redemptions=redemptions[0] if redemptions is not None else None,
    )
    print(f"targets              {verdict(checks)}")


def target_checks(
    *,
    login_ratios: tuple[float, float],
    js_kb: float,
    login_ms: float,
    pages: list[tuple[str, float, int]],
    redemptions: float | None,
) -> list[tuple[str, bool]]:
    """Each target of the run, as (what was measured against what, whether it held), from
    the unrounded figures; `pages` are the targeted pages' (label, ratio, Redis round
    trips), `redemptions` None where they were not measured."""
    html, inertia = login_ratios
    checks = [
        (f"/login HTML ratio {html:.3f} >= {ANONYMOUS_RATIO}", html >= ANONYMOUS_RATIO),
        (
            f"/login Inertia visit ratio {inertia:.3f} >= {ANONYMOUS_RATIO}",
            inertia >= ANONYMOUS_RATIO,
        ),
        (f"first-load JS {js_kb:.1f} KB <= {FIRST_LOAD_KB}", js_kb <= FIRST_LOAD_KB),
        (f"login POST {login_ms:.1f} ms <= {LOGIN_POST_MS}", login_ms <= LOGIN_POST_MS),
    ]
    for label, ratio, trips in pages:
        checks.append((f"{label} ratio {ratio:.3f} >= {LOGGED_IN_RATIO}", ratio >= LOGGED_IN_RATIO))
        checks.append((f"{label} Redis {trips} <= {REDIS_ROUND_TRIPS}", trips <= REDIS_ROUND_TRIPS))
    if redemptions is not None:
        checks.append(
            (
                f"voucher redemptions {redemptions:.1f}/s >= {REDEMPTIONS_PER_SECOND}",
                redemptions >= REDEMPTIONS_PER_SECOND,
            )
        )
    return checks


def verdict(checks: list[tuple[str, bool]]) -> str:
    """One line on the run's targets, from the unrounded figures: a ratio of 0.496 is
    printed as 0.496 and counted as a miss, never read as 0.50."""
    missed = [check for check, met in checks if not met]
    if missed:
        return f"MISSED {len(missed)} of {len(checks)}: " + "; ".join(missed)
    return f"all {len(checks)} met"


def _connections(held: int | None) -> str:
    threads = int(os.environ.get("WEB_THREADS", "4"))
    return (
        f"PostgreSQL connections {held} held by the web server ({WORKERS} workers x"
        f" {threads} threads: one per thread, kept by CONN_MAX_AGE)"
    )


def _discarded(found: Paired) -> str:
    return f", {found.discarded} rounds measured again" if found.discarded else ""


if __name__ == "__main__":
    main()
