#!/usr/bin/env python3
"""Secrets in logs: greps the servers' captured logs of a run for passwords, tokens and card
numbers. By default the logs of the end-to-end run (target/e2e/server-*.log, written by
ui/playwright.config.ts) and of the crash and load scripts (target/reliability/*.log).

    python3 reliability/logs.py            # every captured log found
    python3 reliability/logs.py FILE...    # these logs
"""

from __future__ import annotations

import glob
import os
import sys

import harness

# The passwords and card numbers the end-to-end specs type (ui/e2e/*.spec.ts), besides the demo
# password and whatever has a secret's shape (harness.SHAPES).
E2E_VALUES = ["storeloom-new-1", "newshop1", "designer2", "designer3", "packer1",
              "4242 4242 4242 4241", "4242424242424241", "5555 5555 5555 4444", "5555555555554444"]


def main() -> int:
    paths = sys.argv[1:] or sorted(
        glob.glob(os.path.join(harness.ROOT, "target", "e2e", "server-*.log"))
        + glob.glob(os.path.join(harness.WORK, "*.log")))
    if not paths:
        print("secrets in logs: no captured log found (run the end-to-end tests or the crash script first)")
        return 1
    lines = 0
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines += sum(1 for _ in f)
    found = harness.grep_secrets(paths, E2E_VALUES + harness.CARD_NUMBERS)
    print(f"secrets in logs: {len(paths)} logs, {lines} lines, secrets found {len(found)}")
    for line in found:
        print("  " + line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
