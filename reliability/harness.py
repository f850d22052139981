"""Shared pieces of the reliability scripts: the server under test on a free loopback port over a
fresh SQLite file or PostgreSQL database, a small JSON client, SQL on that database, and the
grep of the server's log for secrets. Python 3.11 standard library only."""

from __future__ import annotations

import glob
import json
import os
import re
import secrets
import shutil
import socket
import sqlite3
import subprocess
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = os.path.join(ROOT, "target", "debug", "server")
WORK = os.path.join(ROOT, "target", "reliability")
OWNER = "owner@storeloom.dev"
DEMO_PASSWORD = "storeloom"
# Test card numbers (Luhn-valid) the scripts add as payout cards; the log must never hold them.
CARD_NUMBERS = ["4242424242424242", "5555555555554444"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def psql_bin() -> str:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/psql"))
    if found:
        return found[-1]
    return shutil.which("psql") or "psql"


class Database:
    """A fresh database for one run: a SQLite file under target/reliability, or a new database
    on a PostgreSQL server (a throw-away one from scripts/postgres.sh unless `admin_url` names
    one)."""

    def __init__(self, kind: str, name: str, admin_url: str | None = None):
        self.kind = kind
        self.pg_dir = None
        os.makedirs(WORK, exist_ok=True)
        if kind == "sqlite":
            self.path = os.path.join(WORK, f"{name}.db")
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(self.path + suffix):
                    os.remove(self.path + suffix)
            self.url = f"sqlite://{self.path}"
            return
        if not admin_url:
            out = subprocess.run(
                ["bash", os.path.join(ROOT, "scripts", "postgres.sh")],
                check=True, capture_output=True, text=True,
            ).stdout.split()
            self.pg_dir, admin_url = out[0], out[1]
        self.admin_url = admin_url
        # PostgreSQL cuts a name at 63 bytes: the unique end must survive a long attack's name.
        db = f"{name.replace('-', '_')[:40]}_{os.getpid()}_{secrets.token_hex(3)}"
        self._psql(admin_url, f"CREATE DATABASE {db}")
        self.url = admin_url.rsplit("/", 1)[0] + "/" + db

    @staticmethod
    def _psql(url: str, sql: str) -> str:
        return subprocess.run(
            [psql_bin(), url, "-X", "-q", "-At", "-F", "\x1f", "-R", "\x1e",
             "-v", "ON_ERROR_STOP=1", "-c", sql],
            check=True, capture_output=True, text=True,
        ).stdout

    def query(self, sql: str) -> list[tuple[str, ...]]:
        """Rows of a query, every value as text (NULL as None on SQLite, '' on PostgreSQL)."""
        if self.kind == "sqlite":
            with sqlite3.connect(self.path, timeout=30) as conn:
                rows = conn.execute(sql).fetchall()
            return [tuple(None if v is None else str(v) for v in row) for row in rows]
        out = self._psql(self.url, sql).rstrip("\n")
        if not out:
            return []
        return [tuple(record.split("\x1f")) for record in out.split("\x1e") if record != ""]

    def integrity(self) -> str:
        """SQLite's `PRAGMA integrity_check` (with the server stopped); PostgreSQL has none."""
        if self.kind != "sqlite":
            return "n/a (PostgreSQL)"
        with sqlite3.connect(self.path) as conn:
            rows = conn.execute("PRAGMA integrity_check").fetchall()
            fk = conn.execute("PRAGMA foreign_key_check").fetchall()
        verdict = ",".join(r[0] for r in rows)
        return verdict if not fk else f"{verdict}; {len(fk)} foreign key problems"

    def close(self) -> None:
        if self.pg_dir:
            subprocess.run(["bash", os.path.join(ROOT, "scripts", "postgres.sh"), "stop", self.pg_dir],
                           check=False, capture_output=True)


class Server:
    """`target/debug/server` with the demo data on a free port; every start appends to one log."""

    def __init__(self, database: Database, name: str, extra_env: dict[str, str] | None = None,
                 binary: str = SERVER):
        if not os.access(binary, os.X_OK):
            raise SystemExit(f"{binary} is missing: build it first with `cargo build -p server`"
                             f"{' --release' if 'release' in binary else ''}.")
        self.binary = binary
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = os.path.join(WORK, f"{name}.log")
        open(self.log_path, "w").close()
        uploads = os.path.join(WORK, f"uploads-{name}")
        shutil.rmtree(uploads, ignore_errors=True)
        self.env = dict(os.environ)
        self.env.update({
            "HOST": "127.0.0.1",
            "PORT": str(self.port),
            "DATABASE_URL": database.url,
            "STATIC_DIR": os.path.join(ROOT, "ui", "dist"),
            "UPLOAD_DIR": uploads,
            "STORELOOM_DEMO": "1",
            "DEV_MAILBOX": "1",
            "STORELOOM_DEMO_CATALOG": "0",
            "STORELOOM_DEMO_TRAFFIC": "0",
            # Request lines too, so the log grep sees every URL the scripts called.
            "RUST_LOG": "info,tower_http=debug",
        })
        self.env.update(extra_env or {})
        self.proc: subprocess.Popen | None = None
        self.starts = 0

    def start(self, timeout: float = 120) -> None:
        log = open(self.log_path, "a")
        self.proc = subprocess.Popen([self.binary], env=self.env, cwd=ROOT, stdout=log, stderr=log)
        self.starts += 1
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"the server exited with {self.proc.returncode}; see {self.log_path}")
            try:
                with urllib.request.urlopen(self.base + "/api/health", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.05)
        raise SystemExit(f"the server did not answer within {timeout} s; see {self.log_path}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, as a crash."""
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None


class Reply:
    def __init__(self, status: int, body: bytes, headers):
        self.status = status
        self.text = body.decode("utf-8", "replace")
        self.headers = headers
        try:
            self.json = json.loads(body) if body else None
        except ValueError:
            self.json = None


def call(base: str, method: str, path: str, body=None, token: str | None = None,
         headers: dict[str, str] | None = None, timeout: float = 15) -> Reply:
    """One request; raises OSError when there is no answer (refused, reset, timed out)."""
    data = None if body is None else json.dumps(body).encode()
    h = {"content-type": "application/json"} if data is not None else {}
    if token:
        h["authorization"] = f"Bearer {token}"
    h.update(headers or {})
    request = urllib.request.Request(base + "/api" + path, method=method, data=data, headers=h)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            return Reply(r.status, r.read(), r.headers)
    except urllib.error.HTTPError as e:
        return Reply(e.code, e.read(), e.headers)
    except urllib.error.URLError as e:
        raise OSError(str(e.reason)) from e


class Session:
    """The demo owner, signed in with a password of this run's own (set through a real
    password reset, so the reset token passes through the server too)."""

    def __init__(self, base: str):
        self.base = base
        self.secrets: list[str] = []
        self.password = "Rl-" + secrets.token_hex(10) + "9z"
        ok = call(base, "POST", "/auth/forgot_password", {"email": OWNER})
        assert ok.status == 200, ok.text
        mails = call(base, "GET", "/dev/mailbox").json
        text = json.dumps([m for m in mails if OWNER in json.dumps(m)])
        tokens = re.findall(r"type=reset&token=([A-Za-z0-9]+)", text)
        assert tokens, "no reset link in the mailbox"
        reset_token = tokens[-1]
        verified = call(base, "GET", f"/auth/verify_reset_password_token?token={reset_token}")
        assert verified.status == 200 and verified.json.get("valid"), verified.text
        done = call(base, "POST", "/auth/reset_password",
                    {"token": reset_token, "password": self.password})
        assert done.status == 200, done.text
        self.secrets += [self.password, reset_token]
        self.sign_in()

    def sign_in(self) -> None:
        reply = call(self.base, "POST", "/auth/login", {"email": OWNER, "password": self.password})
        assert reply.status == 200, reply.text
        self.token = reply.json["accessToken"]
        self.store = reply.json["storeId"]
        self.secrets += [self.token, reply.json["refreshToken"]]

    def call(self, method: str, path: str, body=None, headers=None, timeout: float = 15) -> Reply:
        h = {"x-store-id": self.store}
        h.update(headers or {})
        reply = call(self.base, method, path, body, self.token, h, timeout)
        if reply.status == 401:
            self.sign_in()
            reply = call(self.base, method, path, body, self.token, h, timeout)
        return reply


# Secrets recognised by their shape, whoever made them: the demo password as a word of its own
# (not the e-mail domain storeloom.dev, nor a file name), a signed token (JWT), a bearer header,
# a one-time token in a link, a card number.
SHAPES = {
    "the demo password": re.compile(r"(?<![\w@./-])" + DEMO_PASSWORD + r"(?![\w.@/-])"),
    "a signed token": re.compile(r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}"),
    "a bearer header": re.compile(r"Bearer\s+[A-Za-z0-9._-]{16,}"),
    "a token in a link": re.compile(r"token=[A-Za-z0-9]{16,}"),
    # Not the digits after a decimal point ("elapsed_secs=1.0533475939999999").
    "a card number": re.compile(r"(?<![\d.])(?:\d{4}[ -]?){3}\d{4}(?!\d)"),
}


# The colours tracing adds when it writes to a file too.
ANSI = re.compile(r"\x1b\[[0-9;]*m")
# Ids in paths: a UUID whose last groups happen to be digits ("...-7299-9903-47839006fb2d") has
# a card number's shape, so ids are taken out before the shapes are looked for.
UUID = re.compile(r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b")


def grep_secrets(log_paths: list[str], values: list[str]) -> list[str]:
    """The secrets found in the logs, as 'file: what' lines (an empty list is the pass): the
    `values` this run knows of, and anything of a secret's shape."""
    found = []
    for path in log_paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = ANSI.sub("", f.read())
        for value in set(values):
            if value and value in text:
                found.append(f"{os.path.basename(path)}: {value[:6]}... ({len(value)} characters)")
        without_ids = UUID.sub("<id>", text)
        for what, shape in SHAPES.items():
            match = shape.search(without_ids)
            if match:
                found.append(f"{os.path.basename(path)}: {what} ({match.group(0)[:8]}...)")
    return found
