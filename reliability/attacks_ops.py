"""Attacks on the operators' parts (issue 50, see attacks.py): the metrics scrape read without its
token or blown up by made-up paths, and the pruning asked to forget the sign-in failures that
lock an account."""

from __future__ import annotations

import re
import secrets
import time

import harness
from attackkit import Target, attack, parallel

SELLER = "seller@example.com"
TOKEN = "metrics-" + secrets.token_hex(12)


def scrape(target: Target, token: str | None) -> harness.Reply:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    return target.raw("GET", "/metrics", headers=headers)


def series(text: str) -> list[str]:
    """The scrape's series: each sample line's name and labels, without its value."""
    return [line.rsplit(" ", 1)[0] for line in text.splitlines() if line and not line.startswith("#")]


@attack(env={"METRICS_TOKEN": TOKEN})
def metrics_need_their_token(target: Target) -> dict:
    """The public port's /metrics without the token, with a wrong one, with it in the query
    string or as Basic credentials: none of them reads a figure."""
    tries = {
        "none": scrape(target, None),
        "wrong": scrape(target, TOKEN[:-1] + ("0" if TOKEN[-1] != "0" else "1")),
        "longer": scrape(target, TOKEN + "x"),
        "query": target.raw("GET", f"/metrics?token={TOKEN}"),
        "basic": target.raw("GET", "/metrics", headers={"authorization": f"Basic {TOKEN}"}),
    }
    leaked = {name: r.status for name, r in tries.items() if r.status == 200 or "http_requests" in r.text}
    assert not leaked, f"/metrics answered without its token: {leaked}"
    right = scrape(target, TOKEN)
    assert right.status == 200 and series(right.text), f"the right token: {right.status}"
    assert TOKEN not in right.text, "the scrape shows the token"
    return {"attempts": "/metrics with no token, a wrong one, a longer one, in the query, as Basic",
            "result": ", ".join(f"{name} {r.status}" for name, r in tries.items()) + "; the token 200"}


@attack(env={"METRICS_TOKEN": TOKEN})
def metrics_series_stay_bounded_under_made_up_paths(target: Target) -> dict:
    """Two rounds of 1,000 anonymous requests, each to a path of its own (API ids, unknown API
    paths, store names, admin pages, upload names): the second round, of the same kinds, must
    add no series (a series per path grows without end), and no scrape shows what was sent."""
    paths = [
        lambda m: f"/api/stores/catalogs/{m}",
        lambda m: f"/api/nothing-{m}",
        lambda m: f"/s/{m}/products/{m}",
        lambda m: f"/admin/{m}",
        lambda m: f"/uploads/{m}.png",
    ]

    def round_of(n: int) -> tuple[list[str], list[str], str]:
        marks = [secrets.token_hex(6) for _ in range(n)]

        def send(i: int) -> int:
            for j in range(i, n, 20):
                target.raw("GET", paths[j % len(paths)](marks[j]))
            return 0

        parallel(20, send)
        text = scrape(target, TOKEN).text
        return marks, series(text), text

    before = series(scrape(target, TOKEN).text)
    first_marks, first, first_text = round_of(1_000)
    second_marks, second, second_text = round_of(1_000)
    shown = [m for m in first_marks if m in first_text] + [m for m in second_marks if m in second_text]
    assert not shown, f"{len(shown)} of the made-up paths show in the scrape, e.g. {shown[0]}"
    added = len(set(second) - set(first))
    assert added <= 20, f"1,000 more made-up paths of the same kinds added {added} series"
    return {"attempts": "2 rounds of 1,000 anonymous requests to made-up paths",
            "result": f"{len(before)} series before, {len(first)} after the first round, "
                      f"{len(second)} after the second ({added} new); none names a path"}


@attack(env={"RETAIN_ENDED_ACCESS": "1s", "MAINTENANCE_EVERY": "1s"})
def pruning_keeps_the_failures_that_lock(target: Target) -> dict:
    """With sign-in failures kept one second and the pruning every second, ten wrong passwords
    lock the account; the attacker waits for the pruning to forget them and tries again."""
    for i in range(10):
        reply = target.call("POST", "/auth/login", {"email": SELLER, "password": f"wrong-{i}"})
        assert reply.status in (401, 429), f"wrong password {i}: {reply.status} {reply.text}"
    time.sleep(4)
    with open(target.servers[0].log_path) as log:
        pruned = len(re.findall(r"Pruned \{", log.read()))
    again = target.call("POST", "/auth/login", {"email": SELLER, "password": harness.DEMO_PASSWORD})
    assert again.status == 429, (f"after {pruned} pruning runs the locked account signed in "
                                 f"({again.status}): the pruning forgot its failures")
    return {"attempts": "10 wrong passwords, then 4 s of pruning every second with a 1 s retention",
            "result": f"{pruned} pruning runs; the right password still 429 "
                      f"(Retry-After {again.headers.get('retry-after')} s)"}


ATTACKS = [
    metrics_need_their_token,
    metrics_series_stay_bounded_under_made_up_paths,
    pruning_keeps_the_failures_that_lock,
]
