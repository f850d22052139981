"""Attacks on sign-in, staff scopes and sessions (issue 24, items 1-4 and 7-9), on the theme
editor's drafts kept on the server (issue 26), and the races that must hold however many server
processes share the database (payouts, theme saves, refresh tokens, the ingest's limit). See
attacks.py for how to run them."""

from __future__ import annotations

import json
import os
import re
import secrets
import statistics
import subprocess
import threading
import time

import harness
from attackkit import Target, attack, parallel

OWNER = harness.OWNER
SELLER = "seller@example.com"
PASSWORD = harness.DEMO_PASSWORD
ROLE_KEYS = ["homes", "orders", "products", "report", "dashboards", "sale_reports",
             "estimated_profit", "utm_analystics", "live_view", "settings", "discounts",
             "customers", "apps", "store", "checkout", "themes", "pages", "navigations",
             "domains", "preferences"]
OWNER_ONLY = {"store", "checkout"}
BROWSER = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/131.0 Safari/537.36")


def store_headers(login: dict, store: str | None = None) -> dict[str, str]:
    return {"x-store-id": store or login["storeId"]}


def token_in(mails: list[dict], kind: str) -> str:
    """The token of the newest link of `kind` (the mailbox lists the newest first)."""
    text = " ".join(m.get("body", "") for m in mails)
    found = re.findall(r"type=" + kind + r"&token=([A-Za-z0-9]+)", text)
    assert found, f"no {kind} link in the mailbox"
    return found[0]


def invite(target: Target, owner: dict, email: str, scopes: list[str]) -> str:
    """Invites `email` to the owner's store and accepts; returns the member's user id."""
    made = target.call("POST", "/users/add-store-staff",
                       {"email": email, "firstName": "Eve", "lastName": "Staff", "scopes": scopes},
                       owner["accessToken"], store_headers(owner))
    assert made.status == 201, f"invite {email}: {made.status} {made.text}"
    mails = [m for m in target.mails_to(email) if "/auth/accept?token=" in m.get("body", "")]
    token = re.findall(r"/auth/accept\?token=([A-Za-z0-9]+)", mails[0]["body"])[0]
    accepted = target.call("POST", "/auth/account-activation",
                           {"token": token, "password": PASSWORD, "firstName": "Eve", "lastName": "Staff"})
    assert accepted.status == 200, f"accept {email}: {accepted.status} {accepted.text}"
    staff = target.call("GET", "/users/store-staffs", None, owner["accessToken"], store_headers(owner)).json
    return next(m["id"] for m in staff["staffs"] if m["email"] == email)


def allowed(caller_scopes: set[str], caller_id: str, target_id: str, target_is_owner: bool,
            current: set[str], requested: set[str]) -> bool:
    """The rule, written out independently as the test's oracle."""
    if target_is_owner or target_id == caller_id:
        return False
    return all(s in caller_scopes and s not in OWNER_ONLY for s in current ^ requested)


@attack()
def staff_scope_escalation(target: Target) -> dict:
    """1. A staff member with the `store` scope tries to take every permission."""
    owner = target.sign_in(OWNER)
    owner_id = target.call("GET", "/users/info", None, owner["accessToken"]).json["id"]
    callers = {"store-only": ["store"], "store+orders+products": ["store", "orders", "products"]}
    members = {}
    for name, scopes in callers.items():
        email = f"{name.replace('+', '-')}-{secrets.token_hex(3)}@example.com"
        members[name] = (invite(target, owner, email, scopes), email, scopes)
    baseline = {"orders-only": ["orders"], "orders+checkout": ["orders", "checkout"]}
    targets = {}
    for name, scopes in baseline.items():
        email = f"{name.replace('+', '-')}-{secrets.token_hex(3)}@example.com"
        targets[name] = (invite(target, owner, email, scopes), scopes)
    requests = [ROLE_KEYS, ["store"], ["checkout"], ["orders"], ["orders", "products"], ["themes"],
                ["orders", "checkout", "store"]]
    attempts = escalations = wrongly_refused = 0
    problems = []
    for caller, (caller_id, email, caller_scopes) in members.items():
        login = target.sign_in(email)
        headers = store_headers(login, owner["storeId"])
        subjects = [("self", caller_id, False, caller_scopes), ("owner", owner_id, True, ROLE_KEYS)]
        subjects += [(n, i, False, s) for n, (i, s) in targets.items()]
        for subject, subject_id, is_owner, current in subjects:
            for requested in requests:
                attempts += 1
                reply = target.call("PUT", f"/users/update-store-staff/{subject_id}",
                                    {"scopes": requested}, login["accessToken"], headers)
                ok = allowed(set(caller_scopes), caller_id, subject_id, is_owner, set(current), set(requested))
                if reply.status == 200 and not ok:
                    escalations += 1
                    problems.append(f"{caller} set {subject} to {requested}")
                if reply.status != 200 and ok:
                    wrongly_refused += 1
                    problems.append(f"{caller} refused {subject} -> {requested}: {reply.status}")
                if reply.status == 200:
                    # Back to the baseline, by the owner, for the next case.
                    target.call("PUT", f"/users/update-store-staff/{subject_id}", {"scopes": current},
                                owner["accessToken"], store_headers(owner))
        for requested in requests:
            attempts += 1
            reply = target.call("POST", "/users/add-store-staff",
                                {"email": f"new-{secrets.token_hex(4)}@example.com", "firstName": "N",
                                 "lastName": "M", "scopes": requested}, login["accessToken"], headers)
            ok = all(s in caller_scopes and s not in OWNER_ONLY for s in requested)
            if reply.status == 201 and not ok:
                escalations += 1
                problems.append(f"{caller} invited with {requested}")
        for subject, (subject_id, scopes) in targets.items():
            attempts += 1
            reply = target.call("DELETE", f"/users/delete-staff-account?staff_id={subject_id}", None,
                                login["accessToken"], headers)
            ok = all(s in caller_scopes and s not in OWNER_ONLY for s in scopes)
            if reply.status == 200:
                if not ok:
                    escalations += 1
                    problems.append(f"{caller} removed {subject}")
                targets[subject] = (invite(target, owner, f"back-{secrets.token_hex(3)}@example.com", scopes), scopes)
        # The end of the original chain: the store's payout card.
        attempts += 1
        cards = target.call("GET", "/stores/payout/card/", None, login["accessToken"], headers)
        if cards.status != 403:
            escalations += 1
            problems.append(f"{caller} reached the payout cards: {cards.status}")
    assert escalations == 0 and wrongly_refused == 0, "; ".join(problems[:8])
    return {"attempts": f"{attempts} (2 callers x 4 targets x 7 scope sets, invitations, removals, payout cards)",
            "result": "0 escalations, 0 legitimate changes refused"}


@attack(races=True)
def sign_in_lockout_race(target: Target) -> dict:
    """2. 100 simultaneous wrong guesses at one account (limit 10), then the right password."""
    results = parallel(100, lambda i: target.call(
        "POST", "/auth/login", {"email": SELLER, "password": f"wrong-guess-{i}"}))
    statuses = [r.status if not isinstance(r, Exception) else repr(r) for r in results]
    checked = statuses.count(401)
    refused = statuses.count(429)
    right = target.call("POST", "/auth/login", {"email": SELLER, "password": PASSWORD})
    assert checked <= 10, f"{checked} of 100 parallel guesses were checked (limit 10)"
    assert checked + refused == 100, f"unexpected answers: {sorted(set(map(str, statuses)))}"
    assert right.status == 429 and right.headers.get("retry-after"), \
        f"the right password after 100 guesses answered {right.status}"
    return {"attempts": "100 parallel wrong guesses at one account, then the right password",
            "result": f"{checked} checked, {refused} answered 429; the right password 429 with Retry-After"}


def resident_peak_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


@attack(env={"TRUST_PROXY_HEADERS": "1", "DEV_MAILBOX": "0"})
def sign_in_memory_flood(target: Target) -> dict:
    """2. 200 simultaneous sign-ins from 200 addresses: every Argon2id hash holds 19 MiB."""
    pid = target.servers[0].pid()
    before = resident_peak_mb(pid)
    results = parallel(200, lambda i: target.call(
        "POST", "/auth/login", {"email": f"visitor-{i}@example.com", "password": "a-guess-1234"},
        headers={"x-forwarded-for": f"198.18.{i // 200}.{i % 200 + 1}"}, timeout=120))
    statuses = [r.status if not isinstance(r, Exception) else repr(r) for r in results]
    peak = resident_peak_mb(pid)
    busy = [r for r in results if not isinstance(r, Exception) and r.status == 503]
    assert all(s in (401, 503) for s in statuses), f"answers: {sorted(set(map(str, statuses)))}"
    assert all(r.headers.get("retry-after") for r in busy), "a 503 without Retry-After"
    assert peak < 250, f"peak resident memory {peak:.0f} MB (goal: under 250)"
    return {"attempts": "200 parallel sign-ins from 200 addresses to one process",
            "result": f"{statuses.count(401)} checked, {len(busy)} answered 503 with Retry-After; "
                      f"peak resident {peak:.0f} MB (before the burst {before:.0f} MB)"}


@attack()
def dev_mailbox_behind_a_proxy(target: Target) -> dict:
    """3. The development mailbox behind a proxy, and an operator made by signing up."""
    attempts = 0
    # The server refuses to start with the mailbox behind a proxy or on a public address.
    for extra in ({"TRUST_PROXY_HEADERS": "1"}, {"PUBLIC_URL": "https://admin.example.com"}):
        attempts += 1
        env = dict(target.servers[0].env, DEV_MAILBOX="1", PORT=str(harness.free_port()), **extra)
        proc = subprocess.Popen([target.servers[0].binary], env=env, cwd=harness.ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            _, stderr = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise AssertionError(f"the server started with the mailbox and {extra}") from None
        assert proc.returncode != 0 and "DEV_MAILBOX" in stderr, f"exit {proc.returncode}: {stderr[-300:]}"
    # Without DEV_MAILBOX=1 there is no mailbox, even on loopback.
    database = target.database
    quiet = harness.Server(database, "attack-mailbox-off", {"DEV_MAILBOX": "0"}, target.servers[0].binary)
    quiet.start()
    try:
        attempts += 1
        off = harness.call(quiet.base, "GET", "/dev/mailbox")
        assert off.status == 404, f"the mailbox answered {off.status} without DEV_MAILBOX=1"
    finally:
        quiet.stop()
    # Signing up at the operator's domain is refused.
    attempts += 1
    email = f"attacker-{secrets.token_hex(3)}@storeloom.dev"
    signup = target.call("POST", "/auth/signup?sk=welcome",
                         {"email": email, "password": "Attack3r-pass", "storeName": "Operator Shop"})
    assert signup.status == 400, f"sign-up at the operator's domain answered {signup.status}"
    # An activated account at the operator's domain (invited as staff) is still no operator.
    owner = target.sign_in(OWNER)
    invite(target, owner, email, ["orders"])
    login = target.sign_in(email)
    attempts += 1
    status = target.call("PUT", f"/operator/stores/{owner['storeId']}/status", {"isEnabled": False},
                         login["accessToken"])
    assert status.status == 403, f"a staff account at the operator's domain disabled a store: {status.status}"
    return {"attempts": f"{attempts}: start with the mailbox behind a proxy / public URL, read it "
                        "without DEV_MAILBOX, sign up and act as an operator at the operator's domain",
            "result": "refused to start twice, mailbox 404, sign-up 400, operator call 403"}


@attack(env={"TRUST_PROXY_HEADERS": "1", "DEV_MAILBOX": "0"})
def forwarded_for_spoofing(target: Target) -> dict:
    """4. Behind a proxy that appends, the client writes its own X-Forwarded-For."""
    attacker = "198.51.100.77"
    statuses = []
    for i in range(55):
        # The client's own header, then what the proxy (on loopback) appended.
        spoofed = f"10.{i}.0.{i + 1}, {attacker}"
        reply = target.call("POST", "/auth/login",
                            {"email": f"nobody-{i}@example.com", "password": "wrong-password"},
                            headers={"x-forwarded-for": spoofed})
        statuses.append(reply.status)
    locked = statuses.count(429)
    assert locked >= 5 and statuses[:50].count(401) == 50, \
        f"55 failures from one address with spoofed hops: {locked} answered 429 (limit 50)"
    # Locking out a victim's address by writing it into the header.
    victim = "203.0.113.5"
    for i in range(55):
        target.call("POST", "/auth/login", {"email": f"x{i}@example.com", "password": "wrong-password"},
                    headers={"x-forwarded-for": f"{victim}, {attacker}"})
    reply = target.call("POST", "/auth/login", {"email": SELLER, "password": PASSWORD},
                        headers={"x-forwarded-for": victim})
    assert reply.status == 200, f"the victim's address was locked out: {reply.status}"
    return {"attempts": "55 failed sign-ins with a new spoofed left-most hop each; 55 naming a victim's address",
            "result": f"the attacker's address locked after 50 ({locked} answered 429); the victim signs in"}


def signup_ms(target: Target, email: str) -> tuple[float, int, str]:
    body = {"email": email, "password": "Sign-up-pass1", "storeName": f"Shop {secrets.token_hex(2)}"}
    started = time.perf_counter()
    reply = target.call("POST", "/auth/signup?sk=welcome", body)
    return (time.perf_counter() - started) * 1000, reply.status, reply.text


@attack()
def signup_tells_registered_emails(target: Target) -> dict:
    """7. Sign-up's answer time tells a registered e-mail from a new one."""
    registered = [f"taken-{i}-{secrets.token_hex(3)}@example.com" for i in range(12)]
    for email in registered:
        signup_ms(target, email)
    new, old, answers = [], [], set()
    for i, email in enumerate(registered):
        ms, status, text = signup_ms(target, f"fresh-{i}-{secrets.token_hex(3)}@example.com")
        new.append(ms)
        answers.add((status, text))
        ms, status, text = signup_ms(target, email)
        old.append(ms)
        answers.add((status, text))
    ratio = statistics.median(old) / statistics.median(new)
    assert len(answers) == 1, f"the answers differ: {answers}"
    assert ratio >= 0.6, (f"a registered e-mail answers in {statistics.median(old):.1f} ms, "
                          f"a new one in {statistics.median(new):.1f} ms (ratio {ratio:.2f})")
    return {"attempts": "12 sign-ups with registered e-mails, 12 with new ones, interleaved",
            "result": f"one answer; median {statistics.median(old):.1f} ms vs {statistics.median(new):.1f} ms "
                      f"(ratio {ratio:.2f})"}


def reset_token(target: Target, email: str) -> str:
    assert target.call("POST", "/auth/forgot_password", {"email": email}).status == 200
    return token_in(target.mails_to(email), "reset")


def reset_valid(target: Target, token: str) -> bool:
    return bool(target.call("GET", f"/auth/verify_reset_password_token?token={token}").json.get("valid"))


@attack()
def old_reset_links_survive(target: Target) -> dict:
    """8. An older password-reset link still works after a newer one, or after a reset."""
    first = reset_token(target, SELLER)
    second = reset_token(target, SELLER)
    assert not reset_valid(target, first), "the first link still works after a second was sent"
    done = target.call("POST", "/auth/reset_password", {"token": second, "password": "N3w-password-ok"})
    assert done.status == 200, done.text
    reuse = target.call("POST", "/auth/reset_password", {"token": first, "password": "Att4cker-pass"})
    assert reuse.status == 404, f"the first link reset the password after the reset: {reuse.status}"
    return {"attempts": "2 links, a reset with the second, then the first",
            "result": "the first void once the second was sent; after the reset 404"}


@attack()
def store_sign_out_ends_everything(target: Target) -> dict:
    """9. Signing a member out of one store signs them out of every store, their own included."""
    owner = target.sign_in(OWNER)
    seller_id = invite(target, owner, SELLER, ["orders"])
    seller = target.sign_in(SELLER)
    own_store = seller["storeId"]
    stores = target.call("GET", "/users/stores", None, seller["accessToken"]).json
    assert own_store != owner["storeId"], "the seller signed in to the Demo Store"
    probes = 0

    def reaches(store: str) -> int:
        nonlocal probes
        probes += 1
        return target.call("GET", "/auth/store-permission", None, seller["accessToken"],
                           {"x-store-id": store}).status

    assert reaches(owner["storeId"]) == 200 and reaches(own_store) == 200, stores
    out = target.call("DELETE", f"/users/logout-staff-account/{seller_id}", None,
                      owner["accessToken"], store_headers(owner))
    assert out.status == 200, out.text
    demo_after, own_after = reaches(owner["storeId"]), reaches(own_store)
    assert demo_after == 401, f"the Demo Store still answers {demo_after} after the sign-out"
    assert own_after == 200, f"the member's own store answers {own_after} after a sign-out from another"
    again = target.sign_in(SELLER)
    back = target.call("GET", "/auth/store-permission", None, again["accessToken"],
                       {"x-store-id": owner["storeId"]}).status
    assert back == 200, f"a new sign-in does not reach the store again: {back}"
    removed = target.call("DELETE", f"/users/delete-staff-account?staff_id={seller_id}", None,
                          owner["accessToken"], store_headers(owner))
    assert removed.status == 200 and reaches(own_store) == 200, "removal signed the member out of their own store"
    return {"attempts": f"sign a member out of one store, then removal; {probes} probes of both stores",
            "result": "that store 401 until the next sign-in, their own store 200 throughout"}


@attack()
def theme_draft_of_another(target: Target) -> dict:
    """Issue 26: another store's user, staff without the themes scope, or another editor reads or overwrites a theme draft."""
    owner = target.sign_in(OWNER)
    h = store_headers(owner)
    themes = target.call("GET", "/stores/onlinestore/themes", None, owner["accessToken"], h).json
    theme = next(t for t in themes if t["isActive"])
    path = f"/stores/onlinestore/themes/{theme['id']}/draft"
    secret = f"the owner's unsaved heading {secrets.token_hex(4)}"
    heading = "/settings/product/heading"
    mine = {"baseVersion": theme["version"], "commands": [{"kind": "setField", "path": heading, "value": secret}]}
    put = target.call("PUT", path, mine, owner["accessToken"], h)
    assert put.status == 200, f"the owner's draft: {put.status} {put.text}"
    forged = {"baseVersion": theme["version"],
              "commands": [{"kind": "setField", "path": heading, "value": "overwritten by an attacker"}]}
    # A PATCH that continues the owner's draft at its real revision (the strongest guess).
    appended = {"baseVersion": theme["version"], "revision": put.json["revision"], "keep": 0,
                "commands": forged["commands"]}

    # Store B's owner; staff of store A with every scope but themes; a staff editor of store A.
    seller = target.sign_in(SELLER)
    assert seller["storeId"] != owner["storeId"], "the seller signed in to the Demo Store"
    scopes = [k for k in ROLE_KEYS if k not in OWNER_ONLY and k != "themes"]
    scopeless_email = f"no-themes-{secrets.token_hex(3)}@example.com"
    invite(target, owner, scopeless_email, scopes)
    scopeless = target.sign_in(scopeless_email)
    editor_email = f"editor-{secrets.token_hex(3)}@example.com"
    invite(target, owner, editor_email, ["themes"])
    editor = target.sign_in(editor_email)

    callers = [
        ("store B's owner through store A", seller, {"x-store-id": owner["storeId"]}, 404),
        ("store B's owner through store B", seller, {"x-store-id": seller["storeId"]}, 404),
        ("store A's staff without themes", scopeless, h, 403),
    ]
    attempts, problems = 0, []
    for name, login, headers, expected in callers:
        for method, body in (("GET", None), ("PUT", forged), ("PATCH", appended), ("DELETE", None)):
            attempts += 1
            reply = target.call(method, path, body, login["accessToken"], headers)
            if reply.status != expected or secret in reply.text:
                problems.append(f"{name} {method}: {reply.status} {reply.text[:120]}")
    # An editor of the same store has a draft of their own: never the owner's.
    attempts += 1
    read = target.call("GET", path, None, editor["accessToken"], h)
    if read.status != 204 or secret in read.text:
        problems.append(f"another editor read the owner's draft: {read.status} {read.text[:120]}")
    for method, body in (("PUT", forged), ("DELETE", None)):
        attempts += 1
        reply = target.call(method, path, body, editor["accessToken"], h)
        if reply.status != 200:
            problems.append(f"another editor's own draft {method}: {reply.status}")
    # Without a draft of their own, the owner's revision continues nothing of theirs.
    attempts += 1
    reply = target.call("PATCH", path, appended, editor["accessToken"], h)
    if reply.status != 409:
        problems.append(f"another editor's PATCH at the owner's revision: {reply.status} {reply.text[:120]}")

    kept = target.call("GET", path, None, owner["accessToken"], h)
    assert kept.status == 200 and kept.json["commands"] == mine["commands"], \
        f"the owner's draft changed: {kept.status} {kept.text[:200]}"
    live = target.call("GET", f"/stores/onlinestore/themes/{theme['id']}/config", None, owner["accessToken"], h)
    assert secret not in live.text and "overwritten" not in live.text, "a draft reached the live theme"
    assert not problems, "; ".join(problems)
    return {"attempts": f"{attempts}: read, overwrite, continue (PATCH) and discard the owner's theme draft as store B's owner "
                        "(through either store), as staff without the themes scope, as another editor",
            "result": "404 for store B, 403 without the scope, the other editor only reaches their own; "
                      "the owner's draft unchanged, the live theme untouched"}


@attack()
def theme_html_to_the_preview_frame(target: Target) -> dict:
    """Issue 45: staff with the themes scope save active HTML into the theme's rich texts; the preview
    frame (the admin's own origin, with no HTML cleaner) is sent the editor's config and versions."""
    owner = target.sign_in(OWNER)
    h = store_headers(owner)
    made = target.call("POST", "/stores/onlinestore/template/hydro", {}, owner["accessToken"], h)
    assert made.status in (200, 201), f"the theme: {made.status} {made.text}"
    theme = made.json["id"]
    email = f"designer-{secrets.token_hex(3)}@example.com"
    invite(target, owner, email, ["themes"])
    designer = target.sign_in(email)
    record = target.call("GET", f"/stores/onlinestore/themes/{theme}/config", None, owner["accessToken"], h).json[0]
    marker = secrets.token_hex(4)
    payloads = [
        f'<img src=x onerror="steal({marker})">',
        f"<script>steal('{marker}')</script>",
        f'<p onclick="steal({marker})">hi</p><a href="javascript:steal({marker})">x</a>',
    ]
    paths = ["/pages/fixed/sections/footer/settings/info", "/settings/checkout/checkout_description",
             "/settings/product/tabs-detail/1/content"]
    commands = [{"kind": "setField", "path": path, "value": payload + "<p>kept text</p>"}
                for path, payload in zip(paths, payloads)]
    saved = target.call("POST", f"/stores/onlinestore/themes/{theme}/commands",
                        {"batchId": secrets.token_hex(8), "baseVersion": record["version"], "commands": commands},
                        designer["accessToken"], h)
    assert saved.status == 200, f"the designer's save: {saved.status} {saved.text}"
    version = saved.json["version"]
    problems = []
    # As the editor reads them for its preview frame.
    for name, path in (("the config", f"/stores/onlinestore/themes/{theme}/config?cleanHtml=true"),
                       ("the saved version", f"/stores/onlinestore/themes/{theme}/versions/{version}?cleanHtml=true")):
        reply = target.call("GET", path, None, owner["accessToken"], h)
        if reply.status != 200:
            problems.append(f"{name}: {reply.status}")
        elif marker in reply.text.replace("kept text", ""):
            problems.append(f"{name} sends the editor active HTML: {reply.text[reply.text.find(marker) - 60:][:140]}")
        elif "kept text" not in reply.text:
            problems.append(f"{name} lost the seller's text")
    assert not problems, "; ".join(problems)
    return {"attempts": f"{len(commands)} rich texts saved with scripts, handlers and javascript: links by staff "
                        "with the themes scope; the owner's editor reads the config and the saved version",
            "result": "both cleaned of every active part, the text kept"}


@attack()
def theme_preview_link_of_another(target: Target) -> dict:
    """Issue 28: an unpublished theme's signed preview link is used on another store's storefront,
    forged, tampered with or asked for by someone who may not see the theme."""
    import base64
    import json as jsonlib
    owner = target.sign_in(OWNER)
    h = store_headers(owner)
    made = target.call("POST", "/stores/onlinestore/template/newchick", {"name": "Unreleased"},
                       owner["accessToken"], h)
    assert made.status == 201, f"the owner's theme: {made.status} {made.text}"
    theme = made.json["id"]
    link = target.call("POST", f"/stores/onlinestore/themes/{theme}/preview", None, owner["accessToken"], h)
    assert link.status == 200, f"the owner's link: {link.status} {link.text}"
    url = link.json["url"]
    token = url.split("preview=", 1)[1]
    shown = target.raw("GET", url)
    assert shown.status == 200 and "fam-newchick" in shown.text, f"the link itself: {shown.status}"
    assert "no-store" in (shown.headers.get("cache-control") or ""), "a preview page may be cached"

    def b64(data: dict) -> str:
        return base64.urlsafe_b64encode(jsonlib.dumps(data).encode()).decode().rstrip("=")

    head, payload, signature = token.split(".")
    claims = jsonlib.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    seller = target.sign_in(SELLER)
    tampered = b64({**claims, "store": seller["storeId"]})
    unsigned = b64({"alg": "none", "typ": "JWT"})
    pages = [
        ("the link on store B's storefront", url.replace("/s/demo/", "/s/sams-goods/")),
        ("the store claim changed to store B's", f"/s/sams-goods/?preview={head}.{tampered}.{signature}"),
        ("an unsigned token", f"/s/demo/?preview={unsigned}.{payload}."),
        ("an access token as the link", f"/s/demo/?preview={owner['accessToken']}"),
        ("a truncated signature", f"/s/demo/?preview={head}.{payload}.{signature[:-4]}"),
    ]
    attempts, problems = 0, []
    for name, path in pages:
        attempts += 1
        reply = target.raw("GET", path)
        if reply.status != 404 or "fam-newchick" in reply.text:
            problems.append(f"{name}: {reply.status}")
    scopes = [k for k in ROLE_KEYS if k not in OWNER_ONLY and k != "themes"]
    scopeless_email = f"no-themes-{secrets.token_hex(3)}@example.com"
    invite(target, owner, scopeless_email, scopes)
    scopeless = target.sign_in(scopeless_email)
    askers = [
        ("store B's owner through store A", seller, {"x-store-id": owner["storeId"]}, 404),
        ("store B's owner through store B", seller, {"x-store-id": seller["storeId"]}, 404),
        ("store A's staff without themes", scopeless, h, 403),
    ]
    for name, login, headers, expected in askers:
        attempts += 1
        reply = target.call("POST", f"/stores/onlinestore/themes/{theme}/preview", None,
                            login["accessToken"], headers)
        if reply.status != expected or "preview=" in reply.text:
            problems.append(f"{name} asked for a link: {reply.status}")
    assert not problems, "; ".join(problems)
    return {"attempts": f"{attempts}: an unpublished theme's preview link on store B, tampered, unsigned, "
                        "an access token in its place, a cut signature; a link asked for by store B "
                        "and by staff without the themes scope",
            "result": "404 for every forged or misplaced link, 404 for store B, 403 without the scope; "
                      "the real link works and is never cached"}


# The races: each also runs against three processes on one PostgreSQL.

@attack(races=True)
def refresh_token_rotation_race(target: Target) -> dict:
    """Concurrency: 50 parallel renewals with one refresh token."""
    login = target.sign_in(OWNER)
    results = parallel(50, lambda i: target.call(
        "GET", "/auth/renew-access-token", headers={"x-refresh-token": login["refreshToken"]}))
    statuses = [r.status if not isinstance(r, Exception) else repr(r) for r in results]
    wins = [r for r in results if not isinstance(r, Exception) and r.status == 200]
    assert len(wins) == 1 and statuses.count(401) == 49, f"answers: {statuses}"
    follow = target.call("GET", "/auth/renew-access-token",
                         headers={"x-refresh-token": wins[0].json["refreshToken"]})
    assert follow.status == 200, f"the winner's token answered {follow.status}"
    return {"attempts": "50 parallel renewals with one refresh token",
            "result": "1 renewed, 49 refused; the new token renews"}


@attack(races=True)
def payout_idempotency_and_balance_race(target: Target) -> dict:
    """Concurrency: 20 payouts with one Idempotency-Key, then 20 that together overdraw."""
    owner = target.sign_in(OWNER)
    h = store_headers(owner)
    token = owner["accessToken"]
    available = target.call("GET", "/stores/payout/v2/balance", None, token, h).json["availableToPayout"]
    assert available >= 10, f"the demo balance is {available}"
    key = f"race-{secrets.token_hex(6)}"
    same = parallel(20, lambda i: target.call("POST", "/stores/payout/v2/payout-request", {"amount": 1.5},
                                              token, dict(h, **{"idempotency-key": key})))
    ids = {r.json["id"] for r in same if not isinstance(r, Exception) and r.status == 201}
    assert len(ids) == 1, f"one key made {len(ids)} payouts: {[getattr(r, 'status', r) for r in same]}"
    available = target.call("GET", "/stores/payout/v2/balance", None, token, h).json["availableToPayout"]
    share = round(available * 0.3, 2)
    over = parallel(20, lambda i: target.call("POST", "/stores/payout/v2/payout-request", {"amount": share},
                                              token, dict(h, **{"idempotency-key": f"{key}-{i}"})))
    made = sum(1 for r in over if not isinstance(r, Exception) and r.status == 201)
    after = target.call("GET", "/stores/payout/v2/balance", None, token, h).json["availableToPayout"]
    assert made == 3 and after >= 0, f"{made} payouts of 30% each were made; {after} left"
    return {"attempts": "20 parallel payouts with one key; 20 parallel payouts of 30% of the balance",
            "result": f"1 payout for the key; 3 of the 30% payouts made, {after:.2f} left (never below 0)"}


@attack(races=True)
def theme_save_if_match_race(target: Target) -> dict:
    """Concurrency: 10 parallel theme saves on one version (If-Match)."""
    owner = target.sign_in(OWNER)
    h = store_headers(owner)
    token = owner["accessToken"]
    theme = target.call("POST", "/stores/onlinestore/template/hydro", {}, token, h).json
    record = target.call("GET", f"/stores/onlinestore/themes/{theme['id']}/config", None, token, h).json[0]
    path = f"/stores/onlinestore/themes/{theme['id']}/config/{theme['configId']}"

    def save(i: int):
        config = dict(record["config"], name=f"race {i}")
        return target.call("PUT", path, config, token, dict(h, **{"if-match": f'"{record["version"]}"'}))

    results = parallel(10, save)
    statuses = [r.status if not isinstance(r, Exception) else repr(r) for r in results]
    assert statuses.count(200) == 1 and statuses.count(412) == 9, f"answers: {statuses}"
    return {"attempts": "10 parallel saves with the same If-Match",
            "result": "1 saved, 9 answered 412"}


@attack(races=True)
def theme_draft_patch_race(target: Target) -> dict:
    """Concurrency: 10 devices of one user continue the same server draft at once (PATCH at one revision)."""
    owner = target.sign_in(OWNER)
    h = store_headers(owner)
    token = owner["accessToken"]
    theme = target.call("POST", "/stores/onlinestore/template/hydro", {}, token, h).json
    record = target.call("GET", f"/stores/onlinestore/themes/{theme['id']}/config", None, token, h).json[0]
    path = f"/stores/onlinestore/themes/{theme['id']}/draft"
    heading = "/settings/product/heading"
    first = {"kind": "setField", "path": heading, "value": "start"}
    put = target.call("PUT", path, {"baseVersion": record["version"], "commands": [first]}, token, h)
    assert put.status == 200, f"the draft: {put.status} {put.text}"

    def continue_draft(i: int):
        command = {"kind": "setField", "path": heading, "value": f"device {i}"}
        return target.call("PATCH", path, {"baseVersion": record["version"], "revision": put.json["revision"],
                                           "keep": 1, "commands": [command]}, token, h)

    results = parallel(10, continue_draft)
    statuses = [r.status if not isinstance(r, Exception) else repr(r) for r in results]
    assert statuses.count(200) == 1 and statuses.count(409) == 9, f"answers: {statuses}"
    winner = statuses.index(200)
    kept = target.call("GET", path, None, token, h).json
    # One device's commands, after the one kept: no append lost into another, none twice.
    assert [c["value"] for c in kept["commands"]] == ["start", f"device {winner}"], f"the draft: {kept['commands']}"
    assert kept["revision"] == put.json["revision"] + 1, f"revision {kept['revision']} after one write"
    return {"attempts": "10 parallel PATCHes continuing one draft revision",
            "result": "1 written, 9 answered 409; the draft holds the kept command and the winner's, revision +1"}


@attack(races=True, env={"INGEST_ADDRESS_LIMIT": "20"})
def ingest_address_limit_race(target: Target) -> dict:
    """Concurrency: 100 parallel event batches from one address (limit 20 a second)."""
    owner = target.sign_in(OWNER)
    now = int(time.time() * 1000)

    def send(i: int):
        events = [{"type": "page_view", "sessionId": f"race-{i}", "at": now, "page": "/"}]
        return target.call("POST", "/storefront/events", {"storeKey": owner["storeId"], "events": events},
                           headers={"user-agent": BROWSER})

    started = time.time()
    results = parallel(100, send)
    seconds = time.time() - started
    statuses = [r.status if not isinstance(r, Exception) else repr(r) for r in results]
    accepted = statuses.count(202)
    windows = int(seconds) + 2
    assert accepted <= 20 * windows and statuses.count(429) + accepted == 100, \
        f"{accepted} accepted in {seconds:.2f} s (limit 20 a second): {sorted(set(map(str, statuses)))}"
    return {"attempts": f"100 parallel batches from one address in {seconds:.2f} s",
            "result": f"{accepted} accepted, {statuses.count(429)} answered 429 (limit 20/s)"}


@attack()
def return_url_after_sign_in(target: Target) -> dict:
    """15. A crafted return address on the sign-in page (//evil, https://evil, encoded and
    backslashed forms) tries to send the user who signs in to another site."""
    run = subprocess.run(["node", os.path.join(harness.ROOT, "reliability", "return_url.mjs"), target.bases[0]],
                         cwd=os.path.join(harness.ROOT, "ui"), capture_output=True, text=True, timeout=600)
    print(run.stdout.strip() or run.stderr.strip()[-2000:])
    assert run.returncode == 0, f"a crafted return address was followed: {run.stdout.strip()} {run.stderr.strip()[-500:]}"
    report = json.loads(run.stdout.strip().splitlines()[-1])
    return {"attempts": f"{report['crafted']} crafted `next` values through sign-in and shop choice in Chromium",
            "result": f"0 followed; the control path {report['control']} was followed"}


@attack(races=True)
def activation_link_opens_sessions(target: Target) -> dict:
    """An activation link signs the merchant in: fired 10 times at once it must open one session,
    and an invitation link must not open an existing account without its password."""
    email = f"activate-{secrets.token_hex(3)}@example.com"
    made = target.call("POST", "/auth/signup?sk=welcome",
                       {"email": email, "password": "Sign-up-pass1", "storeName": "Race Shop"})
    assert made.status == 201, made.text
    token = token_in(target.mails_to(email), "activation")
    replies = parallel(10, lambda i: target.call("POST", "/auth/account-activation", {"token": token}))
    statuses = sorted(getattr(r, "status", repr(r)) for r in replies)
    sessions = [r for r in replies if getattr(r, "status", 0) == 200 and (r.json or {}).get("session")]
    assert statuses.count(200) == 1 and len(sessions) == 1, f"10 uses of one activation link: {statuses}"
    assert statuses.count(404) == 9, f"the other uses: {statuses}"
    # An existing account accepting an invitation: the link alone opens no session.
    owner = target.sign_in(OWNER)
    made = target.call("POST", "/users/add-store-staff", {"email": SELLER, "scopes": ["orders"]},
                       owner["accessToken"], store_headers(owner))
    assert made.status == 201, made.text
    mails = [m for m in target.mails_to(SELLER) if "/auth/accept?token=" in m.get("body", "")]
    invitation = re.findall(r"/auth/accept\?token=([A-Za-z0-9]+)", mails[0]["body"])[0]
    joined = target.call("POST", "/auth/account-activation", {"token": invitation})
    assert joined.status == 200 and "session" not in (joined.json or {}), \
        f"an invitation link opened an existing account: {joined.status} {joined.text}"
    return {"attempts": "one activation link 10 times at once; an invitation link for an existing account",
            "result": "one session, 9 answered 404; the invitation joined the store and opened no session"}


ATTACKS = [staff_scope_escalation, sign_in_lockout_race, sign_in_memory_flood,
           dev_mailbox_behind_a_proxy, forwarded_for_spoofing, signup_tells_registered_emails,
           old_reset_links_survive, store_sign_out_ends_everything, theme_draft_of_another,
           theme_html_to_the_preview_frame, theme_preview_link_of_another,
           refresh_token_rotation_race, return_url_after_sign_in,
           payout_idempotency_and_balance_race, theme_save_if_match_race, theme_draft_patch_race,
           ingest_address_limit_race, activation_link_opens_sessions]
