#!/usr/bin/env python3
"""The attacks: each hole an attacker found in the product (sign-in, staff scopes, money,
tenancy, domains, limits), tried again against the real server. Every attack prints what it tried
and what came back, and fails when the hole is open. The attacks live in `attacks_*.py` beside
this file, one module per area; each is a function of a `Target` (one or more server processes on
one database, called in turn) that returns a row for RELIABILITY.md's Attacks table.

    python3 reliability/attacks.py                          # every attack, SQLite, one process
    python3 reliability/attacks.py --database postgres      # every attack on PostgreSQL
    python3 reliability/attacks.py --database postgres --processes 3 --concurrency
                                                            # the races against three processes
    python3 reliability/attacks.py --only lockout           # the attacks whose name has 'lockout'
    python3 reliability/attacks.py --binary OLD/server      # against a build of an older commit
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback

import harness
from harness import Database
from attackkit import Target

import attacks_access
import attacks_billing
import attacks_domains
import attacks_limits
import attacks_live
import attacks_ops
import attacks_plans
import attacks_shop

MODULES = [attacks_access, attacks_shop, attacks_domains, attacks_billing, attacks_limits, attacks_plans, attacks_live, attacks_ops]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--database-url", help="an existing PostgreSQL server's admin URL")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--concurrency", action="store_true",
                        help="only the attacks that race (the multi-process set)")
    parser.add_argument("--only", help="only the attacks whose name contains this")
    parser.add_argument("--json", help="write the rows to this file")
    parser.add_argument("--binary", default=harness.SERVER,
                        help="the server to attack (e.g. one built from an older commit)")
    args = parser.parse_args()

    attacks = [a for module in MODULES for a in module.ATTACKS]
    if args.concurrency:
        attacks = [a for a in attacks if getattr(a, "races", False)]
    if args.only:
        attacks = [a for a in attacks if args.only in a.__name__]
    if args.processes > 1 and args.database == "sqlite":
        print("note: several processes on one SQLite file share it through SQLite's locks")

    database_root = None
    if args.database == "postgres" and not args.database_url:
        database_root = Database("postgres", "attacks-root")
        args.database_url = database_root.admin_url
    rows, failures = [], []
    started = time.time()
    for attack in attacks:
        name = attack.__name__
        database = Database(args.database, f"attack-{name}", args.database_url)
        target = None
        begun = time.time()
        print(f"--- {name}: {attack.__doc__.strip().splitlines()[0]}", flush=True)
        try:
            target = Target(database, f"attack-{name}", args.processes, getattr(attack, "env", None),
                            args.binary)
            row = attack(target)
            row.setdefault("attack", name)
            row["seconds"] = round(time.time() - begun, 1)
            rows.append(row)
            print(f"    held: {row['attempts']} -> {row['result']} ({row['seconds']} s)", flush=True)
        except Exception as e:  # noqa: BLE001 - report every attack, then fail
            failures.append((name, str(e)))
            print(f"    OPEN: {e}", flush=True)
            traceback.print_exc(limit=3)
        finally:
            if target:
                target.stop()
    if database_root:
        database_root.close()

    print(f"\n{len(rows)} attacks held, {len(failures)} open "
          f"({args.database}, {args.processes} process{'es' if args.processes > 1 else ''}, "
          f"{time.time() - started:.0f} s)")
    for row in rows:
        print(f"  {row['attack']}: {row['attempts']} -> {row['result']}")
    for name, why in failures:
        print(f"  OPEN: {name}: {why}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": rows, "open": [{"attack": n, "why": w} for n, w in failures]}, f, indent=1)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
