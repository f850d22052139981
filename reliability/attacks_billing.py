"""Attacks on billing (see attacks.py): a store's payment gateways and its plan, tried by a staff
member without the scope, by another store's owner, and by many requests at once."""

from __future__ import annotations

from attackkit import Target, attack, parallel

OWNER = "owner@storeloom.dev"
SELLER = "seller@example.com"
DESIGNER = "designer@example.com"
ORDERS_STAFF = "orders@example.com"
PROXY = "/stores/payout/proxy"


def headers(store_id: str) -> dict[str, str]:
    return {"x-store-id": store_id}


def store_proxy_ids(target: Target, token: str, store_id: str) -> list[str]:
    reply = target.call("GET", f"{PROXY}/store-proxies", token=token, headers=headers(store_id))
    assert reply.status == 200, f"store-proxies: {reply.status} {reply.text[:200]}"
    return sorted(p["id"] for p in reply.json)


@attack()
def gateways_are_changed_only_by_their_store_with_the_checkout_scope(target: Target) -> dict:
    """Staff without `checkout`, and another store's owner, try to attach or remove the Demo
    Store's gateways and groups; the other store's own changes leave the Demo Store's alone."""
    owner = target.sign_in(OWNER)
    demo = owner["storeId"]
    before = store_proxy_ids(target, owner["accessToken"], demo)
    assert before, "the Demo Store has no gateway to protect"
    groups = target.call("GET", f"{PROXY}/list-groups", token=owner["accessToken"], headers=headers(demo)).json
    group_id = next(g["id"] for g in groups if g["name"] == "Stripe US")
    writes = [
        ("POST", f"{PROXY}/add-store-group", {"groupId": group_id}),
        ("POST", f"{PROXY}/remove-store-group", {"groupId": group_id}),
        ("POST", f"{PROXY}/save-store-proxies", {"proxyIds": []}),
        ("POST", f"{PROXY}/group/{group_id}", {"proxyIds": []}),
    ]
    tries: dict[str, int] = {}
    designer = target.sign_in(DESIGNER)["accessToken"]
    seller = target.sign_in(SELLER)
    for method, path, body in writes:
        name = path.rsplit("/", 1)[-1] if "group/" not in path else "group/{id}"
        tries[f"staff {name}"] = target.call(method, path, body, token=designer, headers=headers(demo)).status
        tries[f"other store {name}"] = target.call(method, path, body, token=seller["accessToken"],
                                                    headers=headers(demo)).status
    page = target.call("GET", f"{PROXY}/get-store-proxies?limit=10&page=1&storeId={demo}",
                       token=seller["accessToken"], headers=headers(seller["storeId"]))
    tries["other store's page by storeId"] = page.status
    # The other store takes and leaves the same group in its own store.
    own = [target.call("POST", f"{PROXY}/add-store-group", {"groupId": group_id}, token=seller["accessToken"],
                       headers=headers(seller["storeId"])).status,
           target.call("POST", f"{PROXY}/remove-store-group", {"groupId": group_id}, token=seller["accessToken"],
                       headers=headers(seller["storeId"])).status]
    after = store_proxy_ids(target, owner["accessToken"], demo)
    wrong = {k: v for k, v in tries.items()
             if (k.startswith("staff") and v != 403) or (k.startswith("other store") and v != 404)}
    assert not wrong, f"not refused: {wrong}"
    assert own == [200, 200], f"the other store's own changes: {own}"
    assert after == before, f"the Demo Store's gateways changed: {before} -> {after}"
    return {"attempts": f"{len(tries)} writes and reads as staff without checkout / another store, "
                        "the other store's own group changes",
            "result": ", ".join(f"{k} {v}" for k, v in tries.items()) + f"; Demo Store's {len(after)} gateways kept"}


@attack(races=True)
def parallel_gateway_saves_never_fail_or_mix(target: Target) -> dict:
    """20 saves of one store's gateways at once, each a different choice: every one answers 200
    (no 500 from two replacements inserting the same rows) and one choice wins whole."""
    owner = target.sign_in(OWNER)
    token, demo = owner["accessToken"], owner["storeId"]
    every = [p["id"] for p in target.call("GET", f"{PROXY}/remain-proxies", token=token, headers=headers(demo)).json]
    every += store_proxy_ids(target, token, demo)
    every = sorted(set(every))
    choices = [every[i % len(every):] for i in range(20)]
    replies = parallel(20, lambda i: target.call("POST", f"{PROXY}/save-store-proxies", {"proxyIds": choices[i]},
                                                  token=token, headers=headers(demo)))
    statuses: dict[int, int] = {}
    for reply in replies:
        status = reply.status if hasattr(reply, "status") else -1
        statuses[status] = statuses.get(status, 0) + 1
    kept = store_proxy_ids(target, token, demo)
    assert statuses == {200: 20}, f"parallel saves answered {statuses}"
    assert any(sorted(c) == kept for c in choices), f"the kept gateways are no one's choice: {kept}"
    return {"attempts": f"20 simultaneous saves of {len(every)} gateways' subsets, {len(target.bases)} process(es)",
            "result": f"answers {statuses}; {len(kept)} gateways kept, one request's whole choice"}


@attack()
def only_the_owner_changes_the_plan(target: Target) -> dict:
    """A staff member holding every scope, a staff member without any, and another store's owner
    try to choose or cancel the Demo Store's plan; it stays as it was."""
    owner = target.sign_in(OWNER)
    demo = owner["storeId"]
    before = target.call("GET", "/stores/subscription/current", token=owner["accessToken"], headers=headers(demo)).json
    staffs = target.call("GET", "/users/store-staffs", token=owner["accessToken"], headers=headers(demo)).json["staffs"]
    member = next(m for m in staffs if m["email"] == ORDERS_STAFF)
    permissions = target.call("GET", "/auth/all-permission", token=owner["accessToken"], headers=headers(demo))
    keys = [p["key"] for p in permissions.json]
    granted = target.call("PUT", f"/users/update-store-staff/{member['id']}", {"scopes": keys},
                          token=owner["accessToken"], headers=headers(demo))
    assert granted.status == 200, f"granting every scope: {granted.status} {granted.text[:200]}"
    tries: dict[str, int] = {}
    for who, email in (("staff with every scope", ORDERS_STAFF), ("staff without checkout", DESIGNER),
                       ("another store's owner", SELLER)):
        token = target.sign_in(email)["accessToken"]
        tries[f"{who} PUT"] = target.call("PUT", "/stores/subscription", {"planCode": "FREE"}, token=token,
                                          headers=headers(demo)).status
        tries[f"{who} DELETE"] = target.call("DELETE", "/stores/subscription", token=token,
                                             headers=headers(demo)).status
    after = target.call("GET", "/stores/subscription/current", token=owner["accessToken"], headers=headers(demo)).json
    wrong = {k: v for k, v in tries.items() if v != (404 if k.startswith("another") else 403)}
    assert not wrong, f"not refused: {wrong}"
    assert after == before, f"the plan changed: {before} -> {after}"
    return {"attempts": ", ".join(tries), "result": ", ".join(f"{k} {v}" for k, v in tries.items())
            + f"; plan {after['planCode']} kept"}


ATTACKS: list = [
    gateways_are_changed_only_by_their_store_with_the_checkout_scope,
    parallel_gateway_saves_never_fail_or_mix,
    only_the_owner_changes_the_plan,
]
