"""The contender side of the analytics overview benchmark.

Generates seeded storefront events and orders, loads the same rows into SQLite, DuckDB and
PostgreSQL, checks that every contender (and, with --ours, the server's own analytics store)
gives exactly the same overview for every case, then times each case and prints the figures.

Usage: bench/analytics/run.sh [small|medium|full] [--ours CMD] [--runs N] [--dir DIR] [--reuse]
See bench/analytics/README.md for the data, the cases and the --ours contract.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import shlex
import sqlite3
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import duckdb
import numpy as np
import psycopg

ROOT = Path(__file__).resolve().parents[2]
ZONE_NAME = "America/Los_Angeles"
ZONE = ZoneInfo(ZONE_NAME)
END_DAY = date(2026, 11, 20)  # The last local day of data; 2026-11-01 (a 25-hour day) is inside.
DAYS = 90
STORES = 50
SEED = 20261120
# Bump when the generator changes, so that --reuse never reads rows of an older shape.
GENERATOR_VERSION = 1

MODES = {
    "small": {"events": 60_000, "orders": 3_000},
    # What `npm run bench` runs: a tenth of full, so the whole benchmark fits 15 minutes.
    "medium": {"events": 2_000_000, "orders": 100_000},
    "full": {"events": 20_000_000, "orders": 1_000_000},
}

# 60 ISO 3166-1 alpha-2 codes, most frequent first.
COUNTRIES = (
    "US GB CA AU DE FR IN BR NL MX ES IT JP SE IE NZ SG PL BE CH AT DK NO FI PT ZA AE SA PH MY "
    "TH ID VN KR TW HK IL TR AR CL CO PE RO CZ HU GR UA EG NG KE MA PK BD LK CR PA UY EE LT IS"
).split()
assert len(COUNTRIES) == 60 and len(set(COUNTRIES)) == 60

KINDS = ("page_view", "view_content", "add_to_cart", "reached_checkout", "checkout_completed")
PRODUCT_PAGES = [f"/products/item-{i}" for i in range(1, 41)]
LANDING_PAGES = ["/", "/collections/all", "/collections/new", "/pages/about", "/blogs/news"]
PAGES = LANDING_PAGES + PRODUCT_PAGES + ["/cart", "/checkouts/c", "/checkouts/c/thank-you"]
STATUSES = ("paid", "refunded", "pending")
FIRST_NAMES = (
    "Ava Ben Chloe Dan Elena Finn Grace Hugo Ines Jack Kim Liam Mai Nam Olivia Pablo Quynh Rosa "
    "Sam Tara Umar Vera Will Xuan Yara Zoe Anh Bao Chen Duc"
).split()
LAST_NAMES = (
    "Nguyen Smith Garcia Müller Tran Brown Lee Wilson Martin Rossi Kim Silva Novak Dubois Kowalski "
    "Jensen Ito Pham Lopez Walker Khan Costa Le Hoang Murphy Schmidt Young Moreau Berg Vo"
).split()

# Relative traffic by local hour (0..23) and by local weekday (Monday first); both peak at 1.
DIURNAL = np.array(
    [
        0.35,
        0.25,
        0.18,
        0.14,
        0.13,
        0.16,
        0.25,
        0.40,
        0.55,
        0.65,
        0.72,
        0.78,
        0.82,
        0.80,
        0.78,
        0.78,
        0.80,
        0.85,
        0.92,
        1.00,
        1.00,
        0.90,
        0.70,
        0.50,
    ]
)
WEEKDAY = np.array([0.95, 0.93, 0.94, 0.96, 1.00, 0.90, 0.88])

HOUR_MS = 3_600_000
DAY_MS = 24 * HOUR_MS
SESSION_MS = 30 * 60 * 1000
TIME_CAP_S = 20.0
MIN_RUNS = 5


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Time zone


def local_instant_ms(day: date, hour: int = 0) -> int:
    """The instant a local wall-clock time names in the zone, in ms. A repeated time is its
    first occurrence; a time in a gap is the instant the gap ends (as the core does)."""
    naive = datetime(day.year, day.month, day.day, hour)

    def exists(local: datetime) -> bool:
        aware = local.replace(tzinfo=ZONE)
        back = datetime.fromtimestamp(aware.timestamp(), ZONE).replace(tzinfo=None)
        return back == local

    probe = naive
    for _ in range(24 * 60 + 1):
        if exists(probe):
            return int(probe.replace(tzinfo=ZONE, fold=0).timestamp()) * 1000
        probe += timedelta(minutes=1)
    raise ValueError(f"no instant for {naive} in {ZONE_NAME}")


def window() -> tuple[int, int]:
    """[start, end) of the data: the DAYS local days ending with END_DAY."""
    return (
        local_instant_ms(END_DAY - timedelta(days=DAYS - 1)),
        local_instant_ms(END_DAY + timedelta(days=1)),
    )


class LocalClock:
    """Vectorised local hour and weekday of UTC instants inside the data window. Every offset
    change of the zone falls on a whole UTC hour, so one offset per UTC hour is exact."""

    def __init__(self, start_ms: int, end_ms: int) -> None:
        self.start_ms = start_ms
        hours = (end_ms - start_ms) // HOUR_MS + 2
        self.offsets = np.array(
            [
                int(
                    datetime.fromtimestamp((start_ms + h * HOUR_MS) / 1000, ZONE)
                    .utcoffset()
                    .total_seconds()
                )
                * 1000
                for h in range(hours)
            ],
            dtype=np.int64,
        )

    def local_ms(self, at: np.ndarray) -> np.ndarray:
        return at + self.offsets[(at - self.start_ms) // HOUR_MS]

    def hour(self, at: np.ndarray) -> np.ndarray:
        return (self.local_ms(at) // HOUR_MS) % 24

    def weekday(self, at: np.ndarray) -> np.ndarray:
        return (self.local_ms(at) // DAY_MS + 3) % 7  # 1970-01-01 was a Thursday.


# ---------------------------------------------------------------------------------------------
# Data


@dataclass
class Data:
    """Columns of both tables, events sorted by `at`, orders by `id`. Strings are codes into
    COUNTRIES, PAGES, STATUSES and `order_names`/`customer_names`."""

    ev_store: np.ndarray
    ev_session: np.ndarray
    ev_kind: np.ndarray
    ev_at: np.ndarray
    ev_country: np.ndarray
    ev_page: np.ndarray
    ev_first: np.ndarray
    or_id: np.ndarray
    or_store: np.ndarray
    or_name: list[str]
    or_customer: list[str]
    or_paid_at: np.ndarray
    or_total: np.ndarray
    or_status: np.ndarray

    @property
    def n_events(self) -> int:
        return len(self.ev_at)

    @property
    def n_orders(self) -> int:
        return len(self.or_id)


def sample_times(
    rng: np.random.Generator, n: int, clock: LocalClock, start: int, end: int
) -> np.ndarray:
    """n instants in [start, end), denser by day of week, local hour and a gentle growth."""
    out: list[np.ndarray] = []
    got = 0
    while got < n:
        m = int((n - got) * 1.8) + 1000
        at = rng.integers(start, end, m, dtype=np.int64)
        weight = DIURNAL[clock.hour(at)] * WEEKDAY[clock.weekday(at)]
        weight *= 0.85 + 0.15 * (at - start) / (end - start)
        kept = at[rng.random(m) < weight]
        out.append(kept)
        got += len(kept)
    return np.concatenate(out)[:n]


def group_starts(keys: np.ndarray) -> np.ndarray:
    """True where a run of equal keys begins (keys sorted)."""
    starts = np.ones(len(keys), dtype=bool)
    starts[1:] = keys[1:] != keys[:-1]
    return starts


def generate(mode: str, seed: int) -> Data:
    size = MODES[mode]
    rng = np.random.default_rng(seed)
    start, end = window()
    clock = LocalClock(start, end)

    # Stores: Zipf sizes (s = 1.1) over a seeded permutation of the ids, so the largest store
    # is not simply id 1.
    zipf = 1.0 / np.arange(1, STORES + 1) ** 1.1
    zipf /= zipf.sum()
    store_by_rank = rng.permutation(STORES) + 1
    aov = np.exp(rng.normal(0.0, 0.3, STORES + 1))  # Average order value factor, by store id.

    # Countries: a skewed global mix, tilted per store toward a home country.
    global_mix = 1.0 / np.arange(1, len(COUNTRIES) + 1) ** 1.4
    global_mix /= global_mix.sum()
    home_pick = np.array([0.6] + [0.4 / 14] * 14)
    homes = rng.choice(15, STORES + 1, p=home_pick)

    # Sessions and their funnel. Mean events per session is about 3.27.
    n_sessions = max(1, round(size["events"] / 3.27))
    session_start = np.sort(sample_times(rng, n_sessions, clock, start, end))
    session_store = store_by_rank[rng.choice(STORES, n_sessions, p=zipf)]
    session_country = np.empty(n_sessions, dtype=np.int16)
    for store in range(1, STORES + 1):
        idx = np.flatnonzero(session_store == store)
        mix = 0.6 * global_mix
        mix[homes[store]] += 0.4
        session_country[idx] = rng.choice(len(COUNTRIES), len(idx), p=mix)

    n_pv = rng.geometric(0.55, n_sessions)
    viewed = rng.random(n_sessions) < 0.60
    carted = viewed & (rng.random(n_sessions) < 0.20)
    checked_out = carted & (rng.random(n_sessions) < 0.50)
    completed = checked_out & (rng.random(n_sessions) < 0.55)
    counts = [
        n_pv,
        np.where(viewed, rng.geometric(0.5, n_sessions), 0),
        np.where(carted, rng.geometric(0.7, n_sessions), 0),
        np.where(checked_out, rng.geometric(0.9, n_sessions), 0),
        completed.astype(np.int64),
    ]

    # Events of a session, in the order they happen: the first page view, then page views and
    # product views mixed, then carts, checkouts and the completion.
    sess_parts, kind_parts, key_parts = [], [], []
    session_ids = np.arange(n_sessions, dtype=np.int64)
    for k, n in enumerate(counts, start=1):
        sess = np.repeat(session_ids, n)
        key = rng.random(len(sess))
        if k == 1:
            key[group_starts(sess)] = -1.0
        elif k >= 3:
            key += k - 2
        sess_parts.append(sess)
        kind_parts.append(np.full(len(sess), k, dtype=np.int8))
        key_parts.append(key)
    sess = np.concatenate(sess_parts)
    kind = np.concatenate(kind_parts)
    order = np.lexsort((np.concatenate(key_parts), sess))
    sess, kind = sess[order], kind[order]
    del sess_parts, kind_parts, key_parts, order

    # Times: gaps of a second or more, a session squeezed into 30 minutes when longer.
    begins = group_starts(sess)
    gaps = 1000 + rng.exponential(45_000, len(sess)).astype(np.int64)
    gaps[begins] = 0
    offset = np.cumsum(gaps)
    offset -= np.repeat(offset[begins], np.diff(np.append(np.flatnonzero(begins), len(sess))))
    last = np.maximum.reduceat(offset, np.flatnonzero(begins))
    scale = np.minimum(1.0, SESSION_MS / np.maximum(last, 1))
    offset = (offset * scale[sess]).astype(np.int64)
    at = session_start[sess] + offset
    keep = at < end
    sess, kind, at = sess[keep], kind[keep], at[keep]

    # first = 1 for the earliest event of its kind in its session; events are still in
    # generation order, so the first of each (session, kind) run after a stable sort wins.
    by_kind = np.lexsort((kind, sess))
    first = np.zeros(len(sess), dtype=np.int8)
    first[by_kind[group_starts(sess[by_kind] * 8 + kind[by_kind])]] = 1
    del by_kind

    page = np.empty(len(sess), dtype=np.int16)
    landing = kind == 1
    page[landing] = np.where(
        rng.random(landing.sum()) < 0.55,
        rng.choice(len(LANDING_PAGES), landing.sum(), p=[0.5, 0.2, 0.15, 0.05, 0.1]),
        len(LANDING_PAGES) + rng.integers(0, len(PRODUCT_PAGES), landing.sum()),
    )
    product = kind == 2
    page[product] = len(LANDING_PAGES) + np.minimum(
        rng.zipf(1.6, product.sum()) - 1, len(PRODUCT_PAGES) - 1
    )
    page[kind == 3] = PAGES.index("/cart")
    page[kind == 4] = PAGES.index("/checkouts/c")
    page[kind == 5] = PAGES.index("/checkouts/c/thank-you")

    by_time = np.argsort(at, kind="stable")
    ev_store = session_store[sess][by_time].astype(np.int32)
    ev_session = (sess[by_time] + 1).astype(np.int64)
    ev_kind = kind[by_time].astype(np.int32)
    ev_at = at[by_time]
    ev_country = session_country[sess][by_time]
    ev_page = page[by_time]
    ev_first = first[by_time].astype(np.int32)
    del sess, kind, at, first, page, by_time

    # Orders: one per completed checkout, paid a few seconds later, plus orders from other
    # channels up to the target. Times are whole seconds, so some share a paid_at.
    done = ev_kind == 5
    paid_from_checkout = (ev_at[done] + rng.integers(2000, 15000, done.sum())) // 1000 * 1000
    store_from_checkout = ev_store[done]
    n_extra = max(0, size["orders"] - len(paid_from_checkout))
    paid_extra = sample_times(rng, n_extra, clock, start, end) // 1000 * 1000
    store_extra = store_by_rank[rng.choice(STORES, n_extra, p=zipf)].astype(np.int32)
    paid_at = np.concatenate([paid_from_checkout, paid_extra])
    or_store = np.concatenate([store_from_checkout, store_extra])
    keep = paid_at < end
    paid_at, or_store = paid_at[keep], or_store[keep]
    n_orders = len(paid_at)

    # Ids follow creation; most orders are paid at once, some days later.
    delay = np.where(
        rng.random(n_orders) < 0.9,
        rng.integers(0, 5000, n_orders),
        rng.integers(0, 3 * DAY_MS, n_orders),
    )
    by_creation = np.argsort(paid_at - delay + rng.integers(0, 1000, n_orders), kind="stable")
    paid_at, or_store = paid_at[by_creation], or_store[by_creation]
    or_id = np.arange(1, n_orders + 1, dtype=np.int64)
    status = rng.choice(len(STATUSES), n_orders, p=[0.9, 0.06, 0.04]).astype(np.int8)
    total = np.maximum(
        99, (np.exp(rng.normal(math.log(4500), 0.75, n_orders)) * aov[or_store]).astype(np.int64)
    )

    by_store = np.lexsort((or_id, or_store))
    seq = np.arange(n_orders) - np.repeat(
        np.flatnonzero(group_starts(or_store[by_store])),
        np.diff(np.append(np.flatnonzero(group_starts(or_store[by_store])), n_orders)),
    )
    number = np.empty(n_orders, dtype=np.int64)
    number[by_store] = 1001 + seq
    names = [f"#{n}" for n in number.tolist()]
    first_names = rng.integers(0, len(FIRST_NAMES), n_orders).tolist()
    last_names = rng.integers(0, len(LAST_NAMES), n_orders).tolist()
    customers = [f"{FIRST_NAMES[a]} {LAST_NAMES[b]}" for a, b in zip(first_names, last_names)]

    return Data(
        ev_store=ev_store,
        ev_session=ev_session,
        ev_kind=ev_kind,
        ev_at=ev_at,
        ev_country=ev_country,
        ev_page=ev_page,
        ev_first=ev_first,
        or_id=or_id,
        or_store=or_store.astype(np.int32),
        or_name=names,
        or_customer=customers,
        or_paid_at=paid_at,
        or_total=total,
        or_status=status,
    )


# ---------------------------------------------------------------------------------------------
# Plan


def period(first_day: date, last_day: date) -> dict:
    if first_day == last_day:
        starts = [local_instant_ms(first_day, h) for h in range(0, 24, 4)]
    else:
        starts = [
            local_instant_ms(first_day + timedelta(days=i))
            for i in range((last_day - first_day).days + 1)
        ]
    return {
        "from": first_day.isoformat(),
        "to": last_day.isoformat(),
        "start_ms": starts[0],
        "end_ms": local_instant_ms(last_day + timedelta(days=1)),
        "bucket_starts": starts,
    }


def make_plan(data: Data, mode: str, seed: int) -> dict:
    sizes = np.bincount(data.ev_store, minlength=STORES + 1)[1:]
    by_size = [int(s) + 1 for s in np.argsort(-sizes, kind="stable")]
    store_sets = [("top1", by_size[:1]), ("top5", by_size[:5]), ("all50", by_size)]
    cases = []
    for set_name, stores in store_sets:
        for days in (1, 30):
            first = END_DAY - timedelta(days=days - 1)
            cases.append(
                {
                    "name": f"{set_name}-{days}d",
                    "stores": sorted(stores),
                    "days": days,
                    "current": period(first, END_DAY),
                    "previous": period(first - timedelta(days=days), first - timedelta(days=1)),
                }
            )
    return {
        "zone": ZONE_NAME,
        "mode": mode,
        "seed": seed,
        "end_day": END_DAY.isoformat(),
        "days": DAYS,
        "events": data.n_events,
        "orders": data.n_orders,
        "page_size": 10,
        "cases": cases,
    }


# ---------------------------------------------------------------------------------------------
# Contenders


def event_sql(stores: list[int], p: dict) -> str:
    """One pass over the period's first events: the funnel is the sum by kind, the countries
    are the page-view rows."""
    return (
        "SELECT kind, country, COUNT(*) FROM events"
        f" WHERE store_id IN ({','.join(map(str, stores))})"
        f' AND "at" >= {p["start_ms"]} AND "at" < {p["end_ms"]} AND first = 1'
        " GROUP BY kind, country"
    )


def sales_sql(stores: list[int], p: dict) -> str:
    starts = p["bucket_starts"]
    bucket = " ".join(f"WHEN paid_at < {s} THEN {i}" for i, s in enumerate(starts[1:]))
    bucket = f"CASE {bucket} ELSE {len(starts) - 1} END" if bucket else "0"
    return (
        f"SELECT {bucket} AS bucket, SUM(total_minor), COUNT(*) FROM orders"
        f" WHERE store_id IN ({','.join(map(str, stores))}) AND financial_status = 'paid'"
        f" AND paid_at >= {p['start_ms']} AND paid_at < {p['end_ms']}"
        " GROUP BY bucket"
    )


def page_sql(stores: list[int], p: dict, size: int) -> str:
    return (
        "SELECT id FROM orders"
        f" WHERE store_id IN ({','.join(map(str, stores))}) AND financial_status = 'paid'"
        f" AND paid_at >= {p['start_ms']} AND paid_at < {p['end_ms']}"
        f" ORDER BY paid_at DESC, id DESC LIMIT {size}"
    )


def case_queries(case: dict, page_size: int) -> list[tuple[str, str, str]]:
    out = []
    for side in ("current", "previous"):
        p = case[side]
        out.append((side, "events", event_sql(case["stores"], p)))
        out.append((side, "sales", sales_sql(case["stores"], p)))
        out.append((side, "page", page_sql(case["stores"], p, page_size)))
    return out


def assemble(case: dict, rows: dict[tuple[str, str], list]) -> dict:
    result = {}
    for side in ("current", "previous"):
        funnel = [0] * 5
        countries: dict[str, int] = {}
        for kind, country, n in rows[(side, "events")]:
            funnel[int(kind) - 1] += int(n)
            if int(kind) == 1:
                countries[country] = countries.get(country, 0) + int(n)
        buckets = len(case[side]["bucket_starts"])
        sales = [0] * buckets
        orders = 0
        for bucket, total, n in rows[(side, "sales")]:
            sales[int(bucket)] = int(total)
            orders += int(n)
        result[side] = {
            "funnel": funnel,
            "countries": dict(sorted((c, n) for c, n in countries.items() if n)),
            "sales_minor": sales,
            "total_sales_minor": sum(sales),
            "orders": orders,
            "paid_orders": [int(r[0]) for r in rows[(side, "page")]],
            "paid_orders_count": orders,
        }
    return result


class Contender:
    name = ""

    def fetch(self, sql: str) -> list:
        raise NotImplementedError

    def overview(self, case: dict, page_size: int) -> dict:
        rows = {(side, what): self.fetch(sql) for side, what, sql in case_queries(case, page_size)}
        return assemble(case, rows)

    def close(self) -> None:
        pass


EVENTS_COLUMNS = "store_id, session_id, kind, at, country, page, first"
ORDERS_COLUMNS = "id, store_id, order_name, customer_name, paid_at, total_minor, financial_status"


def event_rows(data: Data, lo: int, hi: int):
    countries = np.array(COUNTRIES, dtype=object)[data.ev_country[lo:hi]].tolist()
    pages = np.array(PAGES, dtype=object)[data.ev_page[lo:hi]].tolist()
    return zip(
        data.ev_store[lo:hi].tolist(),
        data.ev_session[lo:hi].tolist(),
        data.ev_kind[lo:hi].tolist(),
        data.ev_at[lo:hi].tolist(),
        countries,
        pages,
        data.ev_first[lo:hi].tolist(),
    )


def order_rows(data: Data, lo: int, hi: int):
    statuses = np.array(STATUSES, dtype=object)[data.or_status[lo:hi]].tolist()
    return zip(
        data.or_id[lo:hi].tolist(),
        data.or_store[lo:hi].tolist(),
        data.or_name[lo:hi],
        data.or_customer[lo:hi],
        data.or_paid_at[lo:hi].tolist(),
        data.or_total[lo:hi].tolist(),
        statuses,
    )


def write_sqlite(data: Data, path: Path) -> None:
    """The canonical copy: the lead's program ATTACHes this file."""
    for suffix in ("", "-journal", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode = OFF")
    con.execute("PRAGMA synchronous = OFF")
    con.execute(
        "CREATE TABLE events(store_id INTEGER, session_id INTEGER, kind INTEGER, at INTEGER,"
        " country TEXT, page TEXT, first INTEGER)"
    )
    con.execute(
        "CREATE TABLE orders(id INTEGER, store_id INTEGER, order_name TEXT, customer_name TEXT,"
        " paid_at INTEGER, total_minor INTEGER, financial_status TEXT)"
    )
    chunk = 500_000
    for lo in range(0, data.n_events, chunk):
        con.executemany(
            "INSERT INTO events VALUES (?,?,?,?,?,?,?)", event_rows(data, lo, lo + chunk)
        )
    for lo in range(0, data.n_orders, chunk):
        con.executemany(
            "INSERT INTO orders VALUES (?,?,?,?,?,?,?)", order_rows(data, lo, lo + chunk)
        )
    con.commit()
    con.execute("CREATE INDEX events_store_at_kind ON events(store_id, at, kind)")
    con.execute(
        "CREATE INDEX orders_store_status_paid ON orders(store_id, financial_status, paid_at)"
    )
    con.execute("ANALYZE")
    con.commit()
    con.close()


class SqliteContender(Contender):
    name = "sqlite"

    def __init__(self, path: Path) -> None:
        # Default settings, read-only: what a server opening the file gets.
        self.con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)

    def fetch(self, sql: str) -> list:
        return self.con.execute(sql).fetchall()

    def close(self) -> None:
        self.con.close()


class DuckdbContender(Contender):
    name = "duckdb"

    def __init__(self, data: Data, path: Path, csv_dir: Path) -> None:
        """Loads the same arrays the SQLite file was written from (the fastest way in; the
        results check proves the rows are the same), and writes CSV copies for PostgreSQL."""
        for suffix in ("", ".wal"):
            Path(str(path) + suffix).unlink(missing_ok=True)
        self.con = duckdb.connect(str(path))
        self.con.execute("SET memory_limit = '4GB'")
        self.con.register(
            "ev",
            {
                "store_id": data.ev_store,
                "session_id": data.ev_session,
                "kind": data.ev_kind,
                "at": data.ev_at,
                "country_i": data.ev_country.astype(np.int32),
                "page_i": data.ev_page.astype(np.int32),
                "first": data.ev_first,
            },
        )
        self.con.register(
            "ord",
            {
                "id": data.or_id,
                "store_id": data.or_store,
                "order_name": np.array(data.or_name, dtype=object),
                "customer_name": np.array(data.or_customer, dtype=object),
                "paid_at": data.or_paid_at,
                "total_minor": data.or_total,
                "status_i": data.or_status.astype(np.int32),
            },
        )
        countries = "[" + ",".join(f"'{c}'" for c in COUNTRIES) + "]"
        pages = "[" + ",".join(f"'{p}'" for p in PAGES) + "]"
        statuses = "[" + ",".join(f"'{s}'" for s in STATUSES) + "]"
        self.con.execute(
            'CREATE TABLE events(store_id INTEGER, session_id BIGINT, kind INTEGER, "at" BIGINT,'
            " country VARCHAR, page VARCHAR, first INTEGER)"
        )
        self.con.execute(
            'INSERT INTO events SELECT store_id, session_id, kind, "at",'
            f" {countries}[country_i + 1], {pages}[page_i + 1], first FROM ev"
        )
        self.con.execute(
            "CREATE TABLE orders(id BIGINT, store_id INTEGER, order_name VARCHAR,"
            " customer_name VARCHAR, paid_at BIGINT, total_minor BIGINT, financial_status VARCHAR)"
        )
        self.con.execute(
            "INSERT INTO orders SELECT id, store_id, order_name, customer_name, paid_at,"
            f" total_minor, {statuses}[status_i + 1] FROM ord"
        )
        self.con.unregister("ev")
        self.con.unregister("ord")
        self.con.execute("CHECKPOINT")
        self.csv = {t: csv_dir / f"{t}.csv" for t in ("events", "orders")}
        for table, file in self.csv.items():
            self.con.execute(f"COPY {table} TO '{file}' (HEADER false)")

    def fetch(self, sql: str) -> list:
        return self.con.execute(sql).fetchall()

    def close(self) -> None:
        self.con.close()


class PostgresContender(Contender):
    name = "postgres"

    def __init__(self, url: str) -> None:
        self.con = psycopg.connect(url, autocommit=True)
        # JIT compiles plans costlier than jit_above_cost; for queries this short it costs more
        # than it saves, and a server tuned for this load turns it off.
        self.con.execute("SET jit = off")
        PG_VERSION["v"] = self.con.execute("SHOW server_version").fetchone()[0]

    def load(self, csv: dict[str, Path]) -> None:
        c = self.con
        c.execute("DROP TABLE IF EXISTS events, orders")
        c.execute(
            'CREATE TABLE events(store_id INTEGER, session_id BIGINT, kind INTEGER, "at" BIGINT,'
            " country TEXT, page TEXT, first INTEGER)"
        )
        c.execute(
            "CREATE TABLE orders(id BIGINT, store_id INTEGER, order_name TEXT, customer_name TEXT,"
            " paid_at BIGINT, total_minor BIGINT, financial_status TEXT)"
        )
        for table, file in csv.items():
            with c.cursor() as cur, cur.copy(f"COPY {table} FROM STDIN (FORMAT csv)") as copy:
                with open(file, "rb") as f:
                    while block := f.read(1 << 20):
                        copy.write(block)
        c.execute("SET maintenance_work_mem = '1GB'")
        c.execute("CREATE INDEX events_store_at_kind ON events(store_id, at, kind)")
        c.execute(
            "CREATE INDEX orders_store_status_paid ON orders(store_id, financial_status, paid_at)"
        )
        c.execute("VACUUM (ANALYZE) events")
        c.execute("VACUUM (ANALYZE) orders")
        c.execute("RESET maintenance_work_mem")

    def fetch(self, sql: str) -> list:
        return self.con.execute(sql).fetchall()

    def close(self) -> None:
        self.con.close()


def start_postgres() -> tuple[str, str]:
    out = subprocess.run(
        ["bash", str(ROOT / "scripts" / "postgres.sh")], check=True, capture_output=True, text=True
    )
    pg_dir, url = out.stdout.split()
    return pg_dir, url


def stop_postgres(pg_dir: str) -> None:
    subprocess.run(["bash", str(ROOT / "scripts" / "postgres.sh"), "stop", pg_dir], check=False)


# ---------------------------------------------------------------------------------------------
# The reference: the same figures straight from the arrays, as a check on the SQL itself.


def reference(data: Data, plan: dict) -> dict[str, dict]:
    paid_rows = np.flatnonzero(data.or_status == STATUSES.index("paid"))
    paid_rows = paid_rows[np.argsort(data.or_paid_at[paid_rows], kind="stable")]
    paid_at = data.or_paid_at[paid_rows]
    out = {}
    for case in plan["cases"]:
        ev_in = np.zeros(STORES + 1, dtype=bool)
        ev_in[case["stores"]] = True
        result = {}
        for side in ("current", "previous"):
            p = case[side]
            lo, hi = np.searchsorted(data.ev_at, [p["start_ms"], p["end_ms"]])
            sel = ev_in[data.ev_store[lo:hi]] & (data.ev_first[lo:hi] == 1)
            kinds = data.ev_kind[lo:hi][sel]
            funnel = np.bincount(kinds, minlength=6)[1:6]
            ccount = np.bincount(data.ev_country[lo:hi][sel][kinds == 1], minlength=len(COUNTRIES))
            olo, ohi = np.searchsorted(paid_at, [p["start_ms"], p["end_ms"]])
            rows = paid_rows[olo:ohi]
            rows = rows[ev_in[data.or_store[rows]]]
            bucket = np.searchsorted(p["bucket_starts"], data.or_paid_at[rows], side="right") - 1
            sums = np.zeros(len(p["bucket_starts"]), dtype=np.int64)
            np.add.at(sums, bucket, data.or_total[rows])  # Exact integer sums.
            top = rows[np.lexsort((data.or_id[rows], data.or_paid_at[rows]))][::-1][
                : plan["page_size"]
            ]
            result[side] = {
                "funnel": [int(x) for x in funnel],
                "countries": {
                    COUNTRIES[i]: int(n)
                    for i, n in sorted(
                        ((i, n) for i, n in enumerate(ccount) if n), key=lambda t: COUNTRIES[t[0]]
                    )
                },
                "sales_minor": [int(x) for x in sums],
                "total_sales_minor": int(sums.sum()),
                "orders": len(rows),
                "paid_orders": [int(x) for x in data.or_id[top]],
                "paid_orders_count": len(rows),
            }
        out[case["name"]] = result
    return out


# ---------------------------------------------------------------------------------------------
# Checks and timing


KEYS = (
    "funnel",
    "countries",
    "sales_minor",
    "total_sales_minor",
    "orders",
    "paid_orders",
    "paid_orders_count",
)


def normalise(result: dict) -> dict:
    """A result in canonical form; raises when its shape is not the agreed one."""
    out = {}
    for side in ("current", "previous"):
        r = result[side]
        if sorted(r) != sorted(KEYS):
            raise ValueError(f"{side}: keys {sorted(r)}, expected {sorted(KEYS)}")
        out[side] = {
            "funnel": [int(x) for x in r["funnel"]],
            "countries": {str(k): int(v) for k, v in sorted(r["countries"].items())},
            "sales_minor": [int(x) for x in r["sales_minor"]],
            "total_sales_minor": int(r["total_sales_minor"]),
            "orders": int(r["orders"]),
            "paid_orders": [int(x) for x in r["paid_orders"]],
            "paid_orders_count": int(r["paid_orders_count"]),
        }
    return out


def diff(expected: dict, got: dict, who: str, case: str) -> list[str]:
    lines = []
    for side in ("current", "previous"):
        for key in KEYS:
            e, g = expected[side][key], got.get(side, {}).get(key)
            if e == g:
                continue
            if isinstance(e, dict) and isinstance(g, dict):
                keys = sorted(set(e) | set(g))
                shown = {k: (e.get(k), g.get(k)) for k in keys if e.get(k) != g.get(k)}
                lines.append(f"  {case} {side}.{key}: {who} differs at {shown} (reference, {who})")
            else:
                lines.append(f"  {case} {side}.{key}: reference {e}, {who} {g}")
    return lines


def timed(fn, runs: int) -> list[float]:
    times: list[float] = []
    began = time.perf_counter()
    while len(times) < runs:
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
        if len(times) >= MIN_RUNS and time.perf_counter() - began > TIME_CAP_S:
            break
    return times


def p95(values: list[float]) -> float:
    """Nearest-rank 95th percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def run_ours(cmd: str, sqlite_path: Path, plan_path: Path, runs: int) -> dict:
    argv = shlex.split(cmd) + [
        "--source",
        str(sqlite_path),
        "--plan",
        str(plan_path),
        "--runs",
        str(runs),
    ]
    log(f"running ours: {shlex.join(argv)}")
    out = subprocess.run(argv, check=True, stdout=subprocess.PIPE, text=True)
    return json.loads(out.stdout)


# ---------------------------------------------------------------------------------------------
# Main


def fmt_ms(v: float) -> str:
    return f"{v:.3f}" if v < 10 else f"{v:.1f}"


def fmt_ratio(v: float | None) -> str:
    return "" if v is None else (f"{v:.2f}" if v < 100 else f"{v:.0f}")


def ours_against(expected: dict, plan: dict, ours: dict) -> list[str]:
    """Where each of our paths' results differs from the reference, case by case."""
    by_name = {c["name"]: c for c in ours.get("cases", [])}
    mismatches: list[str] = []
    for case in plan["cases"]:
        theirs = by_name.get(case["name"])
        if theirs is None:
            mismatches.append(f"  {case['name']}: missing from ours")
            continue
        for path, figures in theirs["paths"].items():
            try:
                got = normalise(figures["result"])
            except (KeyError, TypeError, ValueError) as e:
                mismatches.append(f"  {case['name']}: ours/{path} result malformed: {e!r}")
                continue
            mismatches += diff(expected[case["name"]], got, f"ours/{path}", case["name"])
    return mismatches


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("mode", choices=sorted(MODES))
    ap.add_argument("--ours", help="the server's benchmark command (see README.md)")
    ap.add_argument("--runs", type=int, default=30, help="timed runs per case (default 30)")
    ap.add_argument("--dir", type=Path, help="data folder (default target/bench/analytics-MODE)")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument(
        "--reuse",
        action="store_true",
        help="keep DIR/contender.sqlite when it was made by the same generator, mode and seed",
    )
    ap.add_argument(
        "--out", type=Path, default=ROOT / "target" / "bench" / "analytics-contenders.json"
    )
    ap.add_argument(
        "--check",
        action="store_true",
        help="only check ours (--ours) against the reference, once per case: no contender, no timing",
    )
    args = ap.parse_args()
    if args.check and not args.ours:
        ap.error("--check needs --ours")

    data_dir = (args.dir or ROOT / "target" / "bench" / f"analytics-{args.mode}").resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    sqlite_path = data_dir / "contender.sqlite"
    plan_path = data_dir / "plan.json"
    meta_path = data_dir / "meta.json"
    phases: dict[str, float] = {}
    wall = time.perf_counter()

    t = time.perf_counter()
    data = generate(args.mode, args.seed)
    phases["generate_s"] = time.perf_counter() - t
    log(
        f"generated {data.n_events:,} events, {data.n_orders:,} orders in {phases['generate_s']:.1f} s"
    )

    meta = {
        "generator": GENERATOR_VERSION,
        "mode": args.mode,
        "seed": args.seed,
        "events": data.n_events,
        "orders": data.n_orders,
    }
    reused = False
    if args.reuse and sqlite_path.exists() and meta_path.exists():
        reused = json.loads(meta_path.read_text()) == meta
    if not reused:
        meta_path.unlink(missing_ok=True)
        t = time.perf_counter()
        write_sqlite(data, sqlite_path)
        phases["load_sqlite_s"] = time.perf_counter() - t
        meta_path.write_text(json.dumps(meta) + "\n")
        log(f"sqlite: written and indexed in {phases['load_sqlite_s']:.1f} s")
    else:
        log("sqlite: reusing the file made by the same generator, mode and seed")

    plan = make_plan(data, args.mode, args.seed)
    plan_path.write_text(json.dumps(plan, indent=1) + "\n")
    page_size = plan["page_size"]

    t = time.perf_counter()
    expected = reference(data, plan)
    phases["reference_s"] = time.perf_counter() - t
    (data_dir / "expected.json").write_text(json.dumps(expected, indent=1) + "\n")

    if args.check:
        ours = run_ours(args.ours, sqlite_path, plan_path, 1)
        mismatches = ours_against(expected, plan, ours)
        if mismatches:
            print("RESULTS DIFFER (reference = computed from the generated arrays):")
            print("\n".join(mismatches))
            return 1
        paths = sorted({p for c in ours.get("cases", []) for p in c["paths"]})
        print(
            f"analytics check: ours ({', '.join(paths)}) equals the reference on all "
            f"{len(plan['cases'])} cases of the {args.mode} set"
        )
        return 0

    pg_dir = None
    contenders: list[Contender] = []
    try:
        contenders.append(SqliteContender(sqlite_path))
        t = time.perf_counter()
        duck = DuckdbContender(data, data_dir / "contender.duckdb", data_dir)
        phases["load_duckdb_s"] = time.perf_counter() - t
        log(f"duckdb: loaded in {phases['load_duckdb_s']:.1f} s")
        contenders.append(duck)
        t = time.perf_counter()
        pg_dir, url = start_postgres()
        pg = PostgresContender(url)
        pg.load(duck.csv)
        phases["load_postgres_s"] = time.perf_counter() - t
        log(f"postgres: started and loaded in {phases['load_postgres_s']:.1f} s")
        contenders.append(pg)
        for file in duck.csv.values():
            file.unlink()
        del data

        # Every contender must agree with the reference before anything is timed.
        t = time.perf_counter()
        mismatches: list[str] = []
        for c in contenders:
            for case in plan["cases"]:
                got = normalise(c.overview(case, page_size))
                mismatches += diff(expected[case["name"]], got, c.name, case["name"])
        ours = None
        if args.ours:
            ours = run_ours(args.ours, sqlite_path, plan_path, args.runs)
            mismatches += ours_against(expected, plan, ours)
        phases["check_s"] = time.perf_counter() - t
        if mismatches:
            print("RESULTS DIFFER (reference = computed from the generated arrays):")
            print("\n".join(mismatches))
            return 1
        log("results: every contender agrees with the reference on every case")

        # Other work on a shared machine shows up here; the load average says how much.
        timings: dict[str, dict[str, list[float]]] = {}
        load_avg: dict[str, list[float]] = {}
        for c in contenders:
            t = time.perf_counter()
            load_avg[c.name] = [round(os.getloadavg()[0], 2)]
            for case in plan["cases"]:
                timings.setdefault(case["name"], {})[c.name] = timed(
                    lambda c=c, case=case: c.overview(case, page_size), args.runs
                )
            phases[f"time_{c.name}_s"] = time.perf_counter() - t
            load_avg[c.name].append(round(os.getloadavg()[0], 2))
            log(
                f"{c.name}: timed in {phases[f'time_{c.name}_s']:.1f} s"
                f" (1-minute load average {load_avg[c.name][0]} before, {load_avg[c.name][1]} after)"
            )
    finally:
        for c in contenders:
            c.close()
        if pg_dir:
            stop_postgres(pg_dir)

    rows = []
    for case in plan["cases"]:
        name = case["name"]
        figures = {
            who: {"median_ms": statistics.median(ts), "p95_ms": p95(ts), "runs": len(ts)}
            for who, ts in timings[name].items()
        }
        if ours:
            for path, f in {c["name"]: c for c in ours["cases"]}[name]["paths"].items():
                figures[f"ours/{path}"] = {
                    "median_ms": float(f["median_ms"]),
                    "p95_ms": float(f["p95_ms"]),
                    "runs": f.get("runs"),
                    "first_ms": f.get("first_ms"),
                }
        base = figures.get("ours/index") or figures.get("ours/rollup")
        for who, f in figures.items():
            f["median_ratio"] = (
                f["median_ms"] / base["median_ms"] if base and base["median_ms"] else None
            )
            f["p95_ratio"] = f["p95_ms"] / base["p95_ms"] if base and base["p95_ms"] else None
            rows.append((name, who, f))

    header = f"{'case':<10} {'contender':<14} {'median ms':>10} {'p95 ms':>10} {'runs':>5}"
    if ours:
        header += f" {'median/ours':>12} {'p95/ours':>9}"
    print(header)
    for name, who, f in rows:
        line = f"{name:<10} {who:<14} {fmt_ms(f['median_ms']):>10} {fmt_ms(f['p95_ms']):>10} {str(f['runs'] or ''):>5}"
        if ours:
            line += f" {fmt_ratio(f['median_ratio']):>12} {fmt_ratio(f['p95_ratio']):>9}"
        print(line)

    phases["total_s"] = time.perf_counter() - wall
    report = {
        "mode": args.mode,
        "seed": args.seed,
        "machine": {
            "cores": os.cpu_count(),
            "python": platform.python_version(),
            "sqlite": sqlite3.sqlite_version,
            "duckdb": duckdb.__version__,
            "postgres": PG_VERSION.get("v"),
            "numpy": np.__version__,
        },
        "events": plan["events"],
        "orders": plan["orders"],
        "runs_asked": args.runs,
        "time_cap_s": TIME_CAP_S,
        "reused_sqlite": reused,
        "phases": {k: round(v, 2) for k, v in phases.items()},
        "load_average_1min_before_after_timing": load_avg,
        "data_dir": str(data_dir),
        "cases": [
            {
                "name": case["name"],
                "stores": case["stores"],
                "days": case["days"],
                "figures": {who: f for n, who, f in rows if n == case["name"]},
            }
            for case in plan["cases"]
        ],
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    if not args.ours:
        print("(no --ours: the server's figures and the ratio columns need --ours CMD)")
    log(f"figures written to {args.out}; phases (s): {report['phases']}")
    return 0


PG_VERSION: dict[str, str] = {}

if __name__ == "__main__":
    sys.exit(main())
