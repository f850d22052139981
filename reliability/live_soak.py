#!/usr/bin/env python3
"""Live co-editing's convergence soak (issue 47): `server live-soak` runs five editors (the
demo store's owner and designer) on one theme's live session for a while, spread over the
server processes started here, with random stream drops; halfway through, one process is killed
with SIGKILL and started again on the same database. The soak then checks that every editor
ends on the server's document, saw each sequence number once and in order, and that every
acknowledged command is in the session's log exactly once (server/src/commands/live_soak.rs).

    python3 reliability/live_soak.py                              # small: SQLite, 1 process, 15 s
    python3 reliability/live_soak.py --database postgres --processes 3 --seconds 60
    python3 reliability/live_soak.py --no-kill                    # without the kill
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import threading
import time

import harness
from harness import Database, Server


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--database-url", help="a PostgreSQL admin URL (else a throw-away server)")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--seconds", type=int, default=15)
    parser.add_argument("--editors", type=int, default=5)
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100_000)
    parser.add_argument("--no-kill", action="store_true")
    args = parser.parse_args()

    # Named by database, so that the SQLite and PostgreSQL runs can go side by side.
    database = Database(args.database, f"live-soak-{args.database}", args.database_url)
    servers = [Server(database, f"live-soak-{args.database}-{i}") for i in range(args.processes)]
    try:
        for server in servers:
            server.start()
        kills = []

        def kill_one() -> None:
            time.sleep(args.seconds / 2)
            victim = servers[0]
            started = time.time()
            victim.kill()
            kills.append(victim.pid())
            time.sleep(1)
            victim.start()
            kills.append(round(time.time() - started, 1))

        killer = None if args.no_kill else threading.Thread(target=kill_one)
        command = [harness.SERVER, "live-soak", "--bases", ",".join(s.base for s in servers),
                   "--seconds", str(args.seconds), "--editors", str(args.editors), "--seed", str(args.seed)]
        began = time.time()
        soak = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if killer:
            killer.start()
        out, err = soak.communicate(timeout=args.seconds + 240)
        if killer:
            killer.join()
        took = time.time() - began
        where = f"{args.database}, {args.processes} process{'es' if args.processes > 1 else ''}"
        if soak.returncode != 0:
            print(f"live soak FAILED ({where}, seed {args.seed}): {err.strip()[-2000:]}")
            return 1
        summary = json.loads(out.strip().splitlines()[-1])
        killed = "no kill" if args.no_kill else f"process 0 killed (SIGKILL) at {args.seconds / 2:.0f} s and back in {kills[1]} s"
        print(f"live soak held ({where}, {args.editors} editors, {args.seconds} s, {killed}, seed {args.seed}, {took:.0f} s): "
              f"head {summary['head']}, {summary['acknowledged']} commands acknowledged of {summary['edits tried']} edits "
              f"tried, every editor on the server's document, each command once")
        for name, figures in summary["each"].items():
            print(f"  {name}: {figures}")
        return 0
    finally:
        for server in servers:
            server.stop()
        database.close()


if __name__ == "__main__":
    sys.exit(main())
