"""The Schemathesis run's one known flake, reproduced and measured: Hypothesis builds a lambda's
description (internal/lambda_sources.py) by iterating `sys.modules.items()`; a module imported
by another thread meanwhile stops it with `RuntimeError: dictionary changed size during
iteration`. With `--workers 2` the other thread is the second worker.

    target/schemathesis/venv/bin/python reliability/schemathesis/lambda_race.py [--trials 20]

Each trial runs the description builder in one thread for a second while a second thread
imports (adds and removes modules in `sys.modules`), once without hooks.py's guard and once with
it, and prints in how many trials the error struck each way. Exits 1 if it struck with the
guard.
"""

import argparse
import ast
import importlib.util
import json
import os
import sys
import threading
import time
import types

import hypothesis.internal.lambda_sources as lambda_sources

HERE = os.path.dirname(os.path.abspath(__file__))


def trial(seconds: float) -> bool:
    """True when the race struck within `seconds`."""
    describe = lambda value: json.dumps(value)  # noqa: E731 (a lambda is the subject)
    node = next(n for n in ast.walk(ast.parse("describe = lambda value: json.dumps(value)"))
                if isinstance(n, ast.Lambda))
    stop = threading.Event()

    def importer() -> None:
        # An import adds its module and gives the GIL up while it loads the next one (a file
        # read): the other thread then runs with `sys.modules` one entry larger than before.
        i = 0
        while not stop.is_set():
            name = f"_lambda_race_{i % 64}"
            sys.modules[name] = types.ModuleType(name)
            time.sleep(0)
            del sys.modules[name]
            time.sleep(0)
            i += 1

    thread = threading.Thread(target=importer)
    thread.start()
    struck = False
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            lambda_sources._module_map = {}
            try:
                lambda_sources._mimic_lambda_from_node(describe, node)
            except RuntimeError as error:
                if "changed during iteration" in str(error) or "changed size during iteration" in str(error):
                    struck = True
                    break
                raise
    finally:
        stop.set()
        thread.join()
    return struck


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    sys.setswitchinterval(1e-5)  # thread switches as often as a busy run makes them

    before = sum(trial(args.seconds) for _ in range(args.trials))
    os.environ.setdefault("STORELOOM_API", "http://127.0.0.1:9/api")
    spec = importlib.util.spec_from_file_location("storeloom_hooks", os.path.join(HERE, "hooks.py"))
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    after = sum(trial(args.seconds) for _ in range(args.trials))
    print(f"lambda race: struck in {before} of {args.trials} trials without the guard, "
          f"{after} of {args.trials} with it ({args.seconds:g} s each)")
    return 1 if after else 0


if __name__ == "__main__":
    sys.exit(main())
