"""Prints the figures of a Schemathesis run from its NDJSON report and exits non-zero on any
failure: the cases sent, the operations tested, the stateful scenarios, and the failures by
check (each with the operations and statuses it was found on).

    python figures.py REPORT_DIR MODE DATABASE [--detail]
"""

import base64
import collections
import glob
import json
import sys


def main():
    report_dir, mode, database = sys.argv[1:4]
    detail = "--detail" in sys.argv[4:]
    paths = sorted(glob.glob(f"{report_dir}/*.ndjson"))
    if not paths:
        print(f"schemathesis figures: no NDJSON report in {report_dir}")
        return 1

    cases = set()
    operations = set()
    scenarios = collections.Counter()
    checks_run = collections.Counter()
    failures = collections.Counter()
    where = collections.defaultdict(collections.Counter)
    samples = {}
    errors = []
    for line in open(paths[-1], encoding="utf-8"):
        event = json.loads(line)
        if "NonFatalError" in event or "FatalError" in event:
            errors.append(json.dumps(event)[:400])
        finished = event.get("ScenarioFinished")
        if not finished:
            continue
        recorder = finished["recorder"]
        phase = finished["phase"]
        if phase == "stateful":
            scenarios[finished["status"]] += 1
        if phase != "stateful":
            operations.add(recorder["label"])
        cases.update(recorder.get("cases", {}))
        for case_id, results in recorder.get("checks", {}).items():
            for result in results:
                checks_run[result["name"]] += 1
                if result["status"] != "failure":
                    continue
                failures[result["name"]] += 1
                info = result.get("failure_info", {}).get("failure", {})
                status = (
                    recorder.get("interactions", {}).get(case_id, {}).get("response") or {}
                ).get("status_code")
                key = f"{info.get('operation', '?')} -> {status}: {info.get('title', '')}"
                where[result["name"]][key] += 1
                if key not in samples:
                    samples[key] = (info.get("message", ""), sample(recorder, case_id))

    print(f"schemathesis figures ({mode}, {database}):")
    print(f"  cases sent: {len(cases)}")
    print(f"  operations tested: {len(operations)}")
    print(
        "  stateful scenarios: "
        + ", ".join(f"{count} {status}" for status, count in sorted(scenarios.items()))
    )
    print("  checks run: " + ", ".join(f"{name} {count}" for name, count in sorted(checks_run.items())))
    if errors:
        print(f"  errors: {len(errors)}")
        for error in errors[:10]:
            print(f"    {error}")
    if not failures:
        print("  failures: 0")
        return 1 if errors else 0
    print("  failures by check: " + ", ".join(f"{name} {count}" for name, count in failures.most_common()))
    for name, keys in where.items():
        print(f"  {name}:")
        for key, count in keys.most_common(None if detail else 15):
            print(f"    {count:5}  {key}")
            if detail:
                message, request = samples[key]
                print("           " + message.replace("\n", " | ")[:300])
                print("           " + request[:600])
    return 1


def sample(recorder, case_id):
    """The request and the answer of one case, shortly."""
    case = recorder.get("cases", {}).get(case_id, {}).get("value", {})
    interaction = recorder.get("interactions", {}).get(case_id, {})
    response = interaction.get("response") or {}
    body = response.get("content") or {}
    text = body.get("$base64")
    if text:
        text = base64.b64decode(text).decode("utf-8", "replace")[:200]
    request = interaction.get("request", {})
    return (
        f"{request.get('method')} {request.get('uri', '')[:160]} "
        f"query={case.get('query')} body={json.dumps(case.get('body'))[:160]} "
        f"=> {response.get('status_code')} {text}"
    )


if __name__ == "__main__":
    sys.exit(main())
