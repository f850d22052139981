"""Schemathesis hooks for the Storeloom API: who signs the requests in.

Every operation runs as the Demo Store's owner (Olivia, an operator-domain account, so the
operator's routes are reached too), except three that would end or spend that session:
signing out, changing the password and spending a refresh token. Those run as the seller
(Sam), with a sign-in of their own for every case, so the owner's token stays valid for the
whole run. A 401 makes Schemathesis call `get` again, which signs in anew.

The run signs in with `X-Forwarded-For` set to a documentation address (the server runs with
`TRUST_PROXY_HEADERS=1`): the fuzzed `POST /auth/login` calls come from 127.0.0.1 and fail,
and after fifty failures that address is locked for fifteen minutes, as it should be; the
harness's own sign-ins must not be.
"""

import os
import sys

import hypothesis.internal.lambda_sources
from hypothesis import strategies as st
import requests
import schemathesis


class _SysWithModulesSnapshot:
    """`sys` as Hypothesis's lambda_sources sees it, with `modules` a copy taken under the GIL.

    Building a lambda's description there iterates `sys.modules.items()`. With `--workers 2`, an
    import in the other worker's thread can add a module during that loop, and the run stopped
    with `RuntimeError: dictionary changed size during iteration` inside the tool, at random
    (reliability/schemathesis/lambda_race.py measures it). `dict(sys.modules)` copies in one C
    call that no other thread can interleave, so the loop runs over a dictionary no one changes.
    """

    def __getattr__(self, name):
        return getattr(sys, name)

    @property
    def modules(self):
        return dict(sys.modules)


def guard_lambda_sources():
    """Installs the snapshot above; fails loudly if the pinned Hypothesis no longer has the loop."""
    module = hypothesis.internal.lambda_sources
    if not hasattr(module, "_mimic_lambda_from_node") or getattr(module, "sys") is not sys:
        if isinstance(getattr(module, "sys", None), _SysWithModulesSnapshot):
            return
        raise RuntimeError("hypothesis.internal.lambda_sources changed: review the guard in hooks.py")
    module.sys = _SysWithModulesSnapshot()


guard_lambda_sources()

API = os.environ["STORELOOM_API"]
PASSWORD = "storeloom"
HARNESS_ADDRESS = "192.0.2.10"

# Operations that end, change or spend the session they are called with (DELETE /auth/logout,
# PUT /users/change-password, GET /auth/renew-access-token), by their operationId.
SESSION_ENDING = ("deleteAuthLogout", "putUsersChangePassword", "getAuthRenewAccessToken")


def sign_in(email):
    """Signs in and returns the login answer (access and refresh tokens)."""
    response = requests.post(
        f"{API}/auth/login",
        json={"email": email, "password": PASSWORD},
        headers={"X-Forwarded-For": HARNESS_ADDRESS},
        timeout=30,
    )
    response.raise_for_status()
    return response.json()


def with_header(case, name, value):
    headers = dict(case.headers or {})
    headers[name] = value
    case.headers = headers


@schemathesis.auth(refresh_interval=None).apply_to(operation_id=list(SESSION_ENDING))
class SellerSession:
    """A fresh session of the seller for each case of a session-ending operation."""

    def get(self, case, context):
        return sign_in("seller@example.com")

    def set(self, case, data, context):
        if case.operation.label == "GET /auth/renew-access-token":
            with_header(case, "X-Refresh-Token", data["refreshToken"])
        else:
            with_header(case, "Authorization", f"Bearer {data['accessToken']}")


@schemathesis.auth(refresh_interval=600).skip_for(operation_id=list(SESSION_ENDING))
class OwnerSession:
    """The owner's access token (15 minutes), signed in again every 10 minutes or on a 401."""

    def get(self, case, context):
        return sign_in("owner@storeloom.dev")["accessToken"]

    def set(self, case, data, context):
        with_header(case, "Authorization", f"Bearer {data}")


@schemathesis.hook
def before_load_schema(context, raw_schema):
    """Takes `X-Store-Id` out of the operations' parameters; schemathesis.toml sends the Demo
    Store's id on every request instead, the requests without a sign-in of the `ignored_auth`
    check included. Declared as a parameter, the header reads to Schemathesis' dependency
    analysis as a reference to a store that no operation creates, and it then starts no
    stateful scenario from any store operation."""
    # The live editing stream answers for as long as the editor stays: a case that reaches a
    # real theme would wait out the request timeout. Its refusals are walked by the tenancy tests
    # (server/tests/api/tenancy.rs) and its events by server/tests/api/theme_live.rs.
    raw_schema.get("paths", {}).pop("/stores/onlinestore/themes/{themeId}/live/events", None)
    # The seller's sessions above are chosen by operationId: a renamed operation would run as
    # the owner and end the owner's session for the rest of the run.
    named = {
        operation.get("operationId")
        for item in raw_schema.get("paths", {}).values()
        for operation in item.values()
        if isinstance(operation, dict)
    }
    missing = [name for name in SESSION_ENDING if name not in named]
    if missing:
        raise RuntimeError(f"hooks.py: no operation is named {missing}; update SESSION_ENDING")
    for item in raw_schema.get("paths", {}).values():
        for operation in item.values():
            if isinstance(operation, dict) and "parameters" in operation:
                operation["parameters"] = [
                    parameter
                    for parameter in operation["parameters"]
                    if parameter.get("name", "").lower() != "x-store-id"
                ]


# Values a client may send that the schema's types allow and the database may not hold: a NUL
# inside a string (PostgreSQL's text cannot), and integers past 32 and 64 bits.
NUL_AND_HUGE = ("keep", "nul", "u32max", "i64max")


def _mutated(value, how):
    """`value` with its first string given a NUL (`nul`), or its first integer made huge."""
    done = [False]

    def walk(node):
        if done[0]:
            return node
        if isinstance(node, dict):
            return {key: walk(child) for key, child in node.items()}
        if isinstance(node, list):
            return [walk(child) for child in node]
        if how == "nul" and isinstance(node, str):
            done[0] = True
            return node + "\x00"
        if how != "nul" and isinstance(node, int) and not isinstance(node, bool):
            done[0] = True
            return 4294967295 if how == "u32max" else 9223372036854775807
        return node

    return walk(value)


@schemathesis.hook
def flatmap_body(context, body):
    """One body in four keeps what was generated; the others carry a NUL in a string or a huge
    integer (issue 44: both once reached PostgreSQL or a panic as a 500)."""
    if not isinstance(body, (dict, list)):
        return st.just(body)
    return st.sampled_from(NUL_AND_HUGE).map(lambda how: body if how == "keep" else _mutated(body, how))
