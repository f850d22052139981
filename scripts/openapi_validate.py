#!/usr/bin/env python3
"""Checks an OpenAPI document against OpenAPI 3.1 with openapi-spec-validator (the schema of the
specification, then its rules: unique operation ids, path parameters named in their path ...).
Prints one line per error, where and what, then their count; exits 1 when there is one.
    python scripts/openapi_validate.py DOCUMENT.json
(scripts/openapi.sh runs it with the validator's pinned version.)
"""
import json
import sys

from openapi_spec_validator import OpenAPIV31SpecValidator


def main(path):
    with open(path, encoding="utf-8") as file:
        document = json.load(file)
    errors = list(OpenAPIV31SpecValidator(document).iter_errors())
    for error in errors:
        where = getattr(error, "json_path", "$")
        print(f"  {where}: {error.message}")
    operations = sum(
        1
        for item in document.get("paths", {}).values()
        for method in ("get", "put", "post", "delete", "patch", "head", "options", "trace")
        if method in item
    )
    print(f"{path}: {len(errors)} errors against OpenAPI 3.1 ({operations} operations)")
    return 1 if errors else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: openapi_validate.py DOCUMENT.json")
    sys.exit(main(sys.argv[1]))
