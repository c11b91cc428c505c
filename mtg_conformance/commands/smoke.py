"""`mtg-conformance smoke --engine SPEC`: is this adapter wired up at all?

Why: before running hundreds of tests, an engine author needs one quick answer that tells
"the adapter is broken" (no handshake, bad JSON, malformed views) apart from "the engine gets
a rule wrong". It runs the handshake and two tiny cases (Lightning Bolt at bob from {R};
the same cast without mana must be illegal and change nothing), printing every step. Then one
case per later part of the contract the engine declares in `hello` (a turn change, an attack),
and a per-part summary, so an author sees at once which parts their adapter speaks.
"""

from __future__ import annotations

import argparse
import json
import sys

from mtg_adapter.defaults import DEFAULT_TIMEOUT, timeout_seconds

USAGE = 2  # as argparse exits for a bad option; 1 is kept for a broken adapter or a rules failure

SETUP = {"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}], "mana": "{R}"}}}
CASES = [
    ("smoke::lightning-bolt-at-bob", "Lightning Bolt at bob from a {R} pool, then resolve: bob goes to 17", SETUP, [
        {"cast": {"card": "bolt", "targets": ["bob"], "pay": "{R}"},
         "expect": {"stack": [{"kind": "spell", "source": "bolt", "controller": "alice", "targets": ["bob"]}],
                    "cards": {"bolt": {"zone": "stack"}}, "players": {"alice": {"mana": ""}}}},
        {"resolve": {},
         "expect": {"stack": [], "cards": {"bolt": {"zone": "graveyard"}},
                    "players": {"bob": {"life": 17}, "alice": {"graveyard": 1, "hand": 0}}}},
    ]),
    ("smoke::bolt-without-mana-is-illegal", "the same cast from an empty pool is illegal and changes nothing",
     {"players": {"alice": {"hand": [{"card": "Lightning Bolt", "label": "bolt"}]}}}, [
        {"cast": {"card": "bolt", "targets": ["bob"]}, "expect": {"illegal": True, "rule": "601.2h"}},
    ]),
]

# Later parts of the contract: (part, features it needs, cases). Run only when declared.
TURN_SETUP = {"players": {"alice": {"mana": "{R}", "battlefield": [{"card": "Mountain", "label": "mountain",
                                                                    "tapped": True}]},
                          "bob": {"battlefield": [{"card": "Forest", "label": "forest", "tapped": True}],
                                  "library": [{"card": "Island", "label": "island"}]}}}
ATTACK_SETUP = {"players": {"alice": {"battlefield": [{"card": "Grizzly Bears", "label": "bears"}]}}}
PARTS = [
    ("turn structure", ("turn-structure",), [
        ("smoke::turn-passes-to-bob", "advance to bob's draw step: he untaps and draws, alice's mana is gone",
         TURN_SETUP, [
            {"advance": {"turn": "next", "to": "draw"},
             "expect": {"turn": {"active": "bob", "step": "draw"},
                        "cards": {"forest": {"tapped": False}, "mountain": {"tapped": True},
                                  "island": {"zone": "hand"}},
                        "players": {"alice": {"mana": ""}, "bob": {"hand": 1, "library": 0}}}},
        ]),
    ]),
    ("combat", ("combat", "turn-structure"), [
        ("smoke::grizzly-bears-attack", "Grizzly Bears attack bob, unblocked: bob goes to 18", ATTACK_SETUP, [
            {"declare_attackers": {"attackers": [{"card": "bears", "attacks": "bob"}]},
             "expect": {"turn": {"step": "declare_attackers"},
                        "cards": {"bears": {"attacking": "bob", "tapped": True}}}},
            {"declare_blockers": {"blockers": []}},
            {"advance": {"to": "combat_damage"}, "expect": {"players": {"bob": {"life": 18}}}},
        ]),
    ]),
]


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "smoke",
        help="handshake and one trivial game against an engine; tells a broken adapter from a rules failure",
        description="Exit 0 when the engine passes; exit 1 with 'adapter is broken' (the engine cannot be "
                    "loaded or started, or a handshake or protocol failure) or 'engine fails rules' (a wrong "
                    "answer); exit 2 for a usage error (an option without its value, a malformed --engine spec "
                    "or an unregistered engine name, a --engine-timeout that is not a positive number).",
    )
    parser.add_argument("--engine", default="reference", metavar="SPEC",
                        help="a registered name (default: reference), python:MODULE:FACTORY or cmd:COMMAND")
    parser.add_argument("--engine-timeout", type=timeout_seconds, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help=f"seconds an out-of-process engine may take per request (default {DEFAULT_TIMEOUT:g})")
    parser.set_defaults(handler=run)


def _other_features_line(declared) -> str:
    """The later features smoke plays no case for: which ones `hello` declares (their tests run
    in the suite) and which not (their tests are unsupported)."""
    from mtg_adapter.features import LATER_FEATURES

    played = {f for _, needs, _ in PARTS for f in needs}
    others = [f for f in LATER_FEATURES if f not in played]
    yes = [f for f in others if f in declared]
    no = [f for f in others if f not in declared]
    return (f"  other later features (no smoke case): declared {', '.join(yes) or 'none'}; "
            f"not declared {', '.join(no) or 'none'} (their tests are unsupported)")


def _broken(message: str) -> int:
    print(f"\nRESULT: adapter is broken (handshake/protocol failure):\n  {message.replace(chr(10), chr(10) + '  ')}")
    return 1


def run(args: argparse.Namespace) -> int:
    from mtg_adapter.engines import EngineSpecSyntaxError, check_spec
    from mtg_adapter.harness import EngineBroken, Harness
    from mtg_adapter.judge import describe_step

    try:  # a spec that cannot name an engine is the caller's mistake, not a broken adapter
        check_spec(args.engine)
    except EngineSpecSyntaxError as exc:
        print(f"mtg-conformance smoke: error: --engine: {exc}", file=sys.stderr)
        return USAGE
    harness = Harness(args.engine, timeout=args.engine_timeout)
    print(f"engine: {args.engine}")
    try:
        # the later parts run only if hello declares them: the count grows after the handshake
        print(f"[1/{len(CASES) + 2}] handshake ... ", end="", flush=True)
        try:
            hello = harness.hello()
        except EngineBroken as exc:
            print("FAILED")
            return _broken(str(exc))
        hello = harness.hello_record()  # strings cut to a printable length
        impl = hello["implementation"]
        print(f"ok: {impl['name']} {impl['version']} ({impl.get('language', '?')}), protocol {hello['protocol']}, "
              f"features: {', '.join(hello['features']) or 'none'}")
        declared = set(hello["features"])
        runs = [("core", case) for case in CASES]
        parts = {"core": "pass"}
        for part, needs, cases in PARTS:
            missing = [f for f in needs if f not in declared]
            if missing:
                parts[part] = f"not declared (feature {', '.join(missing)}): its tests are unsupported"
            else:
                parts[part] = "pass"
                runs += [(part, case) for case in cases]
        total = len(runs) + 2
        rules_failures = []
        for number, (part, (case_id, title, setup, steps)) in enumerate(runs, start=2):
            print(f"[{number}/{total}] case {case_id}: {title}")
            try:
                verdicts, message = harness.run_scenario(case_id, setup, steps)
            except EngineBroken as exc:
                print("  FAILED")
                return _broken(str(exc))
            for verdict in verdicts:
                mark = "pass" if verdict.passed else "FAIL"
                print(f"  step {verdict.index} {describe_step(verdict.step)}: "
                      f"engine answered {verdict.status!r} -> {mark}")
                for problem in verdict.problems:
                    print("    " + problem.replace("\n", "\n    "))
            if message is not None:
                rules_failures.append(case_id)
                parts[part] = "FAIL"
        print(f"[{total}/{total}] stop ... ", end="", flush=True)
        harness.close()
        print("ok")
    finally:
        harness.close()
    print("\nparts of the contract:")
    for part, verdict in parts.items():
        print(f"  {part}: {verdict}")
    print(_other_features_line(declared))
    if rules_failures:
        print(f"\nRESULT: engine fails rules: {len(rules_failures)} of {len(runs)} case(s) wrong "
              f"({', '.join(rules_failures)}); the adapter itself works")
        return 1
    print(f"\nRESULT: smoke test passed ({json.dumps(impl['name'])} speaks protocol 1 and plays Lightning Bolt right)")
    return 0
