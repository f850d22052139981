#!/usr/bin/env python3
"""Crash durability: several clients save themes (If-Match) and request payouts
(Idempotency-Key) while the server is killed with SIGKILL at random moments and restarted on the
same database, until `--writes` writes were acknowledged. Then every acknowledged write must be
there exactly as sent, nothing may be half-applied, an unacknowledged write is wholly there or
wholly absent, and SQLite's integrity check passes. The server's log is grepped for secrets.

    python3 reliability/crash.py                          # small: 60 writes, 3 kills, SQLite
    python3 reliability/crash.py --database postgres      # the same on a throw-away PostgreSQL
    python3 reliability/crash.py --writes 1000 --kills 30 # long
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time

import harness
from harness import Database, Server, Session


class Run:
    def __init__(self, server: Server, writes: int, kills: int, seed: int):
        self.server = server
        self.target = writes
        self.lock = threading.Lock()
        self.server_up = threading.Event()
        self.server_up.set()
        self.acked = 0
        self.rng = random.Random(seed)
        # Kill moments: acknowledged-write counts spread over the run, each followed by a
        # random delay so that the kill lands inside requests in flight.
        self.kill_points = sorted(self.rng.sample(range(max(2, writes // 10), max(3, writes * 9 // 10)),
                                                  min(kills, max(1, writes * 8 // 10))))
        self.kills = 0
        self.theme_saves: list[dict] = []     # acknowledged
        self.theme_unknown: list[dict] = []   # sent, no answer (a kill)
        self.payouts: list[dict] = []         # acknowledged
        self.payout_unknown: list[dict] = []  # sent, no answer, not retried
        self.retried_payouts = 0
        self.errors: list[str] = []
        self.done = threading.Event()

    def ack(self) -> None:
        with self.lock:
            self.acked += 1
            if self.acked >= self.target:
                self.done.set()

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)

    def wait_for_server(self) -> None:
        self.server_up.wait(timeout=180)

    def killer(self) -> None:
        for point in self.kill_points:
            while self.acked < point and not self.done.is_set():
                time.sleep(0.002)
            if self.done.is_set():
                return
            time.sleep(self.rng.uniform(0, 0.03))
            self.server_up.clear()
            self.server.kill()
            self.kills += 1
            self.server.start()
            self.server_up.set()


def theme_client(run: Run, session: Session, n: int, theme: dict, template: dict, seed: int) -> None:
    rng = random.Random(seed)
    version = theme["version"]
    seq = 0
    path = f"/stores/onlinestore/themes/{theme['id']}/config/{theme['configId']}"
    while not run.done.is_set():
        seq += 1
        config = json.loads(json.dumps(template))
        marker = f"crash c{n} s{seq}"
        config["name"] = marker
        config["_meta"]["revision"] = seq
        config["settings"]["colors"]["color_buy_now"] = "#%06X" % rng.randrange(0x1000000)
        save = {"theme": theme["id"], "marker": marker, "config": config, "base": version}
        try:
            reply = session.call("PUT", path, config, {"if-match": f'"{version}"'})
        except OSError:
            run.wait_for_server()
            # Where did it go? Only this client writes this theme.
            current = None
            while current is None:
                try:
                    current = session.call("GET", f"/stores/onlinestore/themes/{theme['id']}/config")
                except OSError:
                    run.wait_for_server()
            record = current.json[0]
            save["present"] = record["config"].get("name") == marker
            save["version"] = record["version"] if save["present"] else None
            if not save["present"] and record["version"] != version:
                run.error(f"theme {theme['id']}: version {record['version']} after a lost save on {version}")
            version = record["version"]
            run.theme_unknown.append(save)
            continue
        if reply.status != 200:
            run.error(f"theme save answered {reply.status}: {reply.text[:200]}")
            time.sleep(0.1)
            continue
        version = reply.json["version"]
        save["version"] = version
        run.theme_saves.append(save)
        run.ack()


def payout_client(run: Run, session: Session, n: int, card: str | None, seed: int) -> None:
    rng = random.Random(seed)
    seq = 0
    while not run.done.is_set():
        seq += 1
        key = f"crash-{n}-{seq}-{rng.randrange(1 << 30):x}"
        cents = rng.randrange(100, 250)
        body = {"amount": cents / 100}
        if card and rng.random() < 0.5:
            body["cardId"] = card
        retry_after_crash = rng.random() < 0.5
        while True:
            try:
                reply = session.call("POST", "/stores/payout/v2/payout-request", body,
                                     {"idempotency-key": key})
                break
            except OSError:
                run.wait_for_server()
                if not retry_after_crash:
                    reply = None
                    break
                run.retried_payouts += 1
        if reply is None:
            run.payout_unknown.append({"key": key, "cents": cents})
            continue
        if reply.status != 201:
            run.error(f"payout {key} answered {reply.status}: {reply.text[:200]}")
            time.sleep(0.1)
            continue
        run.payouts.append({"key": key, "cents": cents, "id": reply.json["id"],
                            "card": body.get("cardId")})
        run.ack()


def minor(amount: float) -> int:
    return round(amount * 100)


def verify(run: Run, db: Database, session: Session, pending_before: int, started_ms: int) -> dict:
    lost = 0
    half = 0
    problems: list[str] = []
    # Themes: every version row is whole, the current config is the newest version's, and each
    # save is there exactly as sent (acknowledged) or wholly there or absent (unknown).
    themes = sorted({s["theme"] for s in run.theme_saves + run.theme_unknown})
    versions: dict[tuple[str, int], dict] = {}
    for theme in themes:
        rows = db.query(f"SELECT version, config FROM theme_versions WHERE theme_id = '{theme}' ORDER BY version")
        numbers = [int(v) for v, _ in rows]
        if numbers != list(range(1, len(numbers) + 1)):
            half += 1
            problems.append(f"theme {theme}: versions {numbers[:5]}... not 1..n")
        for v, config in rows:
            versions[(theme, int(v))] = json.loads(config)
        current = db.query(f"SELECT version, config FROM theme_configs WHERE theme_id = '{theme}'")
        if len(current) != 1:
            half += 1
            problems.append(f"theme {theme}: {len(current)} current configs")
            continue
        cv, cconfig = int(current[0][0]), json.loads(current[0][1])
        if not numbers or cv != numbers[-1] or versions.get((theme, cv)) != cconfig:
            half += 1
            problems.append(f"theme {theme}: current config {cv} is not its newest version")
    sent = {s["marker"]: s for s in run.theme_saves + run.theme_unknown}
    for (theme, v), config in versions.items():
        name = config.get("name", "")
        if name.startswith("crash ") and (name not in sent or sent[name]["config"] != config):
            half += 1
            problems.append(f"theme {theme} version {v}: a config never sent whole ({name})")
    for save in run.theme_saves:
        if versions.get((save["theme"], save["version"])) != save["config"]:
            lost += 1
            problems.append(f"acknowledged save {save['marker']} (version {save['version']}) lost")
    unknown_present = 0
    for save in run.theme_unknown:
        found = [v for (t, v), c in versions.items() if t == save["theme"] and c.get("name") == save["marker"]]
        if save["present"]:
            unknown_present += 1
            if found != [save["version"]] or versions[(save["theme"], found[0])] != save["config"]:
                half += 1
                problems.append(f"unacknowledged save {save['marker']} not whole")
        elif found:
            half += 1
            problems.append(f"unacknowledged save {save['marker']} appeared later")
    # Payouts: one row per acknowledged payout with its amount; every key has its answer and
    # every payout its key; an unacknowledged one is wholly there (key, answer, payout) or not.
    rows = db.query(
        f"SELECT id, amount_minor, status FROM payout_requests WHERE store_id = '{session.store}' "
        f"AND created_at >= {started_ms}")
    payout_rows: dict[str, int] = {}
    for pid, amount, _status in rows:
        if pid in payout_rows:
            half += 1
        payout_rows[pid] = int(amount)
    keys = db.query(
        "SELECT idem_key, response_status, response_body FROM idempotency_keys "
        f"WHERE store_id = '{session.store}' AND idem_key LIKE 'crash-%'")
    key_answers: dict[str, dict | None] = {}
    referenced: dict[str, int] = {}
    for key, status, body in keys:
        if not status:
            half += 1
            problems.append(f"key {key}: claimed without an answer")
            key_answers[key] = None
            continue
        answer = json.loads(body)
        key_answers[key] = answer
        if status == "201":
            referenced[answer["id"]] = referenced.get(answer["id"], 0) + 1
            if payout_rows.get(answer["id"]) != minor(answer["amount"]):
                half += 1
                problems.append(f"key {key}: its payout {answer['id']} is missing or differs")
    for pid in payout_rows:
        if referenced.get(pid) != 1:
            half += 1
            problems.append(f"payout {pid}: answered by {referenced.get(pid, 0)} keys")
    for p in run.payouts:
        if payout_rows.get(p["id"]) != p["cents"]:
            lost += 1
            problems.append(f"acknowledged payout {p['key']} lost")
        answer = key_answers.get(p["key"])
        if not answer or answer.get("id") != p["id"]:
            lost += 1
            problems.append(f"acknowledged payout {p['key']}: the key's answer differs")
    unknown_payouts_present = 0
    for p in run.payout_unknown:
        answer = key_answers.get(p["key"])
        if answer is not None:
            unknown_payouts_present += 1
            if payout_rows.get(answer.get("id")) != p["cents"]:
                half += 1
                problems.append(f"unacknowledged payout {p['key']} not whole")
    # The balance agrees with the ledger: the pending payouts grew by exactly the payouts made.
    balance = session.call("GET", "/stores/payout/v2/balance").json
    made = sum(payout_rows.values())
    if minor(balance["pendingPayouts"]) != pending_before + made:
        half += 1
        problems.append(f"balance: pending {balance['pendingPayouts']} is not {(pending_before + made) / 100}")
    if minor(balance["availableToPayout"]) != minor(balance["earned"]) - minor(balance["pendingPayouts"]) - minor(balance["paidPayouts"]):
        half += 1
        problems.append("balance: available is not earned less payouts")
    return {
        "lost": lost,
        "half": half,
        "problems": problems,
        "unknown_present": unknown_present + unknown_payouts_present,
        "unknown": len(run.theme_unknown) + len(run.payout_unknown),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--writes", type=int, default=60, help="acknowledged writes to reach")
    parser.add_argument("--kills", type=int, default=3, help="SIGKILLs during the run")
    parser.add_argument("--clients", type=int, default=4, help="concurrent clients (half themes, half payouts)")
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--postgres-url", help="an admin URL of a running PostgreSQL (default: a throw-away one)")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args()

    name = f"crash-{args.database}"
    db = Database(args.database, name, args.postgres_url)
    # The full demo catalog: its 320 orders make a balance that 1,000 payouts cannot exhaust.
    server = Server(db, name, {"STORELOOM_DEMO_CATALOG": "1"})
    try:
        server.start()
        session = Session(server.base)
        card = session.call("POST", "/stores/payout/card/",
                            {"holder": "Olivia Nguyen", "number": harness.CARD_NUMBERS[0],
                             "expMonth": 12, "expYear": 2035}).json["id"]
        session.call("POST", "/stores/payout/card/",
                     {"holder": "Olivia Nguyen", "number": harness.CARD_NUMBERS[1],
                      "expMonth": 11, "expYear": 2034})
        pending_before = minor(session.call("GET", "/stores/payout/v2/balance").json["pendingPayouts"])
        started_ms = int(time.time() * 1000) - 1000
        run = Run(server, args.writes, args.kills, args.seed)
        threads = []
        theme_clients = max(1, args.clients // 2)
        for n in range(args.clients):
            if n < theme_clients:
                theme = session.call("POST", "/stores/onlinestore/template/hydro", {}).json
                record = session.call("GET", f"/stores/onlinestore/themes/{theme['id']}/config").json[0]
                target, a = theme_client, (run, session, n, theme, record["config"], args.seed + n)
            else:
                target, a = payout_client, (run, session, n, card, args.seed + n)
            threads.append(threading.Thread(target=target, args=a, daemon=True))
        killer = threading.Thread(target=run.killer, daemon=True)
        started = time.time()
        for t in threads + [killer]:
            t.start()
        for t in threads:
            t.join()
        killer.join()
        elapsed = time.time() - started
        run.wait_for_server()
        result = verify(run, db, session, pending_before, started_ms)
    finally:
        server.stop()
    integrity = db.integrity()
    leaks = harness.grep_secrets([server.log_path], session.secrets + harness.CARD_NUMBERS
                                 + [" ".join(c[i:i + 4] for i in range(0, 16, 4)) for c in harness.CARD_NUMBERS])
    db.close()
    acked = len(run.theme_saves) + len(run.payouts)
    print(f"crash durability ({args.database}, seed {args.seed}): {acked} writes acknowledged "
          f"({len(run.theme_saves)} theme saves, {len(run.payouts)} payouts, {run.retried_payouts} payout "
          f"retries after a kill) in {elapsed:.1f} s, {run.kills} kills, "
          f"{result['unknown']} unacknowledged ({result['unknown_present']} wholly present, "
          f"{result['unknown'] - result['unknown_present']} wholly absent), lost {result['lost']}, "
          f"half-applied {result['half']}, errors {len(run.errors)}, integrity {integrity}, "
          f"secrets in the log {len(leaks)}")
    for line in (result["problems"] + run.errors + leaks)[:30]:
        print("  " + line)
    ok = (result["lost"] == 0 and result["half"] == 0 and not run.errors and not leaks
          and integrity in ("ok", "n/a (PostgreSQL)") and run.kills == len(run.kill_points))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
