"""Attacks on domains and stores (see attacks.py): squatting a custom domain, serving a shop on a
domain nobody verified, taking the platform's own subdomains, and making stores without end."""

from __future__ import annotations

import secrets

import harness
from attackkit import Target, attack, parallel
from dnsstub import DnsStub

OWNER = harness.OWNER
SELLER = "seller@example.com"
VICTIM_HOST = "shop.victim-brand.com"
# The DNS the domain attacks describe, served to the server they start (`DNS_SERVER`).
DNS = DnsStub()
# A few of the core's reserved subdomains, each tried as a store name.
RESERVED_NAMES = ["admin", "www", "api", "mail", "Storeloom"]


def _store_header(login: dict) -> dict[str, str]:
    return {"x-store-id": login["storeId"]}


def _with_own_domains(target: Target, login: dict) -> dict:
    """`login`, its store put on the Silver plan when its plan does not include own domains."""
    listed = target.call("GET", "/stores/config/domains/", token=login["accessToken"],
                         headers=_store_header(login))
    if not listed.json.get("ownDomains"):
        chosen = target.call("PUT", "/stores/subscription", {"planCode": "PLAN_SILVER_MONTHLY"},
                             login["accessToken"], _store_header(login))
        assert chosen.status == 200, f"choosing the Silver plan: {chosen.status} {chosen.text}"
    return login


def _storefront_on_host(target: Target, host: str, path: str = "/") -> harness.Reply:
    """A storefront page asked for on `host`, without following the admin's redirect."""
    return target.raw("GET", path, headers={"host": host})


def _serves_store(reply: harness.Reply, store_name: str) -> bool:
    text = reply.text.replace("&#x27;", "'").replace("&#39;", "'")
    return reply.status == 200 and store_name in text


@attack(env={"STOREFRONT_HOSTS": "1", "PUBLIC_IPS": "203.0.113.10"})
def domain_squatting(target: Target) -> dict:
    """An unverified claim of a custom domain neither blocks its real owner nor serves the squatter's shop."""
    squatter = _with_own_domains(target, target.sign_in(SELLER))
    claimed = target.call("POST", "/stores/config/domains/", {"host": VICTIM_HOST},
                          squatter["accessToken"], _store_header(squatter))
    assert claimed.status == 201, f"the squatter's claim: {claimed.status} {claimed.text}"
    assert claimed.json["verified"] is False, f"an unverified claim says verified: {claimed.text}"
    pages = {path: _storefront_on_host(target, VICTIM_HOST, path) for path in ("/", "/cart")}
    served = [path for path, reply in pages.items() if _serves_store(reply, "Sam's Goods")
              or (path == "/cart" and reply.status == 200)]
    assert not served, (f"Host: {VICTIM_HOST} served the squatter's unverified shop at {served} "
                        f"({', '.join(f'{p} {r.status}' for p, r in pages.items())})")
    owner = target.sign_in(OWNER)
    second = target.call("POST", "/stores/config/domains/", {"host": VICTIM_HOST},
                         owner["accessToken"], _store_header(owner))
    assert second.status == 201, (f"the real owner's claim of {VICTIM_HOST} was refused while only the "
                                  f"squatter's unverified claim existed: {second.status} {second.text}")
    again = _storefront_on_host(target, VICTIM_HOST, "/cart")
    assert again.status != 200, f"with two unverified claims Host: {VICTIM_HOST} /cart answered 200"
    return {
        "attempts": (f"1 unverified claim of {VICTIM_HOST} by another store, 2 storefront pages on "
                     f"that Host (STOREFRONT_HOSTS=1), then 1 claim by the real owner, 1 page again"),
        "result": (f"claim 201 (verified false); pages {pages['/'].status} and {pages['/cart'].status}, "
                   f"no shop served; real owner's claim {second.status}; page again {again.status}"),
    }


@attack(env={"STOREFRONT_HOSTS": "1"})
def reserved_subdomains(target: Target) -> dict:
    """Stores named admin, www, api, mail or Storeloom do not get those subdomains."""
    seller = target.sign_in(SELLER)
    given: dict[str, str] = {}
    statuses: list[int] = []
    for name in RESERVED_NAMES:
        reply = target.call("POST", "/users/create-store", {"storeName": name}, seller["accessToken"])
        statuses.append(reply.status)
        if reply.status == 201:
            given[name] = reply.json["subdomain"]
        else:
            assert 400 <= reply.status < 500 and reply.json and reply.json.get("messages"), (
                f"store {name!r}: {reply.status} {reply.text}")
    reserved = {name.lower() for name in RESERVED_NAMES}
    taken = {name: sub for name, sub in given.items() if sub in reserved}
    assert not taken, f"stores got reserved subdomains: {taken}"
    routed = [label for label in reserved
              if _storefront_on_host(target, f"{label}.localhost", "/cart").status == 200]
    assert not routed, f"reserved host names served a storefront: {routed}"
    return {
        "attempts": f"{len(RESERVED_NAMES)} stores named {', '.join(RESERVED_NAMES)}; "
                    f"{len(reserved)} storefront pages on <reserved>.localhost",
        "result": (f"statuses {statuses}; subdomains given {sorted(given.values())}, "
                   f"0 reserved; 0 of {len(reserved)} hosts served a shop"),
    }


@attack(races=True)
def store_limit_race(target: Target) -> dict:
    """Twenty parallel store creations by one account stop at the limit of 10 stores."""
    seller = target.sign_in(SELLER)
    token = seller["accessToken"]
    before = len(target.call("GET", "/users/stores", token=token).json["stores"])

    def create(i: int) -> harness.Reply:
        return target.call("POST", "/users/create-store", {"storeName": f"Race Shop {i}"}, token)

    replies = parallel(20, create)
    errors = [r for r in replies if isinstance(r, Exception)]
    assert not errors, f"{len(errors)} creations got no answer: {errors[:3]}"
    created = [r for r in replies if r.status == 201]
    refused = [r for r in replies if r.status != 201]
    odd = [f"{r.status} {r.text}" for r in refused if not (400 <= r.status < 500 and r.json
                                                         and r.json.get("messages"))]
    assert not odd, f"refusals that are not a 4xx with a message: {odd[:3]}"
    stores = target.call("GET", "/users/stores", token=token).json["stores"]
    assert before + len(created) <= 10, (
        f"{len(created)} of 20 parallel creations passed for an account holding {before} store: "
        f"the limit of 10 did not hold (it now lists {len(stores)} stores)")
    assert before + len(created) == 10, (
        f"only {len(created)} creations passed: creations under the limit were refused")
    assert len(stores) == before + len(created), f"listed {len(stores)} stores, created {len(created)}"
    message = refused[0].json["messages"][0] if refused else ""
    return {
        "attempts": f"20 parallel POST /users/create-store by one account holding {before} store",
        "result": f"{len(created)} created, {len(refused)} refused {sorted({r.status for r in refused})} "
                  f"({message!r}); the account holds {len(stores)} stores",
    }


@attack()
def store_limit_raise(target: Target) -> dict:
    """Only an operator raises an account's store limit; the seller cannot raise their own."""
    seller = target.sign_in(SELLER)
    operator = target.sign_in(OWNER)
    body = {"email": SELLER, "storeLimit": 12}
    own = target.call("PUT", "/operator/accounts/store-limit", body, seller["accessToken"])
    assert own.status == 403, f"the seller raised their own limit: {own.status} {own.text}"
    made = 1
    while made < 10:
        reply = target.call("POST", "/users/create-store", {"storeName": f"Shop {made}"},
                            seller["accessToken"])
        assert reply.status == 201, f"store {made + 1} of 10: {reply.status} {reply.text}"
        made += 1
    over = target.call("POST", "/users/create-store", {"storeName": "One Too Many"},
                       seller["accessToken"])
    assert 400 <= over.status < 500, f"the 11th store: {over.status} {over.text}"
    raised = target.call("PUT", "/operator/accounts/store-limit", body, operator["accessToken"])
    assert raised.status == 200, f"the operator's raise: {raised.status} {raised.text}"
    after = [target.call("POST", "/users/create-store", {"storeName": f"Raised {i}"},
                         seller["accessToken"]).status for i in range(3)]
    assert after == [201, 201, after[2]] and 400 <= after[2] < 500, (
        f"after raising to 12, three more creations answered {after}")
    return {
        "attempts": "1 raise by the seller, 10 stores, an 11th, 1 raise to 12 by the operator, 3 more",
        "result": (f"seller's raise {own.status}; 11th store {over.status} ({over.json['messages'][0]!r}); "
                   f"operator's raise {raised.status}; then {after}"),
    }


def _domains_of(target: Target, login: dict) -> dict[str, dict]:
    listed = target.call("GET", "/stores/config/domains/", token=login["accessToken"],
                         headers=_store_header(login))
    return {d["host"]: d for d in listed.json["domains"]}


def _check(target: Target, login: dict, host: str) -> harness.Reply:
    return target.call("POST", "/stores/admin/check-domain", {"storeId": login["storeId"], "domain": host},
                       login["accessToken"], _store_header(login))


@attack(env={"STOREFRONT_HOSTS": "1", "PUBLIC_IPS": "203.0.113.10", "DNS_SERVER": DNS.address})
def domain_claims_need_their_txt_token(target: Target) -> dict:
    """A claim is verified by the TXT token only its store was given, not by an A record that the real owner pointed."""
    host = f"shop-{secrets.token_hex(3)}.victim-brand.com"
    squatter = _with_own_domains(target, target.sign_in(SELLER))
    owner = target.sign_in(OWNER)
    claims = {}
    for who, login in (("squatter", squatter), ("owner", owner)):
        reply = target.call("POST", "/stores/config/domains/", {"host": host}, login["accessToken"],
                            _store_header(login))
        assert reply.status == 201, f"the {who}'s claim: {reply.status} {reply.text}"
        claims[who] = reply.json
    record = claims["owner"].get("verification") or {}
    # The real owner points the domain at the platform and publishes the token their store was given.
    DNS.records[(host, "A")] = ["203.0.113.10"]
    if record.get("name") and record.get("value"):
        DNS.records[(record["name"].lower().rstrip("."), "TXT")] = [record["value"]]
    first = _check(target, squatter, host)
    squatter_verified = _domains_of(target, squatter).get(host, {}).get("verified")
    page = _storefront_on_host(target, host, "/")
    taken = squatter_verified or _serves_store(page, "Sam's Goods")
    assert not taken, (f"the squatter verified {host} with the owner's A record alone (check {first.status} "
                       f"{first.text}; its domain verified={squatter_verified}; Host page {page.status})")
    assert record.get("name") and record.get("value"), f"the claim names no TXT record: {claims['owner']}"
    assert record["value"] not in str(claims["squatter"].get("verification")), "two stores got one token"
    second = _check(target, owner, host)
    owner_verified = _domains_of(target, owner).get(host, {}).get("verified")
    page = _storefront_on_host(target, host, "/")
    assert owner_verified and _serves_store(page, "Demo Store"), (
        f"the owner with the A record and its TXT token was not verified: check {second.status} {second.text}, "
        f"verified={owner_verified}, Host page {page.status}")
    return {
        "attempts": (f"2 claims of {host} (another store first, then the owner); the owner's A record and TXT "
                     f"token in DNS; a check by the other store, then by the owner"),
        "result": (f"the other store's check {first.status}: not verified, no shop on the host; the owner's "
                   f"check {second.status}: verified, the Demo Store served on {host}"),
    }


@attack(races=True)
def own_domain_beyond_the_plan(target: Target) -> dict:
    """A store on the Free plan, whose plan page lists no own domain, connects or buys one in parallel."""
    seller = target.sign_in(SELLER)
    made = target.call("POST", "/users/create-store", {"storeName": f"Free Shop {secrets.token_hex(2)}"},
                       seller["accessToken"])
    assert made.status == 201, f"a new store: {made.status} {made.text}"
    login = {"accessToken": seller["accessToken"], "storeId": made.json["id"]}
    calls = [("POST", "/stores/config/domains/"), ("POST", "/stores/config/buy-domains")] * 10

    def attempt(i: int) -> harness.Reply:
        method, path = calls[i]
        return target.call(method, path, {"host": f"free-{i}.example-shop.com"}, login["accessToken"],
                           _store_header(login))

    replies = parallel(len(calls), attempt)
    errors = [r for r in replies if isinstance(r, Exception)]
    assert not errors, f"{len(errors)} attempts got no answer: {errors[:3]}"
    passed = [f"{r.status} {r.text[:80]}" for r in replies if r.status < 400]
    assert not passed, f"{len(passed)} of {len(replies)} own-domain calls passed on the Free plan: {passed[:3]}"
    odd = [f"{r.status} {r.text}" for r in replies if r.status != 403 or not (r.json and r.json.get("messages"))]
    assert not odd, f"refusals that are not a 403 with a message: {odd[:3]}"
    hosts = [d["host"] for d in _domains_of(target, login).values() if d["domainType"] != "SystemDefault"]
    pending = target.call("GET", "/stores/config/pending-domains", token=login["accessToken"],
                          headers=_store_header(login)).json
    assert not hosts and not pending, f"the Free store holds {hosts} and waits for {pending}"
    return {
        "attempts": f"{len(calls)} parallel own-domain calls (10 claims, 10 purchases) by a new store on the Free plan",
        "result": f"all refused 403 ({replies[0].json['messages'][0]!r}); no domain held, no purchase waiting",
    }


ATTACKS = [domain_squatting, reserved_subdomains, store_limit_race, store_limit_raise,
           domain_claims_need_their_txt_token, own_domain_beyond_the_plan]
