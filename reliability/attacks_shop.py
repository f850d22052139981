"""Attacks on shop (see attacks.py): the storefront's checkout, cart, public catalogue and
analytics beacon, tried the way an anonymous shopper could."""

from __future__ import annotations

import json
import time
import uuid

from attackkit import Target, attack, parallel

STORE = "demo"
OWNER = "owner@storeloom.dev"
DESIGNER = "designer@example.com"
SELLER = "seller@example.com"
ADDRESS = {"name": "Attack Shopper", "line1": "1 Test Street", "city": "Springfield", "region": "IL",
           "postcode": "62701", "country": "US", "phone": "+1 217 555 0100"}


def owner(target: Target) -> tuple[str, str]:
    login = target.sign_in(OWNER)
    return login["accessToken"], login["storeId"]


def store_headers(store_id: str) -> dict[str, str]:
    return {"x-store-id": store_id}


def buyable(target: Target) -> dict:
    """An active product of the demo store that has an option in stock: {id, variantId}."""
    reply = target.call("GET", f"/public/stores/{STORE}/products?limit=100")
    assert reply.status == 200, f"public products: {reply.status} {reply.text[:200]}"
    for product in reply.json["products"] if isinstance(reply.json, dict) else reply.json:
        for variant in product.get("variants") or []:
            if variant.get("available", variant.get("stock", 0) > 0):
                return {"id": product["id"], "variantId": variant["id"], "handle": product["handle"]}
    raise AssertionError("the demo store has no product in stock")


def checkout(target: Target, product: dict, quantity: int = 1, **extra) -> object:
    body = {
        "idempotencyKey": uuid.uuid4().hex,
        "email": f"shopper-{uuid.uuid4().hex[:8]}@example.com",
        "shippingAddress": ADDRESS,
        "items": [{"productId": product["id"], "variantId": product["variantId"], "quantity": quantity}],
    }
    body.update(extra)
    return target.raw("POST", f"/s/{STORE}/checkout", {"content-type": "application/json"},
                      json.dumps(body).encode())


def balance_minor(target: Target, token: str, store_id: str) -> int:
    reply = target.call("GET", "/stores/payout/v2/balance", token=token, headers=store_headers(store_id))
    assert reply.status == 200, f"balance: {reply.status} {reply.text[:200]}"
    return round(reply.json["availableToPayout"] * 100)


@attack()
def test_orders_do_not_become_payable_money(target: Target) -> dict:
    """A free checkout of a store in test mode is a test order: flagged, not payable."""
    token, store_id = owner(target)
    product = buyable(target)
    before = balance_minor(target, token, store_id)
    placed = [checkout(target, product) for _ in range(3)]
    created = [r for r in placed if r.status == 201]
    assert created, f"no checkout was placed: {[r.status for r in placed]} {placed[0].text[:200]}"
    after = balance_minor(target, token, store_id)
    assert after == before, (
        f"{len(created)} free checkouts raised the payable balance from {before} to {after} (minor units)")
    flagged = 0
    for reply in created:
        order_id = reply.json["orderId"]
        order = target.call("GET", f"/stores/orders/{order_id}", token=token, headers=store_headers(store_id))
        assert order.status == 200, f"order {order_id}: {order.status}"
        flagged += 1 if order.json.get("test") is True else 0
    assert flagged == len(created), f"only {flagged} of {len(created)} free orders are flagged as test orders"
    overview = target.call("GET", "/stores/analytics/overview", token=token, headers={
        **store_headers(store_id), "cache-control": "no-cache"})
    with_tests = target.call("GET", "/stores/analytics/overview?testOrders=include", token=token, headers={
        **store_headers(store_id), "cache-control": "no-cache"})
    assert overview.status == 200 and with_tests.status == 200, f"overview: {overview.status} {with_tests.status}"
    shown = overview.json["current"]["orders"]["total_orders"]
    shown_with_tests = with_tests.json["current"]["orders"]["total_orders"]
    assert shown_with_tests - shown == len(created), (
        f"the Overview counts {shown} orders, {shown_with_tests} with test orders, for {len(created)} test orders")
    return {
        "attempts": f"{len(placed)} anonymous checkouts on the demo store (test mode)",
        "result": f"{len(created)} placed as test orders, all {flagged} flagged; payable balance {before} -> {after} "
                  f"minor units; Overview orders {shown} without, {shown_with_tests} with test orders",
    }


@attack(races=True)
def checkout_flood_is_rate_limited(target: Target) -> dict:
    """40 checkouts at once from one address: a few pass, the rest are throttled, stock stays."""
    product = buyable(target)
    replies = parallel(40, lambda i: checkout(target, product))
    statuses: dict[int, int] = {}
    for reply in replies:
        status = reply.status if hasattr(reply, "status") else -1
        statuses[status] = statuses.get(status, 0) + 1
    placed = statuses.get(201, 0)
    throttled = statuses.get(429, 0)
    # The limit is 10 a minute in fixed windows: a burst across a window's end may place twice
    # that, never more.
    assert placed <= 20 and throttled >= 20, (
        f"{placed} of 40 simultaneous checkouts from one address were placed, {throttled} throttled: {statuses}")
    assert placed + throttled == 40, f"unexpected answers: {statuses}"
    retry = next((r.headers.get("retry-after") for r in replies if getattr(r, "status", 0) == 429), None)
    assert retry, "a throttled checkout says no Retry-After"
    return {
        "attempts": f"40 simultaneous checkouts from one address, {len(target.bases)} server process(es)",
        "result": f"{placed} placed, {throttled} answered 429 (Retry-After {retry} s)",
    }


@attack()
def live_store_without_gateway_takes_no_order(target: Target) -> dict:
    """Test mode off and no payment gateway: the checkout is unavailable and places no order."""
    token, store_id = owner(target)
    product = buyable(target)
    headers = store_headers(store_id)
    # The demo store has gateways: they are removed, so the store has none.
    cleared = target.call("POST", "/stores/payout/proxy/save-store-proxies", {"proxyIds": []}, token=token,
                          headers=headers)
    assert cleared.status == 200, f"gateways not cleared: {cleared.status} {cleared.text[:200]}"
    gateways = target.call("GET", "/stores/payout/proxy/store-proxies", token=token, headers=headers)
    assert gateways.status == 200 and gateways.json == [], f"the demo store still has gateways: {gateways.text[:200]}"
    switched = target.call("PUT", "/stores/settings/test-mode", {"testMode": False}, token=token, headers=headers)
    assert switched.status == 200, f"test mode cannot be switched off: {switched.status} {switched.text[:200]}"
    count_before = target.call("GET", "/stores/orders/count", token=token, headers=headers).json
    reply = checkout(target, product)
    count_after = target.call("GET", "/stores/orders/count", token=token, headers=headers).json
    page = target.raw("GET", f"/s/{STORE}/checkout")
    assert reply.status not in (200, 201), f"a live store without a gateway placed an order: {reply.text[:200]}"
    assert count_after == count_before, f"orders {count_before} -> {count_after}"
    assert "unavailable" in page.text.lower(), "the checkout page does not say checkout is unavailable"
    return {
        "attempts": "gateways removed, test mode switched off, 1 checkout, the checkout page",
        "result": f"checkout {reply.status} ({(reply.json or {}).get('messages', [''])[0]}); orders "
                  f"{count_before} -> {count_after}; page {page.status} says checkout is unavailable",
    }


@attack()
def spaced_line_ids_do_not_pass_the_line_cap(target: Target) -> dict:
    """The same product under ids with spaces around: merged, so the 99-per-line cap holds."""
    # A product without options (no stock count limits it), as a seller may sell.
    token, store_id = owner(target)
    made = target.call("POST", "/stores/products", {"title": "Bulk item", "price": 5, "status": "active"},
                       token=token, headers=store_headers(store_id))
    assert made.status in (200, 201), f"product: {made.status} {made.text[:200]}"
    pid = made.json["id"]
    items = [{"productId": p, "quantity": 99} for p in (pid, f" {pid}", f"{pid} ", f"  {pid}  ")]
    view = target.raw("POST", f"/s/{STORE}/cart/view", {"content-type": "application/json"},
                      json.dumps({"items": items}).encode())
    assert view.status == 200, f"cart view: {view.status} {view.text[:200]}"
    count = view.json["count"]
    assert count <= 99, f"the cart holds {count} of one product through spaced ids"
    body = {"idempotencyKey": uuid.uuid4().hex, "email": "spaced@example.com", "shippingAddress": ADDRESS,
            "items": items}
    placed = target.raw("POST", f"/s/{STORE}/checkout", {"content-type": "application/json"},
                        json.dumps(body).encode())
    assert placed.status not in (200, 201), f"a checkout of 4 x 99 through spaced ids was placed: {placed.text[:200]}"
    return {
        "attempts": "4 lines of 99 of one product under ids with spaces around, cart view and checkout",
        "result": f"cart view counts {count}; checkout {placed.status}",
    }


@attack()
def malformed_storefront_address_is_404(target: Target) -> dict:
    """Header-injection bytes in a storefront address answer 404, not 500."""
    paths = ["/s/demo%0d%0aSet-Cookie:%20x=1", "/s/demo%0d%0aSet-Cookie:%20x=1/",
             "/s/%00", "/s/de%20mo", "/s/demo%0a/cart", "/s/" + "a" * 300]
    answers = {p: target.raw("GET", p).status for p in paths}
    wrong = {p: s for p, s in answers.items() if s != 404}
    assert not wrong, f"not 404: {wrong}"
    return {"attempts": f"{len(paths)} storefront addresses with CR/LF, NUL, space or 300 letters",
            "result": f"all {len(paths)} answered 404"}


@attack()
def public_catalogue_shows_no_stock_counts(target: Target) -> dict:
    """The public product API and the storefront's page data say available or not, no count."""
    product = buyable(target)
    leaks = []
    lists = target.call("GET", f"/public/stores/{STORE}/products?limit=100")
    one = target.call("GET", f"/public/stores/{STORE}/products/{product['handle']}")
    page = target.raw("GET", f"/s/{STORE}/products/{product['handle']}")
    for name, text in (("list", lists.text), ("product", one.text), ("page", page.text)):
        if '"stock":' in text:
            leaks.append(name)
    assert not leaks, f"stock counts shown in: {leaks}"
    assert '"available"' in one.text, "the public product does not say whether it is available"
    return {"attempts": "the public product list, one public product, the product page's data",
            "result": "no stock count in any; variants carry available true/false"}


@attack()
def beacon_cannot_fake_or_backdate_conversions(target: Target) -> dict:
    """checkout_completed from the beacon and events 7 days old are not counted."""
    token, store_id = owner(target)
    now = int(time.time() * 1000)
    agent = {"user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36",
             "content-type": "text/plain"}
    fake = [{"type": "checkout_completed", "sessionId": f"fake-{i}", "at": now, "page": "/"} for i in range(20)]
    old = [{"type": "page_view", "sessionId": f"old-{i}", "at": now - 7 * 86_400_000 + 60_000, "page": "/"}
           for i in range(20)]
    stale = [{"type": "page_view", "sessionId": f"stale-{i}", "at": now - 10 * 60_000, "page": "/"}
             for i in range(5)]
    accepted = {}
    for name, events in (("checkout_completed", fake), ("7 days old", old), ("10 minutes old", stale)):
        reply = target.raw("POST", "/api/storefront/events", agent,
                           json.dumps({"storeKey": store_id, "events": events}).encode())
        assert reply.status in (202, 400), f"{name}: {reply.status} {reply.text[:200]}"
        accepted[name] = (reply.json or {}).get("accepted", 0) if reply.status == 202 else 0
    taken = {k: v for k, v in accepted.items() if v}
    assert not taken, f"events accepted: {taken}"
    return {"attempts": "20 beacon checkout_completed, 20 page views 7 days old, 5 page views 10 minutes old",
            "result": f"accepted {sum(accepted.values())} of 45"}


@attack(races=True, env={"CHECKOUT_ADDRESS_LIMIT": "1000"})
def discount_code_limit_holds_under_parallel_checkouts(target: Target) -> dict:
    """30 checkouts at once with a code good for 3 uses, and 10 by one shopper with a code good
    once per customer: the limits hold across server processes."""
    token, store_id = owner(target)
    headers = store_headers(store_id)
    for body in ({"code": "THREE", "valueType": "percent", "value": 50, "usageLimit": 3},
                 {"code": "ONCEEACH", "valueType": "amount", "value": 1, "perCustomerLimit": 1}):
        made = target.call("POST", "/stores/discounts", body, token=token, headers=headers)
        assert made.status == 201, f"discount: {made.status} {made.text[:200]}"
    product = buyable(target)
    shared = parallel(30, lambda i: checkout(target, product, discountCode="THREE"))
    one_shopper = parallel(10, lambda i: checkout(target, product, discountCode="ONCEEACH",
                                                  email="same-shopper@example.com"))

    def placed(replies: list) -> int:
        return sum(1 for r in replies if getattr(r, "status", 0) == 201)

    wrong = [getattr(r, "status", -1) for r in shared + one_shopper
             if getattr(r, "status", -1) not in (201, 400, 409)]
    assert not wrong, f"answers other than 201/400/409: {wrong}"
    listed = target.call("GET", "/stores/discounts?limit=100", token=token, headers=headers)
    used = {d["code"]: d["used"] for d in listed.json["discounts"]}
    assert placed(shared) == 3 and used["THREE"] == 3, (
        f"a code for 3 uses placed {placed(shared)} orders (used {used['THREE']})")
    assert placed(one_shopper) == 1 and used["ONCEEACH"] == 1, (
        f"a code once per customer placed {placed(one_shopper)} orders for one shopper")
    return {
        "attempts": f"30 simultaneous checkouts with a 3-use code, 10 by one shopper with a once-per-customer "
                    f"code, {len(target.bases)} server process(es)",
        "result": f"{placed(shared)} and {placed(one_shopper)} placed; the rest refused (400/409)",
    }


def paid_order(target: Target, token: str, store_id: str) -> dict:
    """A paid, unfulfilled, non-test order of the demo store with at least one line."""
    reply = target.call("GET", "/stores/orders?financialStatus=paid&fulfillmentStatus=unfulfilled&limit=100",
                        token=token, headers=store_headers(store_id))
    assert reply.status == 200, f"orders: {reply.status} {reply.text[:200]}"
    for order in reply.json["orders"]:
        if not order.get("test") and order["lineItems"]:
            return order
    raise AssertionError("the demo store has no paid unfulfilled order")


@attack(races=True)
def parallel_refunds_never_give_back_more_than_was_paid(target: Target) -> dict:
    """20 refunds of the same line at once, then 20 full cancellations: the money given back is
    never more than the order's total, and the balance falls by it once."""
    token, store_id = owner(target)
    headers = store_headers(store_id)
    order = paid_order(target, token, store_id)
    path = f"/stores/orders/{order['id']}"
    before = balance_minor(target, token, store_id)
    line = {"line": 0, "quantity": order["lineItems"][0]["quantity"]}
    refunds = parallel(20, lambda i: target.call("POST", f"{path}/refunds", {"lines": [line]}, token=token,
                                                 headers=headers))
    cancels = parallel(20, lambda i: target.call("POST", f"{path}/cancel", {}, token=token, headers=headers))
    done = [r for r in refunds + cancels if getattr(r, "status", 0) in (200, 201)]
    errors = [getattr(r, "status", -1) for r in refunds + cancels if getattr(r, "status", 0) >= 500]
    assert not errors, f"server errors: {errors}"
    after = target.call("GET", path, token=token, headers=headers).json
    given = round(sum(r["amount"] for r in after["refunds"]) * 100)
    total = round(after["grandTotal"] * 100)
    assert given <= total and round(after["refunded"] * 100) == given, (
        f"refunds gave back {given} of an order of {total} (refunded says {after['refunded']})")
    line_refunds = sum(1 for r in refunds if getattr(r, "status", 0) == 201)
    assert line_refunds <= 1, f"the same line was refunded {line_refunds} times"
    dropped = before - balance_minor(target, token, store_id)
    assert dropped > 0 and dropped <= given, f"balance fell by {dropped} for {given} refunded"
    return {
        "attempts": f"20 simultaneous refunds of one line and 20 cancellations of one order, "
                    f"{len(target.bases)} server process(es)",
        "result": f"{len(done)} accepted, the rest refused; {given} of {total} minor units given back; "
                  f"balance fell by {dropped}",
    }


@attack(races=True)
def parallel_fulfilments_never_ship_a_line_twice(target: Target) -> dict:
    """20 fulfilments of the whole order at once: one ships it, the rest are refused."""
    token, store_id = owner(target)
    headers = store_headers(store_id)
    order = paid_order(target, token, store_id)
    path = f"/stores/orders/{order['id']}"
    lines = [{"line": i, "quantity": l["quantity"]} for i, l in enumerate(order["lineItems"])]
    replies = parallel(20, lambda i: target.call("POST", f"{path}/fulfillments",
                                                 {"lines": lines, "notifyCustomer": False},
                                                 token=token, headers=headers))
    shipped = sum(1 for r in replies if getattr(r, "status", 0) == 201)
    errors = [getattr(r, "status", -1) for r in replies if getattr(r, "status", 0) >= 500]
    after = target.call("GET", path, token=token, headers=headers).json
    over = [l for l in after["lineItems"] if l["fulfilledQuantity"] > l["quantity"]]
    assert not errors, f"server errors: {errors}"
    assert shipped == 1 and not over and len(after["fulfillments"]) == 1, (
        f"{shipped} fulfilments accepted, {len(after['fulfillments'])} recorded, over-shipped lines: {over}")
    return {
        "attempts": f"20 simultaneous fulfilments of all lines of one order, {len(target.bases)} server process(es)",
        "result": f"1 accepted, {len(replies) - 1} refused; every line shipped once",
    }


@attack()
def order_changes_need_the_orders_scope_and_the_store(target: Target) -> dict:
    """Staff without the orders scope, and another store's owner naming their own store, cannot
    ship, refund, cancel or read the demo's orders or export its customers."""
    token, store_id = owner(target)
    order = paid_order(target, token, store_id)
    path = f"/stores/orders/{order['id']}"
    designer = target.sign_in(DESIGNER)["accessToken"]
    seller = target.sign_in(SELLER)
    tries = {
        "designer refunds": target.call("POST", f"{path}/refunds", {"lines": [{"line": 0, "quantity": 1}]},
                                        token=designer, headers=store_headers(store_id)),
        "designer ships": target.call("POST", f"{path}/fulfillments", {"lines": [{"line": 0, "quantity": 1}]},
                                      token=designer, headers=store_headers(store_id)),
        "designer exports customers": target.call("GET", "/stores/customers/export", token=designer,
                                                  headers=store_headers(store_id)),
        "seller refunds in own store": target.call("POST", f"{path}/refunds",
                                                   {"lines": [{"line": 0, "quantity": 1}]},
                                                   token=seller["accessToken"],
                                                   headers=store_headers(seller["storeId"])),
        "seller cancels in own store": target.call("POST", f"{path}/cancel", {}, token=seller["accessToken"],
                                                   headers=store_headers(seller["storeId"])),
        "seller names the demo store": target.call("POST", f"{path}/refunds",
                                                   {"lines": [{"line": 0, "quantity": 1}]},
                                                   token=seller["accessToken"], headers=store_headers(store_id)),
        "anonymous refunds": target.call("POST", f"{path}/refunds", {"lines": [{"line": 0, "quantity": 1}]},
                                         headers=store_headers(store_id)),
    }
    allowed = {name: r.status for name, r in tries.items() if r.status not in (401, 403, 404)}
    assert not allowed, f"not refused: {allowed}"
    after = target.call("GET", path, token=token, headers=store_headers(store_id)).json
    assert after["financialStatus"] == "paid" and not after["refunds"] and not after["fulfillments"], (
        f"the order changed: {after['financialStatus']}, {len(after['refunds'])} refunds")
    return {"attempts": ", ".join(tries), "result": ", ".join(f"{n} {r.status}" for n, r in tries.items())}


@attack(races=True, env={"CHECKOUT_ADDRESS_LIMIT": "1000"})
def personalization_values_are_bounded_and_only_the_set_ups(target: Target) -> dict:
    """40 checkouts at once with personalization values no set-up allows: 200 KB names, 60
    values, layers the set-up lacks, a name twice, a missing or too long or multi-line name, and
    values for a product without a set-up. Each is refused (400, or 413/422 for a body past the
    limit or of the wrong shape), never 5xx, and none places an order; a good one still does."""
    token, store_id = owner(target)
    headers = store_headers(store_id)

    def product(title: str) -> str:
        made = target.call("POST", "/stores/products", {"title": title, "price": 5, "status": "active"},
                           token=token, headers=headers)
        assert made.status in (200, 201), f"product: {made.status} {made.text[:200]}"
        return made.json["id"]

    pen, plain = product("Engraved pen"), product("Plain pen")
    layers = [{"type": "text", "label": "Name", "maxLength": 10, "required": True},
              {"type": "image", "label": "Photo"}]
    setup = target.call("POST", "/personalizes", {"productId": pen, "name": "Pen", "layers": layers},
                        token=token, headers=headers)
    assert setup.status == 201, f"set-up: {setup.status} {setup.text[:200]}"

    def line(pid: str, values: list) -> dict:
        return {"id": pid, "variantId": None, "personalization": values}

    name = lambda value: {"layer": 0, "value": value}  # noqa: E731
    bad = [
        line(pen, [name("x" * 200_000)]),
        line(pen, [name("Ada")] + [{"layer": i, "value": "x"} for i in range(2, 61)]),
        line(pen, [name("Ada"), {"layer": 1, "value": "https://evil.example/x.png"}]),
        line(pen, [name("Ada"), {"layer": 7, "value": "x"}]),
        line(pen, [name("Ada"), name("Bo")]),
        line(pen, []),
        line(pen, [name("Adalovelace!")]),
        line(pen, [name("Ada\nDROP")]),
        line(plain, [name("Ada")]),
        line(pen, {"0": "Ada"}),
    ]

    def send(body_line: dict) -> object:
        item = {"productId": body_line["id"], "quantity": 1, "personalization": body_line["personalization"]}
        body = {"idempotencyKey": uuid.uuid4().hex, "email": f"p-{uuid.uuid4().hex[:8]}@example.com",
                "shippingAddress": ADDRESS, "items": [item]}
        return target.raw("POST", f"/s/{STORE}/checkout", {"content-type": "application/json"},
                          json.dumps(body).encode())

    before = target.call("GET", "/stores/orders/count", token=token, headers=headers).json
    replies = parallel(40, lambda i: send(bad[i % len(bad)]))
    statuses = [getattr(r, "status", -1) for r in replies]
    wrong = [s for s in statuses if s not in (400, 413, 422)]
    assert not wrong, f"answers other than 400/413/422: {wrong}"
    after = target.call("GET", "/stores/orders/count", token=token, headers=headers).json
    assert after == before, f"orders {before} -> {after} with refused personalization values"
    good = send(line(pen, [name(" Ada ")]))
    assert good.status == 201, f"a good personalized checkout: {good.status} {good.text[:200]}"
    order = target.call("GET", f"/stores/orders/{good.json['orderId']}", token=token, headers=headers)
    kept = order.json["lineItems"][0]["personalization"]
    assert kept == [{"label": "Name", "value": "Ada"}], f"the order keeps {kept}"
    counts = {s: statuses.count(s) for s in sorted(set(statuses))}
    return {
        "attempts": f"40 simultaneous checkouts with {len(bad)} kinds of refused personalization values, "
                    "then one good one",
        "result": f"answers {counts}; 0 orders placed; the good one 201 with its value kept",
    }


def store_in_currency(target: Target, token: str, name: str, currency: str) -> str:
    """A new store of the seller's selling in `currency`; its id."""
    made = target.call("POST", "/users/create-store", {"storeName": name}, token)
    assert made.status == 201, f"create-store: {made.status} {made.text[:200]}"
    store_id = made.json["id"]
    preferences = {"standardTimezone": "UTC", "businessType": "other", "paymentChoice": {"type": "seller"},
                   "storeFrontDefaultTheme": "hydro", "currency": currency}
    saved = target.call("PUT", "/stores/preferences", preferences, token, store_headers(store_id))
    assert saved.status == 200, f"preferences: {saved.status} {saved.text[:200]}"
    return store_id


@attack()
def amounts_a_currency_cannot_hold_are_refused_everywhere(target: Target) -> dict:
    """An API client (no form in the way) sends a yen store half a yen and a Kuwaiti dinar store
    half a fils: as prices, compare-at and variant prices, discounts, shipping, unit costs, bulk
    changes, payout settings and payouts. A payment provider cannot charge them, so each is
    refused with a clear message and nothing is written; whole yen and whole fils are taken."""
    token = target.sign_in(SELLER)["accessToken"]
    refused: list[str] = []
    taken: list[str] = []
    for currency, name, bad, good in (("JPY", "Yen Attack Shop", 0.5, 1999), ("KWD", "Dinar Attack Shop", 1.2345, 1.234)):
        store_id = store_in_currency(target, token, name, currency)
        headers = store_headers(store_id)
        product = target.call("POST", "/stores/products", {"title": "Bowl", "price": good, "status": "active"},
                              token, headers)
        assert product.status == 201, f"{currency} price {good}: {product.status} {product.text[:200]}"
        taken.append(f"{currency} {good}")
        product_id = product.json["id"]
        writes = [
            ("POST", "/stores/products", {"title": "Cheap bowl", "price": bad, "status": "active"}),
            ("POST", "/stores/products", {"title": "Sale bowl", "price": good, "compareAtPrice": bad}),
            ("POST", "/stores/products", {"title": "Sized bowl", "price": good,
                                          "options": [{"name": "Size", "values": ["S"]}],
                                          "variants": [{"title": "S", "options": ["S"], "price": bad, "stock": 1}]}),
            ("POST", "/stores/discounts", {"method": "code", "code": "HALF", "valueType": "amount", "value": bad}),
            ("POST", "/stores/discounts", {"method": "code", "code": "MIN", "valueType": "percent", "value": 10,
                                           "minSubtotal": bad}),
            ("PUT", "/stores/settings/shipping", {"zones": [{"name": "Everywhere", "restOfWorld": True,
                                                             "freeShippingOver": good,
                                                             "rates": [{"name": "Standard", "price": bad}]}]}),
            ("PUT", "/stores/reports/costs", {"productId": product_id, "unitCost": bad}),
            ("PUT", "/stores/products/bulk", {"products": [{"id": product_id, "price": bad}]}),
            ("POST", "/stores/bulk-updates", {"field": "price", "operation": "set", "amount": bad}),
            ("POST", "/stores/payout/config", {"schedule": "manual", "minimumAmount": bad}),
        ]
        for method, path, body in writes:
            reply = target.call(method, path, body, token, headers)
            assert reply.status == 400 and reply.json and reply.json.get("messages"), (
                f"{currency}: {method} {path} with {bad}: {reply.status} {reply.text[:300]}")
            refused.append(f"{currency} {path}")
        payout = target.call("POST", "/stores/payout/v2/payout-request", {"amount": bad}, token,
                             {**headers, "idempotency-key": uuid.uuid4().hex})
        assert payout.status == 400, f"{currency} payout of {bad}: {payout.status} {payout.text[:200]}"
        refused.append(f"{currency} payout")
        listed = target.call("GET", "/stores/products?limit=50", None, token, headers)
        titles = sorted(p["title"] for p in listed.json["products"])
        assert titles == ["Bowl"], f"{currency}: refused products were written: {titles}"
        kept = target.call("GET", f"/stores/products/{product_id}", None, token, headers)
        assert kept.json["price"] == good, f"{currency}: the price became {kept.json['price']}"
        codes = target.call("GET", "/stores/discounts", None, token, headers)
        assert not codes.json["discounts"], f"{currency}: refused discounts were written: {codes.text[:200]}"
    return {
        "attempts": f"{len(refused)} writes of half a yen or half a fils: {', '.join(refused[:4])}...",
        "result": f"every one refused with a message, nothing written; {', '.join(taken)} taken",
    }


@attack(races=True)
def shipping_goes_back_once(target: Target) -> dict:
    """Staff refund an order's shipping, then ask for more of it: 10 refunds of one more cent of
    shipping at once, over several processes, and a cancellation. Shipping (and the tax on it)
    goes back once: each later ask is refused, and the cancellation refunds no shipping again."""
    token, store_id = owner(target)
    headers = store_headers(store_id)
    everywhere = {"zones": [{"name": "Everywhere", "restOfWorld": True,
                             "rates": [{"name": "Standard", "price": 4.99}]}]}
    shipping = target.call("PUT", "/stores/settings/shipping", everywhere, token, headers)
    assert shipping.status == 200, f"shipping settings: {shipping.status} {shipping.text[:200]}"
    placed = checkout(target, buyable(target))
    assert getattr(placed, "status", -1) == 201, f"checkout: {placed.status} {placed.text[:200]}"
    path = f"/stores/orders/{json.loads(placed.text)['orderId']}"
    first = target.call("POST", f"{path}/refunds", {"shipping": 4.99}, token, headers)
    assert first.status == 201, f"the shipping refund: {first.status} {first.text[:200]}"
    more = parallel(10, lambda i: target.call("POST", f"{path}/refunds", {"shipping": 0.01}, token, headers))
    answers = sorted(getattr(r, "status", -1) for r in more)
    assert all(s in (400, 409) for s in answers), f"more shipping after all of it: {answers}"
    cancelled = target.call("POST", f"{path}/cancel", {}, token, headers)
    assert cancelled.status == 200, f"cancel: {cancelled.status} {cancelled.text[:200]}"
    order = target.call("GET", path, token=token, headers=headers).json
    given = round(sum(r["shipping"] for r in order["refunds"]) * 100)
    assert given == 499, f"refunds gave back {given} of 499 of shipping"
    assert round(order["refunded"] * 100) == round(order["grandTotal"] * 100), (
        f"refunded {order['refunded']} of {order['grandTotal']}")
    return {
        "attempts": f"a refund of an order's 4.99 of shipping, then 10 simultaneous refunds of 0.01 more shipping "
                    f"and a cancellation, {len(target.bases)} server process(es)",
        "result": f"the 10 answered {answers}; the cancellation gave back the rest without shipping; "
                  f"{given} of 499 of shipping given back once",
    }


@attack(races=True, env={"CHECKOUT_ADDRESS_LIMIT": "1000"})
def tax_follows_the_address_however_the_shopper_writes_it(target: Target) -> dict:
    """A store charges Illinois 6.25 % and the rest of the US 4 %, added at checkout. Shoppers
    at once, over several processes, write Illinois every way a form allows ("il", " Il ",
    "ILLINOIS", "illinois") to pay the country's lower rate, name no state of the list, or send
    their own tax or total: every order placed pays Illinois' rate on its taxed amount, to the
    cent, and the rest are refused with a clear message."""
    token, store_id = owner(target)
    headers = store_headers(store_id)
    rates = {"pricesIncludeTax": False, "taxShipping": False,
             "rates": [{"country": "US", "percent": 4}, {"country": "US", "region": "IL", "percent": 6.25}]}
    saved = target.call("PUT", "/stores/settings/taxes", rates, token, headers)
    assert saved.status == 200, f"tax settings: {saved.status} {saved.text[:200]}"
    product = buyable(target)
    written = ["IL", "il", " Il ", "ILLINOIS", "illinois", "Illinois "]
    evasions = [({"region": "Ill"}, {}), ({"region": "XX"}, {}), ({"region": "IL\u0000"}, {}),
                ({}, {"tax": 0}), ({}, {"totalMinor": 1}), ({}, {"taxMinor": 0})]

    def attempt(i: int):
        if i < 18:
            address = {**ADDRESS, "region": written[i % len(written)]}
            return checkout(target, product, shippingAddress=address)
        change, extra = evasions[(i - 18) % len(evasions)]
        return checkout(target, product, shippingAddress={**ADDRESS, **change}, **extra)

    replies = parallel(24, attempt)
    statuses = [getattr(r, "status", -1) for r in replies]
    assert all(s == 201 for s in statuses[:18]), f"Illinois written its ways: {statuses[:18]}"
    refused = replies[18:]
    # A region off the list is a bad address (400); a field the checkout does not take is a
    # body it cannot read (422). Either way nothing is placed and the shopper is told why.
    assert all(getattr(r, "status", -1) in (400, 422) for r in refused), (
        f"evasions answered {[getattr(r, 'status', -1) for r in refused]}")
    for reply in refused:
        body = json.loads(reply.text or "{}")
        assert body.get("messages"), f"a refusal without a message: {reply.text[:200]}"
    taxes = set()
    for reply in replies[:18]:
        order_id = json.loads(reply.text)["orderId"]
        order = target.call("GET", f"/stores/orders/{order_id}", token=token, headers=headers).json
        off = sum(d["amount"] for d in order["discounts"] if d["valueType"] != "free_shipping")
        base = round((order["subtotal"] - off) * 100)
        # 6.25 % rounded half away from zero, in integers as the core does.
        expected = (base * 62_500 * 2 + 1_000_000) // 2_000_000
        tax = round(order["tax"] * 100)
        assert tax == expected and order["shippingAddress"]["region"] == "IL", (
            f"region {order['shippingAddress']['region']!r}: tax {tax} on {base}, not {expected}")
        taxes.add(tax)
    return {
        "attempts": f"24 simultaneous checkouts, {len(target.bases)} server process(es): Illinois written "
                    f"{len(written)} ways, 3 regions not on the list, 3 bodies naming their own tax or total",
        "result": f"18 placed, each taxed at 6.25 % (tax {sorted(taxes)} minor units) with the region kept as IL; "
                  f"6 refused with a message ({sorted(getattr(r, 'status', -1) for r in refused)})",
    }


@attack(races=True, env={"CHECKOUT_ADDRESS_LIMIT": "1000"})
def shipping_is_the_addresss_whatever_the_shopper_asks(target: Target) -> dict:
    """A store ships to the US at 7.77 (Standard) or 19.99 (Express) and to Germany at 1.00
    (Post), nowhere else. Shoppers at once, over several processes, ask for a rate by name as
    the checkout sends it: the address's own rates (some with spaces around) are placed at the
    core's price; Germany's cheap rate for an American address, names that differ by case or a
    NUL, an overlong name, a country no zone serves, or a body naming its own shipping price are
    refused with a message, and nothing of theirs is placed."""
    token, store_id = owner(target)
    headers = store_headers(store_id)
    before = target.call("GET", "/stores/settings/shipping", token=token, headers=headers)
    assert before.status == 200, f"shipping settings: {before.status} {before.text[:200]}"
    zones = {"zones": [
        {"name": "US", "places": ["US"], "rates": [{"name": "Standard", "price": 7.77},
                                                   {"name": "Express", "price": 19.99}]},
        {"name": "Germany", "places": ["DE"], "rates": [{"name": "Post", "price": 1}]}]}
    saved = target.call("PUT", "/stores/settings/shipping", zones, token, headers)
    assert saved.status == 200, f"zones: {saved.status} {saved.text[:200]}"
    try:
        product = buyable(target)
        asked = ["Standard", "Express", " Express ", None]
        forged = [({}, {"shippingRate": "Post"}), ({}, {"shippingRate": "standard"}),
                  ({}, {"shippingRate": "Standard\u0000"}), ({}, {"shippingRate": "S" * 65}),
                  ({"country": "JP", "region": "", "postcode": "100-0001"}, {"shippingRate": "Post"}),
                  ({}, {"shippingMinor": 0}), ({}, {"shipping": 0}), ({}, {"shippingRate": "Free"})]

        def attempt(i: int):
            if i < 16:
                rate = asked[i % len(asked)]
                return checkout(target, product, **({} if rate is None else {"shippingRate": rate}))
            change, extra = forged[(i - 16) % len(forged)]
            return checkout(target, product, shippingAddress={**ADDRESS, **change}, **extra)

        replies = parallel(24, attempt)
        statuses = [getattr(r, "status", -1) for r in replies]
        assert all(s == 201 for s in statuses[:16]), f"the address's own rates: {statuses[:16]}"
        refused = replies[16:]
        assert all(getattr(r, "status", -1) in (400, 409, 422) for r in refused), (
            f"forged choices answered {[getattr(r, 'status', -1) for r in refused]}")
        for reply in refused:
            body = json.loads(reply.text or "{}")
            assert body.get("messages"), f"a refusal without a message: {reply.text[:200]}"
        prices = {"Standard": 7.77, "Express": 19.99}
        methods: dict[str, int] = {}
        for i, reply in enumerate(replies[:16]):
            order_id = json.loads(reply.text)["orderId"]
            order = target.call("GET", f"/stores/orders/{order_id}", token=token, headers=headers).json
            wanted = (asked[i % len(asked)] or "Standard").strip()
            assert order["shippingMethod"] == wanted and order["shipping"] == prices[wanted], (
                f"asked {asked[i % len(asked)]!r}: placed {order['shippingMethod']!r} at {order['shipping']}")
            methods[wanted] = methods.get(wanted, 0) + 1
    finally:
        restored = target.call("PUT", "/stores/settings/shipping", before.json, token, headers)
        assert restored.status == 200, f"restore: {restored.status} {restored.text[:200]}"
    return {
        "attempts": f"24 simultaneous checkouts, {len(target.bases)} server process(es): 16 naming a US rate "
                    f"(or none), 8 naming another zone's rate, a near name, an overlong one, Japan, or a price",
        "result": f"16 placed at the core's price ({methods}); 8 refused with a message "
                  f"({sorted(getattr(r, 'status', -1) for r in refused)})",
    }


@attack(races=True, env={"CHECKOUT_ADDRESS_LIMIT": "1000"})
def order_mails_show_only_their_own_order_and_store(target: Target) -> dict:
    """Twelve shoppers check out at once over several processes. Each confirmation must name
    its own order and shopper and no other's; the owner is alerted of each order; the owner of
    another store is alerted of none and, previewing their own store's e-mails, sees a sample,
    never the demo's orders. Staff without the orders scope, and the other store's owner naming
    the demo store, cannot ask for the demo's alerts."""
    token, store_id = owner(target)
    headers = store_headers(store_id)
    seller = target.sign_in(SELLER)
    designer = target.sign_in(DESIGNER)["accessToken"]
    product = buyable(target)
    shoppers = [f"mail-{uuid.uuid4().hex[:10]}@example.com" for _ in range(12)]

    def attempt(i: int):
        return checkout(target, product, email=shoppers[i],
                        shippingAddress={**ADDRESS, "name": f"Shopper {shoppers[i][5:15]}"})

    replies = parallel(12, attempt)
    statuses = [getattr(r, "status", -1) for r in replies]
    assert all(s == 201 for s in statuses), f"checkouts: {statuses}"
    names = [json.loads(r.text)["orderName"] for r in replies]
    for i, email in enumerate(shoppers):
        mails = target.mails_to(email)
        assert len(mails) == 1, f"{email} got {len(mails)} e-mails"
        body = mails[0]["body"] + mails[0].get("html", "")
        assert names[i] in mails[0]["subject"], f"{email}'s confirmation: {mails[0]['subject']!r}"
        others = [other for j, other in enumerate(shoppers) if j != i and other[5:15] in body]
        assert not others, f"{email}'s confirmation shows other shoppers: {others}"
    alerts = [m["subject"] for m in target.mails_to(OWNER) if m["subject"].startswith("[Demo Store] ")]
    missing = [n for n in names if not any(f" {n}:" in a for a in alerts)]
    assert not missing, f"the owner was not alerted of {missing}"
    leaked = [m["subject"] for m in target.mails_to(SELLER)
              if "Demo Store" in m["subject"] or any(n in m["subject"] for n in names)]
    assert not leaked, f"another store's owner got the demo's e-mails: {leaked}"
    seller_headers = store_headers(seller["storeId"])
    previews = {}
    for kind in ("confirmation", "refund", "cancellation", "newOrder"):
        reply = target.call("GET", f"/stores/settings/emails/preview/{kind}", token=seller["accessToken"],
                            headers=seller_headers)
        assert reply.status == 200, f"the seller's own preview: {reply.status} {reply.text[:200]}"
        shown = reply.text
        assert "Demo Store" not in shown and not any(s[5:15] in shown for s in shoppers), (
            f"the seller's {kind} preview shows the demo's order: {reply.json.get('subject')!r}")
        previews[kind] = reply.json.get("orderName", "sample")
    tries = {
        "seller previews the demo": target.call("GET", "/stores/settings/emails/preview/confirmation",
                                                token=seller["accessToken"], headers=headers),
        "seller asks for the demo's alerts": target.call("PUT", "/stores/order-alerts", {"on": True},
                                                         seller["accessToken"], headers),
        "designer asks for alerts": target.call("PUT", "/stores/order-alerts", {"on": True}, designer, headers),
    }
    allowed = {name: r.status for name, r in tries.items() if r.status not in (403, 404)}
    assert not allowed, f"not refused: {allowed}"
    return {
        "attempts": f"12 simultaneous checkouts, {len(target.bases)} server process(es); the other store's "
                    f"owner previews its 4 e-mails and asks for the demo's alerts; staff without orders asks",
        "result": f"12 confirmations, each its own order only; {len(names)} alerts to the owner, none to the "
                  f"other store; its previews: {sorted(set(previews.values()))}; "
                  + ", ".join(f"{n} {r.status}" for n, r in tries.items()),
    }


ATTACKS: list = [
    test_orders_do_not_become_payable_money,
    checkout_flood_is_rate_limited,
    live_store_without_gateway_takes_no_order,
    spaced_line_ids_do_not_pass_the_line_cap,
    malformed_storefront_address_is_404,
    public_catalogue_shows_no_stock_counts,
    beacon_cannot_fake_or_backdate_conversions,
    discount_code_limit_holds_under_parallel_checkouts,
    parallel_refunds_never_give_back_more_than_was_paid,
    parallel_fulfilments_never_ship_a_line_twice,
    order_changes_need_the_orders_scope_and_the_store,
    personalization_values_are_bounded_and_only_the_set_ups,
    amounts_a_currency_cannot_hold_are_refused_everywhere,
    shipping_goes_back_once,
    tax_follows_the_address_however_the_shopper_writes_it,
    shipping_is_the_addresss_whatever_the_shopper_asks,
    order_mails_show_only_their_own_order_and_store,
]
