#!/usr/bin/env python3
"""A stand-in for the server's analytics benchmark command, to test bench.py's --ours hook.

It speaks the same contract (see README.md): `fake_ours.py --source FILE --plan FILE --runs N`
prints {"cases": [{"name", "paths": {"rollup": {...}, "raw": {...}}}]}. Both of its paths
simply query the SQLite file; the figures say nothing about the server. With
FAKE_OURS_BREAK=1 it changes one count, to show how bench.py reports a mismatch.
Standard library only.
"""

import argparse
import json
import os
import sqlite3
import statistics
import time


def overview(con: sqlite3.Connection, case: dict, page_size: int) -> dict:
    stores = ",".join(str(s) for s in case["stores"])
    out = {}
    for side in ("current", "previous"):
        p = case[side]
        where = (
            f"store_id IN ({stores}) AND at >= {p['start_ms']} AND at < {p['end_ms']} AND first = 1"
        )
        funnel = [0] * 5
        for kind, n in con.execute(
            f"SELECT kind, COUNT(*) FROM events WHERE {where} GROUP BY kind"
        ):
            funnel[kind - 1] = n
        countries = dict(
            con.execute(
                f"SELECT country, COUNT(*) FROM events WHERE {where} AND kind = 1 GROUP BY country ORDER BY country"
            )
        )
        paid = (
            f"store_id IN ({stores}) AND financial_status = 'paid'"
            f" AND paid_at >= {p['start_ms']} AND paid_at < {p['end_ms']}"
        )
        edges = p["bucket_starts"] + [p["end_ms"]]
        sales = [
            con.execute(
                f"SELECT COALESCE(SUM(total_minor), 0) FROM orders WHERE {paid}"
                f" AND paid_at >= {a} AND paid_at < {b}"
            ).fetchone()[0]
            for a, b in zip(edges, edges[1:])
        ]
        count = con.execute(f"SELECT COUNT(*) FROM orders WHERE {paid}").fetchone()[0]
        ids = [
            r[0]
            for r in con.execute(
                f"SELECT id FROM orders WHERE {paid} ORDER BY paid_at DESC, id DESC LIMIT {page_size}"
            )
        ]
        out[side] = {
            "funnel": funnel,
            "countries": countries,
            "sales_minor": sales,
            "total_sales_minor": sum(sales),
            "orders": count,
            "paid_orders": ids,
            "paid_orders_count": count,
        }
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--plan", required=True)
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args()
    with open(args.plan) as f:
        plan = json.load(f)
    con = sqlite3.connect(f"file:{args.source}?mode=ro", uri=True)
    cases = []
    for case in plan["cases"]:
        paths = {}
        for path in ("rollup", "raw"):
            result = overview(con, case, plan["page_size"])
            times = []
            for _ in range(max(1, min(args.runs, 5))):
                t = time.perf_counter()
                overview(con, case, plan["page_size"])
                times.append((time.perf_counter() - t) * 1000)
            times.sort()
            paths[path] = {
                "median_ms": statistics.median(times),
                "p95_ms": times[-1],
                "result": result,
            }
        if os.environ.get("FAKE_OURS_BREAK") == "1" and not cases:
            paths["rollup"]["result"]["current"]["funnel"][0] += 1
        cases.append({"name": case["name"], "paths": paths})
    print(json.dumps({"cases": cases}))


if __name__ == "__main__":
    main()
