"""What the attacks share: the target (one or more server processes on one fresh database, called
in turn), threads that start together, and the mark that makes a function an attack."""

from __future__ import annotations

import itertools
import threading
import urllib.error
import urllib.request

import harness
from harness import Database, Reply, Server


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Hands a redirect back as the answer (urllib raises it as an HTTPError: the 3xx, its
    Location)."""

    def redirect_request(self, *args, **kwargs):
        return None


_NOT_FOLLOWING = urllib.request.build_opener(_NoRedirect)


class Target:
    """`processes` server processes on one fresh database; `call` sends each request to the next
    process in turn, so that two requests of one attack rarely meet in one process."""

    def __init__(self, database: Database, name: str, processes: int = 1,
                 extra_env: dict[str, str] | None = None, binary: str = harness.SERVER):
        self.database = database
        # The harness turns the development mailbox on; an attack behind a proxy sets
        # DEV_MAILBOX=0, as the server refuses the mailbox there.
        self.servers = [Server(database, f"{name}-{i}", extra_env, binary) for i in range(processes)]
        # The first process migrates and seeds; the others start on the ready database.
        self.servers[0].start()
        for server in self.servers[1:]:
            server.start()
        self.bases = [s.base for s in self.servers]
        self._turn = itertools.count()
        self._lock = threading.Lock()

    def base(self) -> str:
        with self._lock:
            return self.bases[next(self._turn) % len(self.bases)]

    def call(self, method: str, path: str, body=None, token: str | None = None,
             headers: dict[str, str] | None = None, timeout: float = 30) -> Reply:
        return harness.call(self.base(), method, path, body, token, headers, timeout)

    def raw(self, method: str, path: str, headers: dict[str, str] | None = None,
            data: bytes | None = None, timeout: float = 30, follow: bool = True) -> Reply:
        """A request to any path (not only /api), e.g. a storefront page; with `follow` off a
        redirect is the answer (3xx, its Location), not the page it names."""
        request = urllib.request.Request(self.base() + path, method=method, data=data,
                                         headers=headers or {})
        open_url = urllib.request.urlopen if follow else _NOT_FOLLOWING.open
        try:
            with open_url(request, timeout=timeout) as r:
                return Reply(r.status, r.read(), r.headers)
        except urllib.error.HTTPError as e:
            return Reply(e.code, e.read(), e.headers)

    def sign_in(self, email: str, password: str = harness.DEMO_PASSWORD) -> dict:
        """Signs in; returns the login answer (accessToken, refreshToken, storeId)."""
        reply = self.call("POST", "/auth/login", {"email": email, "password": password})
        assert reply.status == 200, f"sign-in of {email}: {reply.status} {reply.text}"
        return reply.json

    def mails_to(self, email: str) -> list[dict]:
        mails = self.call("GET", "/dev/mailbox").json or []
        return [m for m in mails if m.get("to", "").lower() == email.lower()]

    def stop(self) -> None:
        for server in self.servers:
            server.stop()


def parallel(n: int, work) -> list:
    """Runs `work(i)` for i in 0..n on n threads that start together; the results in order."""
    results: list = [None] * n
    barrier = threading.Barrier(n)

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = work(i)
        except Exception as e:  # noqa: BLE001 - an attempt that failed is a result too
            results[i] = e

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def attack(races: bool = False, env: dict[str, str] | None = None):
    """Marks a function as an attack; `races` puts it in the multi-process set; `env` adds
    server settings (e.g. the proxy ones)."""
    def mark(func):
        func.races = races
        func.env = env
        return func
    return mark
