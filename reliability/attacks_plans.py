"""Attacks on what a plan limits (issue 46, see attacks.py): a store on the Free plan firing
product and theme creations at its limit at once, and a Silver store inviting more staff at once
than its plan's two accounts."""

from __future__ import annotations

import secrets

import harness
from attackkit import Target, attack, parallel

SELLER = "seller@example.com"
THEMES = "/stores/onlinestore/themes"


def _headers(login: dict) -> dict[str, str]:
    return {"x-store-id": login["storeId"]}


def _new_store(target: Target, name: str, plan: str | None = None) -> dict:
    """A new store of the seller's (on the Free plan unless `plan` is chosen): its login."""
    seller = target.sign_in(SELLER)
    made = target.call("POST", "/users/create-store", {"storeName": f"{name} {secrets.token_hex(2)}"},
                       seller["accessToken"])
    assert made.status == 201, f"a new store: {made.status} {made.text}"
    login = {"accessToken": seller["accessToken"], "storeId": made.json["id"]}
    if plan:
        chosen = target.call("PUT", "/stores/subscription", {"planCode": plan}, login["accessToken"],
                             _headers(login))
        assert chosen.status == 200, f"choosing {plan}: {chosen.status} {chosen.text}"
    return login


def _limits(target: Target, login: dict) -> dict:
    reply = target.call("GET", "/stores/subscription/limits", token=login["accessToken"], headers=_headers(login))
    assert reply.status == 200, f"limits: {reply.status} {reply.text[:200]}"
    return reply.json


def _tally(replies: list) -> tuple[int, int]:
    """(created, refused 403 with a message); anything else fails the attack."""
    errors = [r for r in replies if isinstance(r, Exception)]
    assert not errors, f"{len(errors)} attempts got no answer: {errors[:3]}"
    odd = [f"{r.status} {r.text[:120]}" for r in replies
           if r.status != 201 and not (r.status == 403 and r.json and r.json.get("messages"))]
    assert not odd, f"answers that are neither 201 nor a 403 with a message: {odd[:3]}"
    return sum(r.status == 201 for r in replies), sum(r.status == 403 for r in replies)


def _product(target: Target, login: dict, title: str) -> harness.Reply:
    return target.call("POST", "/stores/products", {"title": title, "price": 5, "status": "active"},
                       login["accessToken"], _headers(login))


@attack(races=True)
def products_beyond_the_free_plan(target: Target) -> dict:
    """A Free store holding 45 products fires 30 product creations at once; its plan allows 50."""
    login = _new_store(target, "Free Products")
    had = _limits(target, login)["products"]["used"]
    for n in range(had, 45):
        made = _product(target, login, f"Stock item {n}")
        assert made.status == 201, f"product {n}: {made.status} {made.text[:200]}"
    replies = parallel(30, lambda i: _product(target, login, f"Rush item {i}"))
    created, refused = _tally(replies)
    listed = target.call("GET", "/stores/products?page=1&limit=1", token=login["accessToken"],
                         headers=_headers(login))
    total = listed.json["total"]
    assert total == 50, f"the Free store holds {total} products ({created} created, {refused} refused)"
    message = next(r.json["messages"][0] for r in replies if r.status == 403)
    return {
        "attempts": "30 parallel product creations by a new Free store holding 45 products",
        "result": f"{created} created, {refused} answered 403 ({message!r}); the store holds {total}",
    }


@attack(races=True)
def themes_beyond_the_free_plan(target: Target) -> dict:
    """A Free store (given its two templates' themes) adds themes by every way at once."""
    login = _new_store(target, "Free Themes")
    listed = target.call("GET", THEMES, token=login["accessToken"], headers=_headers(login)).json
    first = listed[0]["id"]
    ways = [(THEMES, {"name": "Rush"}), ("/stores/onlinestore/template/newchick", {"name": "Rush"}),
            (f"{THEMES}/{first}/clone", {}),
            (f"{THEMES}/add", {"name": "Rush", "config": target.call(
                "GET", f"{THEMES}/{first}/config", token=login["accessToken"],
                headers=_headers(login)).json[0]["config"]})] * 5
    replies = parallel(len(ways), lambda i: target.call("POST", ways[i][0], ways[i][1], login["accessToken"],
                                                        _headers(login)))
    created, refused = _tally(replies)
    after = target.call("GET", THEMES, token=login["accessToken"], headers=_headers(login)).json
    assert created == 0 and len(after) == len(listed), \
        f"{created} themes created on the Free plan; the store holds {len(after)}"
    unnamed = [r.json["messages"][0] for r in replies if "Silver plan" not in r.json["messages"][0]]
    assert not unnamed, f"refusals that do not name the Silver plan: {unnamed[:2]}"
    return {
        "attempts": f"{len(ways)} parallel theme creations (template, upload, copy) by a new Free store",
        "result": f"all {refused} answered 403 naming the Silver plan; the store keeps its {len(after)} given themes",
    }


@attack(races=True)
def staff_beyond_the_plan(target: Target) -> dict:
    """A Silver store (2 staff accounts) sends 12 invitations at once, then a Free store one."""
    login = _new_store(target, "Silver Staff", "PLAN_SILVER_MONTHLY")
    replies = parallel(12, lambda i: target.call(
        "POST", "/users/add-store-staff", {"email": f"crowd-{i}@example.com", "scopes": ["orders"]},
        login["accessToken"], _headers(login)))
    created, refused = _tally(replies)
    staff = _limits(target, login)["staff"]["used"]
    assert (created, staff) == (2, 2), f"{created} invitations sent; the store holds {staff} staff accounts"
    unnamed = [r.json["messages"][0] for r in replies if r.status == 403 and "Gold plan" not in r.json["messages"][0]]
    assert not unnamed, f"refusals that do not name the Gold plan: {unnamed[:2]}"
    free = _new_store(target, "Free Staff")
    lone = target.call("POST", "/users/add-store-staff", {"email": "lone@example.com", "scopes": ["orders"]},
                       free["accessToken"], _headers(free))
    assert lone.status == 403 and "Silver plan" in lone.text, \
        f"a Free store's invitation: {lone.status} {lone.text[:200]}"
    return {
        "attempts": "12 parallel staff invitations by a new Silver store; one by a new Free store",
        "result": f"{created} sent, {refused} answered 403 naming the Gold plan; the Free store's 403 names Silver",
    }


ATTACKS = [products_beyond_the_free_plan, themes_beyond_the_free_plan, staff_beyond_the_plan]
