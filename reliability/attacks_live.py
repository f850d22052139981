"""Attacks on live co-editing (issue 47, see attacks.py): editors racing for one head of a
theme's session, commands and presence aimed at another store's theme or sent without the
`themes` scope, and an author written into the body."""

from __future__ import annotations

from attackkit import Target, attack, parallel

OWNER = "owner@storeloom.dev"
DESIGNER = "designer@example.com"
ORDERS_STAFF = "orders@example.com"
SELLER = "seller@example.com"
THEMES = "/stores/onlinestore/themes"
HEADING = "/settings/product/heading"


def _headers(login: dict) -> dict[str, str]:
    return {"x-store-id": login["storeId"]}


def _theme(target: Target, login: dict) -> str:
    themes = target.call("GET", THEMES, token=login["accessToken"], headers=_headers(login)).json
    return next(t["id"] for t in themes if t["family"] == "hydro")


def _set(value: str) -> dict:
    return {"kind": "setField", "path": HEADING, "value": value}


def _send(target: Target, login: dict, theme: str, client: str, base: int, first: int, commands: list,
          store: str | None = None, extra: dict | None = None):
    body = {"clientId": client, "base": base, "firstClientSeq": first, "commands": commands, **(extra or {})}
    headers = {"x-store-id": store or login["storeId"]}
    return target.call("POST", f"{THEMES}/{theme}/live/commands", body, login["accessToken"], headers)


@attack(races=True)
def editors_racing_for_one_head_of_a_live_session(target: Target) -> dict:
    """Twelve editors (owner and designer, six tabs each) send at the same head at once, then
    each rebases and sends again until taken. Exactly one batch wins each head, none is stored
    twice, and the session's log holds every command once, in one order."""
    owner = target.sign_in(OWNER)
    designer = target.sign_in(DESIGNER)
    designer["storeId"] = owner["storeId"]
    theme = _theme(target, owner)
    joined = target.call("GET", f"{THEMES}/{theme}/live", token=owner["accessToken"], headers=_headers(owner))
    assert joined.status == 200, f"join: {joined.status} {joined.text[:200]}"
    start = joined.json["head"]
    editors = [(owner if i % 2 == 0 else designer, f"race-tab-{i:02d}") for i in range(12)]

    def first_try(i: int):
        login, client = editors[i]
        return _send(target, login, theme, client, start, 1, [_set(f"{client} a"), _set(f"{client} b")])

    replies = parallel(12, first_try)
    errors = [r for r in replies if isinstance(r, Exception)]
    assert not errors, f"{len(errors)} sends got no answer: {errors[:3]}"
    odd = [f"{r.status} {r.text[:120]}" for r in replies if r.status not in (200, 409)]
    assert not odd, f"answers that are neither 200 nor 409: {odd[:3]}"
    won = [i for i, r in enumerate(replies) if r.status == 200]
    assert len(won) == 1, f"{len(won)} batches were taken at head {start}"

    # The others catch up and send again, one after another, until each is taken.
    taken = {won[0]}
    for i, reply in enumerate(replies):
        if i in taken:
            continue
        login, client = editors[i]
        head = reply.json["head"]
        for _ in range(5):
            again = _send(target, login, theme, client, head, 1, [_set(f"{client} a"), _set(f"{client} b")])
            if again.status == 200:
                taken.add(i)
                break
            assert again.status == 409, f"{again.status} {again.text[:200]}"
            head = again.json["head"]
    assert len(taken) == 12, f"only {len(taken)} editors got their batch taken"
    final = target.call("GET", f"{THEMES}/{theme}/live", token=owner["accessToken"], headers=_headers(owner)).json
    assert final["head"] == start + 24, f"the head is {final['head']}, not {start + 24}"
    log = target.call("POST", f"{THEMES}/{theme}/live/commands",
                      {"clientId": "race-reader-1", "base": start, "firstClientSeq": 1, "commands": [_set("x")]},
                      owner["accessToken"], _headers(owner))
    assert log.status == 409, f"reading the log: {log.status}"
    seen = [(c["clientId"], c["clientSeq"]) for c in log.json["commands"]]
    assert len(seen) == len(set(seen)) == 24, f"{len(seen)} commands, {len(set(seen))} distinct"
    assert [c["seq"] for c in log.json["commands"]] == list(range(start + 1, start + 25))
    return {
        "attempts": "12 editors (two users, several processes) sending 2 commands each at one head at once",
        "result": f"1 batch taken at the head, 11 answered 409 with what they missed; after rebasing, "
                  f"the log holds 24 commands, each once, numbered {start + 1} to {start + 24}",
    }


@attack()
def live_sessions_of_another_store_or_without_the_themes_scope(target: Target) -> dict:
    """Another store's owner, staff without `themes`, and a forged author go at the demo store's
    live session: commands, the stream, presence."""
    owner = target.sign_in(OWNER)
    theme = _theme(target, owner)
    seller = target.sign_in(SELLER)
    orders = target.sign_in(ORDERS_STAFF)
    orders["storeId"] = owner["storeId"]
    body = [_set("Not yours")]
    outcomes = {}
    outcomes["another store's owner, naming their store"] = _send(target, seller, theme, "evil-tab-1", 0, 1, body).status
    outcomes["another store's owner, naming the demo store"] = _send(
        target, seller, theme, "evil-tab-1", 0, 1, body, store=owner["storeId"]).status
    outcomes["staff without themes"] = _send(target, orders, theme, "evil-tab-2", 0, 1, body).status
    stream = target.raw("GET", f"/api{THEMES}/{theme}/live/events?after=0",
                        {"authorization": f"Bearer {seller['accessToken']}", "x-store-id": seller["storeId"]})
    outcomes["another store's owner, the stream"] = stream.status
    presence = target.call("PUT", f"{THEMES}/{theme}/live/presence", {"clientId": "evil-tab-3"},
                           orders["accessToken"], _headers(orders))
    outcomes["staff without themes, presence"] = presence.status
    outcomes["staff without themes, save"] = target.call(
        "POST", f"{THEMES}/{theme}/live/save", None, orders["accessToken"], _headers(orders)).status
    outcomes["another store's owner, save"] = target.call(
        "POST", f"{THEMES}/{theme}/live/save", None, seller["accessToken"], _headers(seller)).status
    want = {"another store's owner, naming their store": 404, "another store's owner, naming the demo store": 404,
            "staff without themes": 403, "another store's owner, the stream": 404,
            "staff without themes, presence": 403, "staff without themes, save": 403,
            "another store's owner, save": 404}
    assert outcomes == want, f"{outcomes}"

    head = target.call("GET", f"{THEMES}/{theme}/live", token=owner["accessToken"], headers=_headers(owner)).json["head"]
    forged = _send(target, owner, theme, "owner-tab-9", head, 1, [_set("Mine")],
                   extra={"authorId": "someone-else", "authorName": "Someone Else"})
    assert forged.status == 200, f"{forged.status} {forged.text[:200]}"
    stored = forged.json["accepted"][0]
    assert stored["authorName"] != "Someone Else" and stored["authorId"] != "someone-else", stored
    # The demo store's presence by an id the owner's tab holds cannot be taken by the designer.
    target.call("PUT", f"{THEMES}/{theme}/live/presence", {"clientId": "owner-tab-9"}, owner["accessToken"],
                _headers(owner))
    designer = target.sign_in(DESIGNER)
    taken = target.call("PUT", f"{THEMES}/{theme}/live/presence", {"clientId": "owner-tab-9", "section": "x"},
                        designer["accessToken"], _headers(owner))
    assert taken.status == 403, f"taking another's presence: {taken.status}"
    return {
        "attempts": "commands, the stream and presence of the demo store's theme by another store's owner and "
                    "by staff without themes; an author and a presence id that are someone else's",
        "result": "404 for the other store (either store named), 403 without the scope; the author is the "
                  "signed-in user whatever the body says; another's presence id 403",
    }
REVIEW_HTML = "/pages/homepage/sections/product-review-1/settings/body_html"


@attack()
def restores_that_write_past_the_rules(target: Target) -> dict:
    """`restore` (how undo takes back a removal in a live session) writes values at paths: sent
    by hand, it tries a script into an HTML text, a font size past its limit, a value the rules
    know nothing of, and thousands of values at once."""
    owner = target.sign_in(OWNER)
    theme = _theme(target, owner)

    def head() -> int:
        return target.call("GET", f"{THEMES}/{theme}/live", token=owner["accessToken"], headers=_headers(owner)).json["head"]

    def restore(values: list, client: str):
        return _send(target, owner, theme, client, head(), 1, [{"kind": "restore", "values": values}])

    script = restore([{"path": REVIEW_HTML, "value": '<p>Hi</p><script>alert(1)</script><img src=x onerror="alert(2)">'}],
                     "restore-tab-1")
    assert script.status == 200, f"{script.status} {script.text[:200]}"
    kept = script.json["accepted"][0]["command"]["values"][0]["value"]
    assert "<script" not in kept and "onerror" not in kept, f"stored as sent: {kept}"

    before = head()
    big = restore([{"path": "/settings/typography/font_size_price", "value": 9999}], "restore-tab-2")
    assert big.status == 200 and big.json["accepted"] == [] and len(big.json["refused"]) == 1, \
        f"a font size past its limit: {big.status} {big.text[:200]}"
    many = restore([{"path": f"/settings/junk{i}", "value": i} for i in range(5000)], "restore-tab-3")
    assert many.status in (200, 400, 413) and not (many.status == 200 and many.json["accepted"]), \
        f"5000 values: {many.status} {many.text[:200]}"
    assert head() == before, "a refused restore moved the session on"
    return {
        "attempts": "a script and an event handler restored into an HTML text; a font size of 9999; 5000 values",
        "result": "the HTML cleaned before anyone receives it; the font size refused by the config's rules; the 5000 "
                  "refused whole; the session's head did not move for a refused one",
    }


ATTACKS = [editors_racing_for_one_head_of_a_live_session, live_sessions_of_another_store_or_without_the_themes_scope,
           restores_that_write_past_the_rules]
