"""Attacks on limits (issue 44, see attacks.py): what an unpublished theme, the editor's preview
and a store's own host show to anyone; renders, saves, uploads and anonymous calls without end;
a client's mistake answered 500; a font address, payout notices and cart lines that slip past
the rules."""

from __future__ import annotations

import copy
import json
import os
import re
import secrets
import struct
import statistics
import threading
import time
import uuid
import zlib

import harness
from attackkit import Target, attack, parallel
from attacks_access import resident_peak_mb, store_headers
from attacks_shop import ADDRESS, paid_order

STORE = "demo"
OWNER = harness.OWNER
SELLER = "seller@example.com"
ORDERS_STAFF = "orders@example.com"
SAMS = "Sam's Goods"
THEMES = "/stores/onlinestore/themes"
# The Newchick header's top bar: a text every page of that family shows.
TOP_BAR = "/pages/fixed/sections/header/settings/text_topbar"


def message(reply: harness.Reply) -> str:
    """The first message of an error answer, '' when it has none."""
    body = reply.json if isinstance(reply.json, dict) else {}
    return (body.get("messages") or [""])[0]


def megabytes(size: int) -> str:
    return f"{size / 1e6:.2f} MB"


def post_json(target: Target, path: str, body, headers: dict[str, str] | None = None) -> harness.Reply:
    return target.raw("POST", path, {"content-type": "application/json", **(headers or {})},
                      json.dumps(body).encode())


def theme_of(target: Target, login: dict, active: bool) -> dict:
    """The demo store's published theme (Hydro), or its unpublished one (Newchick)."""
    listed = target.call("GET", THEMES, token=login["accessToken"], headers=store_headers(login))
    assert listed.status == 200, f"themes: {listed.status} {listed.text[:200]}"
    return next(t for t in listed.json if t["isActive"] == active)


def config_of(target: Target, login: dict, theme: dict) -> dict:
    """The theme's config record: its `config` and `version`."""
    reply = target.call("GET", f"{THEMES}/{theme['id']}/config", token=login["accessToken"],
                        headers=store_headers(login))
    assert reply.status == 200, f"config: {reply.status} {reply.text[:200]}"
    return reply.json[0]


def put_config(target: Target, login: dict, theme: dict, config: dict, version: int) -> harness.Reply:
    """The whole-config save (the body is the config itself) over `version`."""
    return target.call("PUT", f"{THEMES}/{theme['id']}/config/{theme['configId']}", config,
                       login["accessToken"], {**store_headers(login), "if-match": f'"{version}"'})


def save_field(target: Target, login: dict, theme_id: str, version: int, path: str, value) -> harness.Reply:
    """The editor's Save: a batch of one command over `version`."""
    batch = {"batchId": uuid.uuid4().hex, "baseVersion": version,
             "commands": [{"kind": "setField", "path": path, "value": value}]}
    return target.call("POST", f"{THEMES}/{theme_id}/commands", batch, login["accessToken"], store_headers(login))


def preview_token(target: Target, login: dict, theme: dict) -> str:
    """The editor's credential for the preview: the theme's signed preview token."""
    link = target.call("POST", f"{THEMES}/{theme['id']}/preview", token=login["accessToken"],
                       headers=store_headers(login))
    assert link.status == 200, f"preview link: {link.status} {link.text[:200]}"
    return link.json["url"].split("preview=", 1)[1]


def with_home_sections(config: dict, section: dict, count: int) -> dict:
    """`config` whose home page holds `count` copies of `section`."""
    grown = copy.deepcopy(config)
    grown["pages"]["homepage"]["sections"] = {
        f"s{i}": dict(section, key=f"s{i}", index=i) for i in range(count)}
    return grown


@attack()
def unpublished_theme_is_not_public(target: Target) -> dict:
    """Text saved in an unpublished theme is shown to anyone by the storefront's preview query
    and the preview render; only the editor's preview token may show it."""
    owner = target.sign_in(OWNER)
    theme = theme_of(target, owner, active=False)
    marker = f"SECRET-SALE-{secrets.token_hex(4)}"
    saved = save_field(target, owner, theme["id"], theme["version"], TOP_BAR, marker)
    assert saved.status == 200, f"the owner's save: {saved.status} {saved.text[:200]}"
    render = {"config": None, "family": "fashion"}
    tries = {f"?nocache=1&theme={family}": target.raw("GET", f"/s/{STORE}/?nocache=1&theme={family}")
             for family in ("fashion", "newchick")}
    pages = {query: reply.status for query, reply in tries.items()}
    tries["anonymous _preview"] = post_json(target, f"/s/{STORE}/_preview", render)
    leaked = {what: reply.status for what, reply in tries.items() if marker in reply.text}
    assert not leaked, f"the unpublished theme's {marker} shown to anyone by {leaked}"
    assert set(pages.values()) == {200}, f"the shop's home page with a theme query: {pages}"
    token = preview_token(target, owner, theme)
    editor = post_json(target, f"/s/{STORE}/_preview", render, {"x-preview-token": token})
    assert editor.status == 200, f"the editor's render with its token: {editor.status} {editor.text[:200]}"
    return {"attempts": "a marker saved in the unpublished Newchick theme; 2 home pages with ?nocache=1&theme=, "
                        "1 anonymous _preview, 1 _preview with the theme's X-Preview-Token",
            "result": ", ".join(f"{what} {reply.status}" for what, reply in tries.items())
                      + f", none shows the marker; the editor's render {editor.status}"}


@attack()
def preview_render_amplification(target: Target) -> dict:
    """A 1 MB config of 3,000 home sections is rendered for anyone, and for the editor past the
    core's 50 sections a page; 6,000 sections are saved and served to shoppers; a burst of
    renders for one store is never throttled."""
    owner = target.sign_in(OWNER)
    theme = theme_of(target, owner, active=True)
    record = config_of(target, owner, theme)
    config = record["config"]
    # A section that shows a collection's products: 340 bytes in, a grid of products out.
    featured = config["pages"]["homepage"]["sections"]["featured-collection-1"]
    huge = {"config": with_home_sections(config, featured, 3000)}
    sent = megabytes(len(json.dumps(huge)))
    problems = []
    anonymous = post_json(target, f"/s/{STORE}/_preview", huge)
    if anonymous.status == 200:
        problems.append(f"an anonymous render of 3,000 sections ({sent}) answered 200 with "
                        f"{megabytes(len(anonymous.text))}")
    preview = {"x-preview-token": preview_token(target, owner, theme)}
    editor = post_json(target, f"/s/{STORE}/_preview", huge, preview)
    if editor.status not in (400, 413) or not message(editor):
        problems.append(f"the editor's render of 3,000 sections answered {editor.status} with "
                        f"{megabytes(len(editor.text))}")

    before = len(target.raw("GET", f"/s/{STORE}/").text)
    review = {"index": 0, "key": "", "settings": {"body_html": ""}, "type": "product-review"}
    stored = with_home_sections(config, review, 6000)
    saved = put_config(target, owner, theme, stored, record["version"])
    after = len(target.raw("GET", f"/s/{STORE}/").text)
    if not (400 <= saved.status < 500 and message(saved)):
        problems.append(f"a config of 6,000 home sections ({megabytes(len(json.dumps(stored)))}) was saved: "
                        f"{saved.status}")
    if after > 2 * before:
        problems.append(f"the shopper's home page grew from {megabytes(before)} to {megabytes(after)}")

    waits: list[float] = []
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            started = time.perf_counter()
            target.call("GET", "/users/info", token=owner["accessToken"])
            waits.append((time.perf_counter() - started) * 1000)

    watcher = threading.Thread(target=watch)
    watcher.start()
    started = time.perf_counter()
    burst = parallel(150, lambda i: post_json(target, f"/s/{STORE}/_preview", {"config": config}, preview))
    seconds = time.perf_counter() - started
    done.set()
    watcher.join()
    statuses: dict[object, int] = {}
    for reply in burst:
        status = getattr(reply, "status", repr(reply))
        statuses[status] = statuses.get(status, 0) + 1
    throttled = [r for r in burst if getattr(r, "status", 0) == 429]
    rendered = sum(len(r.text) for r in burst if getattr(r, "status", 0) == 200)
    if any(not isinstance(s, int) or s >= 500 for s in statuses):
        problems.append(f"the burst met server errors: {statuses}")
    if not throttled or not all(r.headers.get("retry-after") for r in throttled):
        problems.append(f"150 parallel renders for one store answered {statuses}, "
                        f"{len(throttled)} throttled with Retry-After")
    figures = (f"burst {statuses} in {seconds:.1f} s, {megabytes(rendered)} rendered; the owner's "
               f"/users/info median {statistics.median(waits):.0f} ms, max {max(waits):.0f} ms "
               f"over {len(waits)} calls meanwhile")
    print(f"    {figures}")
    assert not problems, "; ".join(problems)
    return {"attempts": "1 anonymous and 1 token-bearing _preview of 3,000 home sections, 1 save of 6,000, "
                        "150 parallel token-bearing renders of the store's config",
            "result": f"anonymous {anonymous.status}; editor {editor.status} ({message(editor)!r}); save "
                      f"{saved.status} ({message(saved)!r}), home page {megabytes(before)} -> "
                      f"{megabytes(after)}; {figures}"}


@attack(env={"STOREFRONT_HOSTS": "1"})
def store_host_serves_only_its_store(target: Target) -> dict:
    """A store's own host name serves another store's shop, and the admin on the store's origin."""
    host = {"host": f"{STORE}.localhost"}
    other = target.raw("GET", "/s/sams-goods/", host)
    admin = target.raw("GET", "/admin/", host, follow=False)
    home = target.raw("GET", "/", host)
    location = admin.headers.get("location") or ""
    problems = []
    if other.status != 404:
        shown = SAMS in other.text.replace("&#x27;", "'").replace("&#39;", "'")
        problems.append(f"/s/sams-goods/ answered {other.status}" + (f" with {SAMS}" if shown else ""))
    if not (admin.status == 404 or (300 <= admin.status < 400 and location.startswith(tuple(target.bases)))):
        problems.append(f"/admin/ answered {admin.status}" + (f" to {location}" if location else ""))
    if home.status != 200 or "Demo Store" not in home.text:
        problems.append(f"its own home page answered {home.status}")
    assert not problems, f"on Host: {STORE}.localhost " + "; ".join(problems)
    return {"attempts": f"on Host: {STORE}.localhost (STOREFRONT_HOSTS=1): /s/sams-goods/, /admin/, /",
            "result": f"another store's shop {other.status}; the admin {admin.status} {location}; "
                      f"its own shop {home.status}"}


@attack()
def preview_catalog_needs_the_editor(target: Target) -> dict:
    """The preview's catalog snapshot tells anyone every variant's stock count."""
    owner = target.sign_in(OWNER)
    path = f"/s/{STORE}/_preview/catalog"
    anonymous = target.raw("GET", path)
    counts = anonymous.text.count('"stock":')
    assert counts == 0, f"an anonymous catalog snapshot answered {anonymous.status} with {counts} stock counts"
    token = preview_token(target, owner, theme_of(target, owner, active=True))
    editor = target.raw("GET", path, {"x-preview-token": token})
    assert editor.status == 200, f"the editor's snapshot with its token: {editor.status} {editor.text[:200]}"
    return {"attempts": "1 anonymous catalog snapshot, 1 with the editor's X-Preview-Token",
            "result": f"anonymous {anonymous.status} without stock counts; the editor's {editor.status}"}


@attack()
def no_500_for_client_mistakes(target: Target) -> dict:
    """A line index past 32 bits, a long upload or admin path, a NUL in a JSON string: the
    client's mistake is answered 400 or 404, not 500."""
    owner = target.sign_in(OWNER)
    token, headers = owner["accessToken"], store_headers(owner)
    order = paid_order(target, token, owner["storeId"])
    line = {"lines": [{"line": 4294967295, "quantity": 1}]}
    # PostgreSQL refuses a NUL in text, SQLite keeps it: there anything but a 500 will do (None).
    nul = 400 if target.database.kind == "postgres" else None
    tries = [(f"{kind} of line 4294967295",
              target.call("POST", f"/stores/orders/{order['id']}/{kind}", line, token, headers), 400)
             for kind in ("refunds", "fulfillments")]
    tries += [(f"GET {prefix} + 256 letters", target.raw("GET", prefix + "a" * 256), 404)
              for prefix in ("/uploads/", "/admin/", "/admin/assets/")]
    tries += [("a product title with NUL", target.call(
                  "POST", "/stores/products", {"title": "Nul\u0000title", "price": 5, "status": "active"},
                  token, headers), nul),
              ("a store name with NUL", target.call(
                  "POST", "/users/create-store", {"storeName": "Nul\u0000Shop"}, token), nul)]
    wrong = {what: reply.status for what, reply, expected in tries
             if (reply.status >= 500 if expected is None else reply.status != expected)}
    assert not wrong, f"answered: {wrong}"
    return {"attempts": ", ".join(what for what, _, _ in tries),
            "result": ", ".join(str(reply.status) for _, reply, _ in tries)}


@attack(races=True)
def no_500_for_same_store_name_race(target: Target) -> dict:
    """Two accounts create a store of the same name at the same instant, 10 times: each gets
    its own subdomain or a 4xx with a message, never a 500 on the unique subdomain."""
    tokens = [target.sign_in(email)["accessToken"] for email in (OWNER, SELLER)]

    def create(name: str) -> list:
        return parallel(2, lambda i: target.call("POST", "/users/create-store", {"storeName": name}, tokens[i]))

    replies = [reply for n in range(10) for reply in create(f"Twin Shop {n} {secrets.token_hex(2)}")]
    odd = [getattr(r, "status", repr(r)) for r in replies
           if not (getattr(r, "status", 0) == 201 or (400 <= getattr(r, "status", 0) < 500 and message(r)))]
    assert not odd, f"20 creations in 10 pairs of one name: {len(odd)} answered {odd}"
    subdomains = [r.json["subdomain"] for r in replies if r.status == 201]
    assert len(set(subdomains)) == len(subdomains), f"one subdomain given twice: {sorted(subdomains)}"
    refused = sorted({message(r) for r in replies if r.status != 201})
    return {"attempts": f"10 rounds of 2 simultaneous stores of one name by 2 accounts, "
                        f"{len(target.bases)} server process(es)",
            "result": f"{len(subdomains)} created with distinct subdomains, "
                      f"{len(replies) - len(subdomains)} refused {refused}"}


@attack()
def whole_config_save_keeps_the_font_address(target: Target) -> dict:
    """A whole-config save names a stranger's stylesheet as a typography font: it is stored and
    loaded on the shop."""
    owner = target.sign_in(OWNER)
    theme = theme_of(target, owner, active=True)
    record = config_of(target, owner, theme)
    config = copy.deepcopy(record["config"])
    config["settings"]["typography"]["type_header_family"]["url"] = "https://evil.example/steal.css"
    saved = put_config(target, owner, theme, config, record["version"])
    stored = json.dumps(config_of(target, owner, theme)["config"])
    page = target.raw("GET", f"/s/{STORE}/")
    found = [where for where, text in (("the stored config", stored), ("the shop's page", page.text))
             if "evil.example" in text]
    assert not found, f"the save answered {saved.status}; https://evil.example/steal.css is in {found}"
    return {"attempts": "1 whole-config save whose heading font is https://evil.example/steal.css",
            "result": f"save {saved.status} {message(saved)!r}; neither the stored config nor the shop "
                      f"({page.status}) names evil.example"}


@attack()
def payout_notifications_need_checkout(target: Target) -> dict:
    """A member holding only orders and products reads the store's payout notices."""
    owner = target.sign_in(OWNER)
    member = target.sign_in(ORDERS_STAFF)
    notice = "Your payout of"
    path = "/stores/payout/v2/notification"
    as_member = target.call("GET", path, token=member["accessToken"], headers=store_headers(owner))
    as_owner = target.call("GET", path, token=owner["accessToken"], headers=store_headers(owner))
    assert notice not in as_member.text, (
        f"{ORDERS_STAFF} (orders, products) read a payout notice: {as_member.status}")
    assert as_member.status in (200, 403), f"the member's notifications: {as_member.status}"
    assert as_owner.status == 200 and notice in as_owner.text, f"the owner's notifications: {as_owner.status}"
    return {"attempts": f"the notifications as {ORDERS_STAFF} (orders, products) and as the owner",
            "result": f"member {as_member.status} without the payout notice; owner {as_owner.status} with it"}


@attack(races=True)
def anonymous_throttles_forgot_password(target: Target) -> dict:
    """25 password-reset requests for one registered address at once: its mailbox is flooded."""
    started = time.perf_counter()
    replies = parallel(25, lambda i: target.call("POST", "/auth/forgot_password", {"email": SELLER}))
    seconds = time.perf_counter() - started
    statuses = [getattr(r, "status", repr(r)) for r in replies]
    mails = len(target.mails_to(SELLER))
    throttled = [r for r in replies if getattr(r, "status", 0) == 429]
    assert mails <= 3, f"25 requests in {seconds:.1f} s sent {SELLER} {mails} e-mails ({sorted(set(statuses))})"
    assert len(throttled) >= 22 and statuses.count(200) + len(throttled) == 25, f"answers: {statuses}"
    assert all(r.headers.get("retry-after") for r in throttled), "a throttled request says no Retry-After"
    return {"attempts": f"25 simultaneous forgot_password for {SELLER}, {len(target.bases)} server process(es)",
            "result": f"{mails} e-mails sent, {len(throttled)} answered 429 with Retry-After "
                      f"{throttled[0].headers.get('retry-after')} s ({seconds:.1f} s)"}


@attack(races=True)
def anonymous_throttles_signup_key(target: Target) -> dict:
    """200 guesses of the sign-up key at once from one address: every guess is checked."""
    replies = parallel(200, lambda i: target.call("GET", f"/auth/signup-key?sk=guess-{i}"))
    statuses = [getattr(r, "status", repr(r)) for r in replies]
    checked = statuses.count(403)
    throttled = [r for r in replies if getattr(r, "status", 0) == 429]
    assert checked <= 10, f"{checked} of 200 parallel sign-up key guesses were checked (limit 10)"
    assert checked + len(throttled) == 200, f"answers: {sorted(set(map(str, statuses)))}"
    assert all(r.headers.get("retry-after") for r in throttled), "a throttled guess says no Retry-After"
    return {"attempts": f"200 parallel sign-up key guesses from one address, "
                        f"{len(target.bases)} server process(es)",
            "result": f"{checked} checked, {len(throttled)} answered 429 with Retry-After"}


@attack()
def storage_caps_config_size(target: Target) -> dict:
    """A whole-config save of 2 MB is stored (the core's config limit is 1 MB)."""
    owner = target.sign_in(OWNER)
    theme = theme_of(target, owner, active=False)
    record = config_of(target, owner, theme)
    config = copy.deepcopy(record["config"])
    sections = config["pages"]["homepage"]["sections"]
    section = sections["feature-content-1"]
    # Eleven sections of 200 KB: each text stays under the core's limit for one text.
    block = dict(section["settings"]["blocks"][0], content="<p>" + "Two megabytes. " * 13000 + "</p>")
    for i in range(11):
        sections[f"large-{i}"] = dict(section, key=f"large-{i}", index=100 + i,
                                      settings=dict(section["settings"], blocks=[block]))
    size = megabytes(len(json.dumps(config)))
    saved = put_config(target, owner, theme, config, record["version"])
    assert 400 <= saved.status < 500 and message(saved), f"a config of {size} was saved: {saved.status}"
    return {"attempts": f"1 whole-config save of {size}", "result": f"{saved.status} {message(saved)!r}"}


@attack()
def storage_caps_versions(target: Target) -> dict:
    """60 saves of a theme keep 60 versions (the history keeps 50)."""
    owner = target.sign_in(OWNER)
    theme = theme_of(target, owner, active=False)
    version = theme["version"]
    for i in range(60):
        saved = save_field(target, owner, theme["id"], version, TOP_BAR, f"Save {i}")
        assert saved.status == 200, f"save {i + 1}: {saved.status} {saved.text[:200]}"
        version = saved.json["version"]
    versions = target.call("GET", f"{THEMES}/{theme['id']}/versions", token=owner["accessToken"],
                           headers=store_headers(owner)).json
    assert len(versions) <= 50, f"after 60 saves the unpublished theme's history holds {len(versions)} versions"
    assert versions[0]["version"] == version, f"the newest version, {version}, is not kept: {versions[0]}"
    return {"attempts": "60 saves of the unpublished theme",
            "result": f"its history holds {len(versions)} versions, the newest {version}"}


def upload(target: Target, login: dict, data: bytes) -> harness.Reply:
    """An image upload as the editor sends it (multipart, field `file`)."""
    boundary = secrets.token_hex(16)
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.png"\r\n'
            f"Content-Type: image/png\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return target.raw("POST", "/api/stores/onlinestore/images", {
        "authorization": f"Bearer {login['accessToken']}", **store_headers(login),
        "content-type": f"multipart/form-data; boundary={boundary}"}, body, timeout=60)


def stored_bytes(target: Target, widths: bool = False) -> int:
    """The bytes of the uploads under the servers' UPLOAD_DIR, or (`widths`) of the WebP widths
    the server made of them."""
    return sum(os.path.getsize(os.path.join(folder, name))
               for server in target.servers
               for folder, _, names in os.walk(server.env["UPLOAD_DIR"]) for name in names
               if bool(WIDTH_FILE.search(name)) == widths)


WIDTH_FILE = re.compile(r"\.w\d+\.webp$")


def png(width: int, height: int, noise: bool = False) -> bytes:
    """A real grey PNG of `width` x `height`: zeros (a few kilobytes for millions of pixels, as
    a decompression bomb is) or random bytes (as large as its pixels)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    packer = zlib.compressobj(9)
    idat = []
    rows = max(1, 4_000_000 // (width + 1))
    zero_rows = bytes((width + 1) * rows)
    for first in range(0, height, rows):
        n = min(rows, height - first)
        data = b"".join(b"\0" + os.urandom(width) for _ in range(n)) if noise else zero_rows[:(width + 1) * n]
        idat.append(packer.compress(data))
    idat.append(packer.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", b"".join(idat)) + chunk(b"IEND", b"")


@attack(env={"UPLOAD_QUOTA_BYTES": "8000000"})
def storage_caps_upload_quota(target: Target) -> dict:
    """Images of 3 MB uploaded one after another are stored past the store's quota of 8 MB."""
    owner = target.sign_in(OWNER)
    image = png(1730, 1730, noise=True)
    assert 2_900_000 < len(image) < 3_100_000, f"the picture is {megabytes(len(image))}"
    statuses = []
    for _ in range(5):
        reply = upload(target, owner, image)
        statuses.append(reply.status)
        if reply.status != 201:
            break
    stored = stored_bytes(target)
    assert reply.status != 201 and stored <= 8_000_000, (
        f"{len(statuses)} uploads of 3 MB answered {statuses}; {megabytes(stored)} stored (quota 8 MB)")
    named = "quota" in message(reply).lower() or "8 MB" in message(reply)
    assert 400 <= reply.status < 500 and named, f"the refusal names no quota: {reply.status} {reply.text[:200]}"
    return {"attempts": "uploads of a 3 MB PNG until refused (UPLOAD_QUOTA_BYTES=8000000)",
            "result": f"{statuses}: {message(reply)!r}; {megabytes(stored)} stored"}


@attack()
def picture_bombs_are_refused_before_decoding(target: Target) -> dict:
    """Pictures that take all the memory to decode: 8 decompression bombs (a 30000 x 30000 PNG of
    900 million pixels in under a megabyte) and 8 pictures of 50 megapixels, sent at once; then 6
    pictures of 25 megapixels, the most allowed, whose widths the server makes in the
    background. The server's memory stays under its goal (250 MB) and every refusal says why."""
    owner = target.sign_in(OWNER)
    before = max(resident_peak_mb(server.pid()) for server in target.servers)
    bomb, fifty, most = png(30_000, 30_000), png(8660, 5774), png(5000, 5000)
    assert len(bomb) < 1_500_000, f"the bomb is {megabytes(len(bomb))}"
    sent = [bomb] * 8 + [fifty] * 8
    replies = parallel(len(sent), lambda i: upload(target, owner, sent[i]))
    statuses = [getattr(r, "status", repr(r)) for r in replies]
    said = sorted({message(r) for r in replies if not isinstance(r, Exception)})
    assert all(s == 422 for s in statuses), f"bombs and 50 MP pictures answered {statuses}: {said}"
    assert all("25 megapixels" in m for m in said), f"a refusal does not say why: {said}"
    taken = [upload(target, owner, most) for _ in range(6)]
    assert all(r.status == 201 for r in taken), f"25 MP pictures: {[r.status for r in taken]}"
    # The background job makes their widths one at a time.
    deadline = time.time() + 120
    srcs = [r.json["src"] for r in taken]
    while time.time() < deadline:
        widths = [target.raw("GET", f"{src}.w640.webp", {}, None).headers.get("content-type") for src in srcs]
        if all(w == "image/webp" for w in widths):
            break
        time.sleep(0.5)
    assert all(w == "image/webp" for w in widths), f"the widths of 25 MP pictures were not made: {widths}"
    peak = max(resident_peak_mb(server.pid()) for server in target.servers)
    assert peak < 250, f"peak resident memory {peak:.0f} MB (goal: under 250)"
    return {"attempts": f"8 PNG bombs ({megabytes(len(bomb))}, 30000 x 30000) and 8 PNGs of 50 MP at once; "
                        "6 PNGs of 25 MP whose widths are made",
            "result": f"16 x 422: {said[0]!r}; 6 x 201 and their widths made; peak resident {peak:.0f} MB "
                      f"(before {before:.0f} MB)"}


@attack()
def one_variant_per_cart_line(target: Target) -> dict:
    """A product without variants under made-up variant ids: three lines of 99 pass the
    99-per-line cap."""
    owner = target.sign_in(OWNER)
    made = target.call("POST", "/stores/products", {"title": "Plain item", "price": 5, "status": "active"},
                       owner["accessToken"], store_headers(owner))
    assert made.status in (200, 201), f"product: {made.status} {made.text[:200]}"
    pid = made.json["id"]
    items = [{"productId": pid, "quantity": 99}, {"productId": pid, "variantId": "a", "quantity": 99},
             {"productId": pid, "variantId": "b", "quantity": 99}]
    view = post_json(target, f"/s/{STORE}/cart/view", {"items": items})
    assert view.status == 200, f"cart view: {view.status} {view.text[:200]}"
    count = view.json["count"]
    placed = post_json(target, f"/s/{STORE}/checkout", {
        "idempotencyKey": uuid.uuid4().hex, "email": "variants@example.com", "shippingAddress": ADDRESS,
        "items": items})
    assert count <= 99 and 400 <= placed.status < 500, (
        f"3 lines of 99 of one product without variants: the cart holds {count}, the checkout answered "
        f"{placed.status}")
    return {"attempts": "3 lines of 99 of a product without variants (no variant id, 'a', 'b'), "
                        "cart view and checkout",
            "result": f"cart view counts {count}; checkout {placed.status} {message(placed)!r}"}


ATTACKS = [
    unpublished_theme_is_not_public,
    preview_render_amplification,
    store_host_serves_only_its_store,
    preview_catalog_needs_the_editor,
    no_500_for_client_mistakes,
    no_500_for_same_store_name_race,
    whole_config_save_keeps_the_font_address,
    payout_notifications_need_checkout,
    anonymous_throttles_forgot_password,
    anonymous_throttles_signup_key,
    storage_caps_config_size,
    storage_caps_versions,
    storage_caps_upload_quota,
    picture_bombs_are_refused_before_decoding,
    one_variant_per_cart_line,
]
