#!/usr/bin/env python3
"""Restore drill: under write load (storefront checkouts, theme saves, analytics batches) a
backup is taken with `server backup`, the writing goes on, and the server is killed with SIGKILL.
The backup is restored with `server restore` into a fresh database and a server started on it.
Then: every write acknowledged before the backup began is in the restored database, and none
sent after the backup ended is; every constraint holds (SQLite's integrity and foreign key
checks; on PostgreSQL the restore enforces the constraints, and a few invariants are queried on
both); and the restored server's Overview shows the order count and sales of an oracle (the
figures before the load, plus the checkouts the restored database holds, each as acknowledged).
A restore over the killed server's live database without --force must be refused.

The server processes also take scheduled backups (BACKUP_EVERY=5s, BACKUP_KEEP=2) during the
run: each period's backup is taken by exactly one process, none fails, and at most two are kept.

    python3 reliability/restore_drill.py                       # SQLite, one process (~15 s)
    python3 reliability/restore_drill.py --database postgres --database-url URL --processes 3
    python3 reliability/restore_drill.py --long                # more writers, longer load
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid

import harness
from harness import Database, Server, Session

STORE = "demo"
ADDRESS = {"name": "Drill Shopper", "line1": "1 Test Street", "city": "Springfield", "region": "IL",
           "postcode": "62701", "country": "US", "phone": "+1 217 555 0100"}
BROWSER = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/126.0 Safari/537.36")
SCHEDULE_EVERY_S = 5
SCHEDULE_KEEP = 2
# The versions a theme keeps (core-wasm's THEME_VERSIONS_KEPT).
THEME_VERSIONS_KEPT = 50


def raw(base: str, method: str, path: str, body=None, headers: dict[str, str] | None = None,
        timeout: float = 30) -> harness.Reply:
    """A request to any path of the server (the storefront's checkout is not under /api)."""
    h = {"content-type": "application/json"}
    h.update(headers or {})
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, method=method, data=data, headers=h)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            return harness.Reply(r.status, r.read(), r.headers)
    except urllib.error.HTTPError as e:
        return harness.Reply(e.code, e.read(), e.headers)
    except urllib.error.URLError as e:
        raise OSError(str(e.reason)) from e


class Load:
    """The writers' shared record: each write with when it was sent and when (if ever) it was
    acknowledged, on one monotonic clock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.orders: list[dict] = []   # {id, total, sent, acked}
        self.saves: list[dict] = []    # {theme, marker, config, version, sent, acked}
        self.batches: list[dict] = []  # {session, sent, acked}
        self.errors: list[str] = []

    def add(self, kind: list, item: dict) -> None:
        with self.lock:
            kind.append(item)

    def error(self, what: str) -> None:
        with self.lock:
            if len(self.errors) < 50:
                self.errors.append(what)


def checkout_client(load: Load, base: str, variants: list[dict], seed: int) -> None:
    rng = random.Random(seed)
    while not load.stop.is_set() and variants:
        variant = rng.choice(variants)
        body = {"idempotencyKey": uuid.uuid4().hex, "email": f"drill-{uuid.uuid4().hex[:8]}@example.com",
                "shippingAddress": ADDRESS,
                "items": [{"productId": variant["product"], "variantId": variant["id"], "quantity": 1}]}
        sent = time.monotonic()
        try:
            reply = raw(base, "POST", f"/s/{STORE}/checkout", body)
        except OSError:
            return  # the server was killed: this order was never acknowledged
        if reply.status == 201:
            load.add(load.orders, {"id": reply.json["orderId"], "total": reply.json["totalMinor"],
                                   "sent": sent, "acked": time.monotonic()})
        elif reply.status in (400, 409) and ("sold out" in reply.text or "enter " in reply.text):
            # Sold out now, or a personalized product that asks for a field: buy others.
            if variant in variants:
                variants.remove(variant)
        else:
            load.error(f"checkout answered {reply.status}: {reply.text[:160]}")
            time.sleep(0.05)


def theme_client(load: Load, session: Session, base: str, n: int, theme: dict, template: dict) -> None:
    version = theme["version"]
    path = f"/stores/onlinestore/themes/{theme['id']}/config/{theme['configId']}"
    seq = 0
    while not load.stop.is_set():
        seq += 1
        config = json.loads(json.dumps(template))
        marker = f"drill c{n} s{seq}"
        config["name"] = marker
        config["_meta"]["revision"] = seq
        sent = time.monotonic()
        try:
            reply = harness.call(base, "PUT", path, config, session.token,
                                 {"x-store-id": session.store, "if-match": f'"{version}"'})
        except OSError:
            return
        if reply.status != 200:
            load.error(f"theme save answered {reply.status}: {reply.text[:160]}")
            return
        version = reply.json["version"]
        load.add(load.saves, {"theme": theme["id"], "marker": marker, "config": config,
                              "version": version, "sent": sent, "acked": time.monotonic()})


def ingest_client(load: Load, base: str, store_id: str, n: int) -> None:
    seq = 0
    while not load.stop.is_set():
        seq += 1
        session_id = f"drill-{n}-{seq}-{uuid.uuid4().hex[:6]}"
        now = int(time.time() * 1000)
        events = [{"type": "page_view", "sessionId": session_id, "at": now, "page": "/"},
                  {"type": "view_content", "sessionId": session_id, "at": now, "page": "/products/x"}]
        sent = time.monotonic()
        try:
            reply = harness.call(base, "POST", "/storefront/events", {"storeKey": store_id, "events": events},
                                 headers={"user-agent": BROWSER})
        except OSError:
            return
        if reply.status == 202 and reply.json.get("accepted") == len(events):
            load.add(load.batches, {"session": session_id, "sent": sent, "acked": time.monotonic()})
        else:
            load.error(f"event batch answered {reply.status}: {reply.text[:160]}")
            time.sleep(0.05)
        time.sleep(0.01)


def overview(base: str, session: Session, first_day: str, last_day: str) -> tuple[int, int]:
    """The Overview's order count and sales (minor units) of the store over the days, test
    orders included (the demo store is in test mode), computed afresh."""
    reply = harness.call(base, "GET", f"/stores/analytics/overview?fromTime={first_day}&toTime={last_day}"
                         f"&stores={session.store}&timezone=UTC&testOrders=include", None, session.token,
                         {"x-store-id": session.store, "cache-control": "no-cache"})
    assert reply.status == 200, f"overview: {reply.status} {reply.text[:200]}"
    current = reply.json["current"]
    return int(current["orders"]["total_orders"]), round(current["sales"]["total_sales"] * 100)


def in_list(values: list[str]) -> str:
    return "(" + ",".join("'" + v.replace("'", "''") + "'" for v in values) + ")" if values else "('')"


def present(db: Database, sql_prefix: str, values: list[str]) -> set[str]:
    found: set[str] = set()
    for i in range(0, len(values), 400):
        found |= {row[0] for row in db.query(sql_prefix + in_list(values[i:i + 400]))}
    return found


def invariants(db: Database) -> list[str]:
    """Problems in the restored database's rows: orders whose totals disagree with their lines,
    rows that name a missing row, a theme whose current config is not its newest version."""
    problems = []
    for oid, sub, ship, disc, grand, lines in db.query(
            "SELECT id, subtotal_minor, shipping_minor, discount_minor, grand_total_minor, line_items FROM orders"):
        items = json.loads(lines)
        if all("priceMinor" in i for i in items):
            line_sum = sum(int(i["priceMinor"]) * int(i["quantity"]) for i in items)
            if line_sum != int(sub):
                problems.append(f"order {oid}: subtotal {sub} is not its lines' {line_sum}")
        if int(sub) + int(ship) - int(disc) != int(grand):
            problems.append(f"order {oid}: total {grand} is not {sub} + {ship} - {disc}")
    orphans = {
        "orders without their store": "SELECT COUNT(*) FROM orders o LEFT JOIN stores s ON s.id = o.store_id WHERE s.id IS NULL",
        "events without their store": "SELECT COUNT(*) FROM analytics_events e LEFT JOIN stores s ON s.id = e.store_id WHERE s.id IS NULL",
        "theme configs without their theme": "SELECT COUNT(*) FROM theme_configs c LEFT JOIN themes t ON t.id = c.theme_id WHERE t.id IS NULL",
        "theme versions without their theme": "SELECT COUNT(*) FROM theme_versions v LEFT JOIN themes t ON t.id = v.theme_id WHERE t.id IS NULL",
        "store members without their user": "SELECT COUNT(*) FROM store_members m LEFT JOIN users u ON u.id = m.user_id WHERE u.id IS NULL",
    }
    for what, sql in orphans.items():
        n = int(db.query(sql)[0][0])
        if n:
            problems.append(f"{n} {what}")
    stale = db.query("SELECT c.theme_id FROM theme_configs c WHERE c.version <> "
                     "(SELECT MAX(v.version) FROM theme_versions v WHERE v.theme_id = c.theme_id)")
    problems += [f"theme {t}: its current config is not its newest version" for (t,) in stale]
    return problems


def scheduled(servers: list[Server], folder: str, db: Database) -> tuple[dict, list[str]]:
    """The scheduled backups of the run: who took which, from the processes' logs."""
    problems = []
    taken: dict[str, int] = {}
    takers: set[int] = set()
    failed = 0
    for n, server in enumerate(servers):
        with open(server.log_path, encoding="utf-8", errors="replace") as f:
            text = harness.ANSI.sub("", f.read())
        for match in re.finditer(r"scheduled backup folder=(\S+)", text):
            name = os.path.basename(match.group(1))
            taken[name] = taken.get(name, 0) + 1
            takers.add(n)
        failed += text.count("scheduled backup failed")
    twice = [name for name, times in taken.items() if times > 1]
    if twice:
        problems.append(f"scheduled backups taken more than once: {twice}")
    if failed:
        problems.append(f"{failed} scheduled backups failed (see the logs)")
    if not taken:
        problems.append("no scheduled backup was taken")
    names = sorted(n for n in os.listdir(folder) if n.startswith("storeloom-")) if os.path.isdir(folder) else []
    kept = [n for n in names if not n.endswith(".partial")]
    # The kill may land after a scheduled backup is complete and before its process prunes the
    # older ones and logs it: the folders are then one more than BACKUP_KEEP until the next
    # backup prunes (pruning first would risk fewer backups than BACKUP_KEEP instead). Allowed
    # for the newest folder only, and only when no log names it.
    allowed = SCHEDULE_KEEP + (1 if kept and kept[-1] not in taken else 0)
    if len(kept) > allowed:
        problems.append(f"{len(kept)} scheduled backups kept (BACKUP_KEEP={SCHEDULE_KEEP})")
    # The kill may land while a scheduled backup is being written: its folder stays `.partial`,
    # newer than every complete one (the next prune removes it). An older one is a leak.
    stale = [n for n in names if n.endswith(".partial") and kept and n[: -len(".partial")] < kept[-1]]
    if stale:
        problems.append(f"unfinished scheduled backups older than the newest complete one: {stale}")
    claims = int(db.query("SELECT COUNT(*) FROM backup_runs")[0][0])
    return {"taken": len(taken), "kept": len(kept), "claims": claims, "takers": len(takers)}, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--database-url", help="a PostgreSQL admin URL (else a throw-away server)")
    parser.add_argument("--processes", type=int, default=1, help="server processes on the database")
    parser.add_argument("--binary", default=harness.SERVER, help="the server to drill")
    parser.add_argument("--before", type=float, default=8, help="seconds of load before the backup")
    parser.add_argument("--after", type=float, default=4, help="seconds of load after the backup")
    parser.add_argument("--long", action="store_true", help="more writers, 60 s before and 20 s after")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args()
    if args.long:
        args.before, args.after = 60, 20
    writers = 4 if args.long else 2
    started = time.monotonic()
    name = f"drill-{args.database}"
    work = os.path.join(harness.WORK, name)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    uploads = os.path.join(work, "uploads")
    schedule_dir = os.path.join(work, "scheduled")
    backup_dir = os.path.join(work, "backup")
    env = {"STORELOOM_DEMO_CATALOG": "1", "CHECKOUT_ADDRESS_LIMIT": "1000000", "INGEST_ADDRESS_LIMIT": "1000000",
           "UPLOAD_DIR": uploads, "BACKUP_DIR": schedule_dir, "BACKUP_EVERY": f"{SCHEDULE_EVERY_S}s",
           "BACKUP_KEEP": str(SCHEDULE_KEEP), "RUST_LOG": "info"}

    source = Database(args.database, name, args.database_url)
    admin_url = getattr(source, "admin_url", None)
    servers = [Server(source, f"{name}-{i}", env, args.binary) for i in range(args.processes)]
    restored_db = None
    restored = None
    problems: list[str] = []
    try:
        for server in servers:
            server.start()
        session = Session(servers[0].base)
        assert session.call("PUT", "/stores/settings/test-mode", {"testMode": True}).status == 200
        first_day = time.strftime("%Y-%m-%d", time.gmtime())
        base_orders, base_sales = overview(servers[0].base, session, first_day, first_day)
        products = session.call("GET", f"/public/stores/{STORE}/products?limit=100").json
        products = products["products"] if isinstance(products, dict) else products
        variants = [{"product": p["id"], "id": v["id"]} for p in products for v in p.get("variants") or []
                    if v.get("available")]
        assert variants, "no variant in stock"
        load = Load()
        threads = []
        for n in range(writers):
            base = servers[n % len(servers)].base
            threads.append(threading.Thread(target=checkout_client, args=(load, base, variants, args.seed + n),
                                            daemon=True))
            theme = session.call("POST", "/stores/onlinestore/template/hydro", {}).json
            record = session.call("GET", f"/stores/onlinestore/themes/{theme['id']}/config").json[0]
            threads.append(threading.Thread(target=theme_client,
                                            args=(load, session, servers[(n + 1) % len(servers)].base, n, theme,
                                                  record["config"]), daemon=True))
            threads.append(threading.Thread(target=ingest_client,
                                            args=(load, servers[(n + 2) % len(servers)].base, session.store, n),
                                            daemon=True))
        for t in threads:
            t.start()
        time.sleep(args.before)
        # The backup, by the command an operator runs, while every writer keeps writing.
        backup_began = time.monotonic()
        made = subprocess.run([args.binary, "backup", backup_dir], env=servers[0].env, cwd=harness.ROOT,
                              capture_output=True, text=True, timeout=300)
        backup_ended = time.monotonic()
        print(made.stdout.strip() or made.stderr.strip())
        assert made.returncode == 0, f"server backup failed: {made.stderr.strip()[-500:]}"
        time.sleep(args.after)
        for server in servers:
            server.kill()
        killed = time.monotonic()
        load.stop.set()
        for t in threads:
            t.join(timeout=30)
        schedule, schedule_problems = scheduled(servers, schedule_dir, source)
        problems += schedule_problems

        # A restore over the killed server's database (live: it has accounts) is refused.
        refused = subprocess.run([args.binary, "restore", backup_dir], env=servers[0].env, cwd=harness.ROOT,
                                 capture_output=True, text=True, timeout=300)
        if refused.returncode == 0 or "--force" not in refused.stderr:
            problems.append(f"a restore over the live database was not refused: {refused.stderr.strip()[-300:]}")

        # The restore, into a fresh database and uploads folder, and a server on them.
        restored_db = Database(args.database, f"{name}-restored", admin_url)
        restored_uploads = os.path.join(work, "restored-uploads")
        restored_env = dict(env, UPLOAD_DIR=restored_uploads)
        restored = Server(restored_db, f"{name}-restored", restored_env, args.binary)
        restore_began = time.monotonic()
        brought = subprocess.run([args.binary, "restore", backup_dir], env=restored.env, cwd=harness.ROOT,
                                 capture_output=True, text=True, timeout=300)
        print(brought.stdout.strip() or brought.stderr.strip())
        assert brought.returncode == 0, f"server restore failed: {brought.stderr.strip()[-500:]}"
        restore_seconds = time.monotonic() - restore_began
        restored.start()

        # The oracle: every write acknowledged before the backup began is there, none sent after
        # it ended is; one in between may be either, and the oracle counts it as the database has it.
        def split(items: list[dict]) -> tuple[list[dict], list[dict], list[dict]]:
            before = [i for i in items if i["acked"] < backup_began]
            after = [i for i in items if i["sent"] > backup_ended]
            between = [i for i in items if i not in before and i not in after]
            return before, between, after

        orders_in = present(restored_db, "SELECT id FROM orders WHERE id IN ", [o["id"] for o in load.orders])
        sessions_in = present(restored_db, "SELECT DISTINCT session_id FROM analytics_events WHERE session_id IN ",
                              [b["session"] for b in load.batches])
        versions: dict[tuple[str, int], str] = {}
        for theme in {s["theme"] for s in load.saves}:
            for v, config in restored_db.query(f"SELECT version, config FROM theme_versions WHERE theme_id = '{theme}'"):
                versions[(theme, int(v))] = config
        # A theme keeps its newest 50 versions (THEME_VERSIONS_KEPT): a save is there when its
        # version is, whole, or when newer saves of its theme are there and pushed it out.
        newest = {}
        for (theme, v) in versions:
            newest[theme] = max(newest.get(theme, 0), v)
        saves_in = {s["marker"] for s in load.saves
                    if ((s["theme"], s["version"]) in versions
                        and json.loads(versions[(s["theme"], s["version"])]) == s["config"])
                    or ((s["theme"], s["version"]) not in versions
                        and s["version"] + THEME_VERSIONS_KEPT <= newest.get(s["theme"], 0))}
        figures = {}
        lost = 0
        late = 0
        for kind, items, key, found in (("orders", load.orders, "id", orders_in),
                                        ("theme saves", load.saves, "marker", saves_in),
                                        ("event batches", load.batches, "session", sessions_in)):
            before, between, after = split(items)
            missing = [i[key] for i in before if i[key] not in found]
            extra = [i[key] for i in after if i[key] in found]
            lost += len(missing)
            late += len(extra)
            if missing:
                problems.append(f"{len(missing)} {kind} acknowledged before the backup are missing: {missing[:3]}")
            if extra:
                problems.append(f"{len(extra)} {kind} sent after the backup are in it: {extra[:3]}")
            figures[kind] = (len(before), sum(1 for i in between if i[key] in found), len(between), len(after))
        # The theme saves: each theme at its newest restored version, and the drill's saves whole.
        problems += invariants(restored_db)
        expected_orders = base_orders + len(orders_in)
        expected_sales = base_sales + sum(o["total"] for o in load.orders if o["id"] in orders_in)
        last_day = time.strftime("%Y-%m-%d", time.gmtime())
        # The owner signs in to the restored server with the password set before the backup.
        rsession = Session.__new__(Session)
        rsession.base, rsession.secrets, rsession.password = restored.base, [], session.password
        rsession.sign_in()
        got_orders, got_sales = overview(restored.base, rsession, first_day, last_day)
        if (got_orders, got_sales) != (expected_orders, expected_sales):
            problems.append(f"the restored Overview shows {got_orders} orders and {got_sales} in sales, the oracle "
                            f"{expected_orders} and {expected_sales} (minor units)")
        secrets = session.secrets + rsession.secrets
    finally:
        for server in servers:
            server.kill()
        if restored:
            restored.stop()
    integrity = restored_db.integrity() if restored_db else "not restored"
    leaks = harness.grep_secrets([s.log_path for s in servers] + [restored.log_path], secrets)
    problems += leaks
    problems += load.errors
    for db in (source, restored_db):
        if db:
            db.close()
    elapsed = time.monotonic() - started
    where = f"{args.database}, {args.processes} process{'es' if args.processes > 1 else ''}"
    written = ", ".join(f"{b} {kind}" for kind, (b, _, _, _) in figures.items())
    between = ", ".join(f"{inside}/{n} {kind}" for kind, (_, inside, n, _) in figures.items())
    after = ", ".join(f"{a} {kind}" for kind, (_, _, _, a) in figures.items())
    print(f"restore drill ({where}, seed {args.seed}): acknowledged before the backup {written}; during it "
          f"(in the copy/all) {between}; sent after it {after} (present {late}); backup "
          f"{backup_ended - backup_began:.1f} s, kill {killed - backup_ended:.1f} s after it, restore "
          f"{restore_seconds:.1f} s; lost {lost}; Overview {got_orders} orders, {got_sales / 100:.2f} sales "
          f"(oracle {expected_orders}, {expected_sales / 100:.2f}); integrity {integrity}; scheduled backups "
          f"{schedule['taken']} taken, each by one process (of {schedule['takers']} that took any), "
          f"{schedule['kept']} kept; secrets in the logs "
          f"{len(leaks)}; {elapsed:.0f} s in all")
    for line in problems[:30]:
        print("  " + line)
    ok = not problems and lost == 0 and integrity in ("ok", "n/a (PostgreSQL)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
