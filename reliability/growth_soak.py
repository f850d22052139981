#!/usr/bin/env python3
"""Bounded growth: storefront events, checkout drafts, and sign-ins with their sign-outs are
written without pause while the server prunes by short retention settings. The pruned tables'
rows must stay within what the settings keep, and the database must level off: over the second
half of the run it grows by at most a fifth of what that half's writes would have added without
pruning (SQLite's write-ahead log, apart, within the bound its checkpoints leave).

    python3 reliability/growth_soak.py                     # small: 90 s, SQLite
    python3 reliability/growth_soak.py --database postgres # the same on a throw-away PostgreSQL
    python3 reliability/growth_soak.py --seconds 1800      # long: 30 minutes
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import threading
import time
import urllib.error
import urllib.request

import harness
from harness import Database, Server, Session, call

# Kept for this long, pruned this often: short enough that the run reaches its steady state.
RETAIN_S = 15
EVERY_S = 5
KINDS = ["page_view", "view_content", "add_to_cart", "reached_checkout"]
SHOPPERS = 200
BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"


def post_page(base: str, path: str, body) -> tuple[int, str]:
    """A storefront call (outside /api): its status and body."""
    request = urllib.request.Request(base + path, method="POST", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=15) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def first_product(base: str) -> str:
    reply = call(base, "GET", "/public/stores/demo/products?limit=1")
    assert reply.status == 200, reply.text
    body = reply.json
    items = body if isinstance(body, list) else next(
        (v for v in body.values() if isinstance(v, list)), [])
    assert items, f"the demo store lists no product: {reply.text[:200]}"
    return items[0]["id"]


def sizes(db: Database) -> tuple[int, int]:
    """The database's bytes on disk and its write-ahead log's (SQLite: the file and `-wal`;
    PostgreSQL: `pg_database_size`, and no log of its own here)."""
    if db.kind == "sqlite":
        def size(path: str) -> int:
            return os.path.getsize(path) if os.path.exists(path) else 0
        return size(db.path), size(db.path + "-wal")
    return int(db.query("SELECT pg_database_size(current_database())")[0][0]), 0


def rows(db: Database) -> dict[str, int]:
    out = {}
    for table, where in [
        ("analytics_events", "1 = 1"),
        ("checkout_drafts", "1 = 1"),
        ("sessions", "revoked_at IS NOT NULL"),
    ]:
        out[table] = int(db.query(f"SELECT COUNT(*) FROM {table} WHERE {where}")[0][0])
    return out


class Load:
    """Writers on their own threads until `stop` is set; counts what each wrote."""

    def __init__(self, base: str, store: str, product: str):
        self.base, self.store, self.product = base, store, product
        self.stop = threading.Event()
        self.written = {"events": 0, "drafts": 0, "sessions": 0}
        self.errors: list[str] = []
        self.lock = threading.Lock()

    def add(self, key: str, n: int) -> None:
        with self.lock:
            self.written[key] += n

    def events(self) -> None:
        rng = random.Random(1)
        n = 0
        while not self.stop.is_set():
            now = int(time.time() * 1000)
            # Returning shoppers: the firsts (kept for ever) stop growing once each has done all.
            batch = [{"type": rng.choice(KINDS), "sessionId": f"soak-{rng.randrange(SHOPPERS)}", "at": now,
                      "page": f"/products/p{rng.randrange(64)}"} for i in range(50)]
            # A browser's agent: the ingest drops what bots send.
            reply = call(self.base, "POST", "/storefront/events", {"storeKey": self.store, "events": batch},
                         headers={"user-agent": BROWSER})
            if reply.status == 202:
                self.add("events", len(batch))
            elif reply.status != 429:
                self.errors.append(f"events: {reply.status} {reply.text[:200]}")
            n += 1
            time.sleep(0.02)

    def drafts(self) -> None:
        n = 0
        while not self.stop.is_set():
            # 30 saves a minute per address: one every 2.5 s stays under it.
            body = {"token": f"soak-draft-token-{n:08d}", "email": f"shopper{n}@example.com",
                    "items": [{"productId": self.product, "quantity": 1}]}
            status, text = post_page(self.base, "/s/demo/checkout/draft", body)
            if status == 200:
                self.add("drafts", 1)
            elif status != 429:
                self.errors.append(f"draft: {status} {text[:200]}")
            n += 1
            self.stop.wait(2.5)

    def sessions(self, password: str) -> None:
        while not self.stop.is_set():
            login = call(self.base, "POST", "/auth/login", {"email": harness.OWNER, "password": password})
            if login.status == 200:
                out = call(self.base, "DELETE", "/auth/logout", None, login.json["accessToken"])
                if out.status in (200, 204):
                    self.add("sessions", 1)
                else:
                    self.errors.append(f"logout: {out.status} {out.text[:200]}")
            elif login.status != 429:
                self.errors.append(f"login: {login.status} {login.text[:200]}")
            self.stop.wait(0.5)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--database-url", help="an existing PostgreSQL server's admin URL")
    parser.add_argument("--seconds", type=int, default=90)
    parser.add_argument("--binary", default=harness.SERVER, help="the server to run")
    args = parser.parse_args()

    name = f"growth-{args.database}"
    db = Database(args.database, name, args.database_url)
    retain = f"{RETAIN_S}s"
    server = Server(db, name, {
        "RUST_LOG": "info",
        "INGEST_ADDRESS_LIMIT": "1000000",
        "RETAIN_ANALYTICS_EVENTS": retain, "RETAIN_CHECKOUT_DRAFTS": retain,
        "RETAIN_SENT_MAIL": retain, "RETAIN_ENDED_ACCESS": retain, "RETAIN_THEME_DRAFTS": retain,
        "RETAIN_LIVE_COMMANDS": retain, "MAINTENANCE_EVERY": f"{EVERY_S}s",
    }, args.binary)
    try:
        server.start()
        session = Session(server.base)
        load = Load(server.base, session.store, first_product(server.base))
        threads = [threading.Thread(target=load.events), threading.Thread(target=load.drafts),
                   threading.Thread(target=load.sessions, args=(session.password,))]
        for t in threads:
            t.start()
        start = time.time()
        initial = sum(sizes(db))
        # (seconds, database bytes, log bytes, rows of the pruned tables, events written so far)
        samples: list[tuple[float, int, int, dict[str, int], int]] = []
        while time.time() - start < args.seconds:
            time.sleep(min(5, args.seconds / 18))
            data, log = sizes(db)
            samples.append((time.time() - start, data, log, rows(db), load.written["events"]))
        load.stop.set()
        for t in threads:
            t.join()
    finally:
        server.stop()

    failures = list(load.errors[:5])
    seconds = samples[-1][0]
    written = load.written
    # Steady state: what the settings keep is what was written in the last RETAIN_S + EVERY_S
    # seconds (and a pruning run may be in its own window); twice that is the bound. Each
    # session's first event of each kind is kept for ever (the reports read it): the events'
    # bound adds those.
    window = (RETAIN_S + 2 * EVERY_S) / seconds
    for table, key in [("analytics_events", "events"), ("checkout_drafts", "drafts"),
                       ("sessions", "sessions")]:
        most = max(s[3][table] for s in samples[len(samples) // 2:])
        bound = 2 * window * written[key] + 60 + (SHOPPERS * len(KINDS) if key == "events" else 0)
        print(f"{table}: {written[key]} written in {seconds:.0f} s, at most {most} kept in the second half"
              f" (bound {bound:.0f})")
        if written[key] == 0:
            failures.append(f"nothing was written to {table}")
        elif most > bound:
            failures.append(f"{table} kept {most} rows, more than the settings keep ({bound:.0f})")
    half = len(samples) // 2
    # What an event costs on disk before anything is pruned (the samples up to the retention),
    # and what the second half's events would have added without pruning.
    early = [x for x in samples if x[0] <= RETAIN_S] or samples[:1]
    per_event = max(0, early[-1][1] + early[-1][2] - initial) / max(1, early[-1][4])
    unpruned = per_event * (samples[-1][4] - samples[half - 1][4])
    first = max(x[1] for x in samples[:half])
    second = max(x[1] for x in samples[half:])
    log_most = max(x[2] for x in samples)
    print(f"database: at most {first / 1e6:.2f} MB in the first half, {second / 1e6:.2f} MB in the second"
          f" (without pruning the second half would have added about {unpruned / 1e6:.2f} MB);"
          f" log at most {log_most / 1e6:.2f} MB")
    # Levelled off: the second half adds at most a fifth of what its writes would have added
    # without pruning (and a few pages), whatever the machine's speed made of the write rate.
    if second - first > unpruned / 5 + 512 * 1024:
        failures.append(f"the database grew {(second - first) / 1e6:.2f} MB in the second half, where"
                        f" {unpruned / 1e6:.2f} MB were written: it does not level off")
    # SQLite's log stays within the bound each checkpoint leaves (64 MiB) and what one interval
    # between checkpoints writes.
    if log_most > 72 * 1024 * 1024:
        failures.append(f"the write-ahead log reached {log_most / 1e6:.2f} MB")
    if failures:
        print("FAILED:\n  " + "\n  ".join(failures))
        return 1
    print(f"growth soak ({args.database}, {seconds:.0f} s): held")
    return 0


if __name__ == "__main__":
    sys.exit(main())
