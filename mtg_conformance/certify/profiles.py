"""Named certification profiles: which tests a claim like "kicker: pass" speaks for, and when it holds.

The one registry of profiles (docs/PROFILES.md is generated from it: `python -m
mtg_conformance.certify.profiles --write`, checked by tests/test_certify_profiles.py).

A profile **counts** a test when every condition it sets holds:

- `any_of`: the test carries at least one of these feature tags (a mechanic family);
- `within`: every tag the test carries is one of these (tests with no tag qualify);
- `sources`: the test comes from one of these spec files (its `source`, e.g. spec/rules/combat.yaml).

A profile without conditions counts every test (`full`).

The passing criterion is the same for every profile and deliberately plain: a profile **passes**
when it counts at least one test of the run and every counted test passes. Anything else is a
fail, each kind named in the verdict: a failure or error; an expected failure (a known failure
is still a rules error: an expectations file keeps CI green, it does not certify); an
unexpectedly passing test (the expectations file is stale); a test not run because the engine
does not declare one of its features or refused a card (`unsupported`), or because the
expectations file skips it. A run that counts no test of the profile (a suite without such
tests) has the verdict `empty` and no badge.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath

from mtg_adapter.errors import InputError
from mtg_adapter.features import FEATURES_1_0

CRITERION = ("passes when it counts at least one test and every counted test passes; a failure, an error, "
             "an expected failure (known failures do not certify), an unexpectedly passing test, and a test "
             "not run (unsupported: an undeclared feature or a card the engine refused; skipped by the "
             "expectations file) each make it fail")


@dataclass(frozen=True)
class Profile:
    name: str
    title: str
    why: str
    any_of: tuple[str, ...] = ()
    within: tuple[str, ...] | None = None
    sources: tuple[str, ...] = ()

    def counts(self, test: dict) -> bool:
        """Whether this profile counts `test` (a results.json test record or a conformance marker's
        fields: `features`, `source`)."""
        features = set(test.get("features") or [])
        if self.any_of and not features & set(self.any_of):
            return False
        if self.within is not None and not features <= set(self.within):
            return False
        if self.sources and PurePosixPath(str(test.get("source") or "")).stem not in self.sources:
            return False
        return True

    def selection(self) -> str:
        """Which tests count, in words."""
        parts = []
        if self.any_of:
            parts.append("tests carrying " + _tags(self.any_of, "or"))
        if self.within is not None:
            parts.append("tests whose tags are all among " + ("the " + str(len(self.within)) + " tags of protocol "
                                                              "1 as first published (" + _tags(self.within, "and")
                                                              + ")" if self.within == FEATURES_1_0 else
                                                              _tags(self.within, "and")) + ", or that carry none")
        if self.sources:
            parts.append("tests of " + ", ".join(f"`spec/rules/{s}.yaml`" for s in self.sources))
        return "; and ".join(parts) if parts else "every test of the suite"


def _tags(tags, joiner: str) -> str:
    quoted = [f"`{t}`" for t in tags]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" {joiner} " + quoted[-1]


PROFILES: tuple[Profile, ...] = (
    Profile("core-casting", "Core casting (protocol 1.0)",
            "what an engine written against protocol 1 as first published is judged on: casting and its "
            "costs, the stack, kicker, flashback, converge, copies, counterspells, triggers, tokens",
            within=FEATURES_1_0),
    Profile("kicker", "Kicker and its variants", "702.33 kicker: kicker, multikicker, two kicker costs, sticker kicker",
            any_of=("kicker", "multikicker", "two-kickers", "sticker-kicker")),
    Profile("flashback", "Flashback", "702.34 flashback", any_of=("flashback",)),
    Profile("converge", "Converge", "converge (an ability word, 207.2c): the colors of mana spent to cast a spell",
            any_of=("converge",)),
    Profile("copies", "Copies of spells", "707.10 copies of spells, labels of copies", any_of=("copy", "copy-labels")),
    Profile("counterspells", "Counterspells", "701.6 countering spells and abilities", any_of=("counter",)),
    Profile("costs", "Costs", "601.2f-h total cost: increases, reductions, alternative costs, casting without "
            "paying the mana cost, X",
            any_of=("cost-increase", "cost-reduction", "alternative-cost", "free-cast", "x-costs")),
    Profile("triggers", "Triggered abilities", "603 triggered abilities: cast, enters and dies triggers",
            any_of=("triggers",)),
    Profile("turn-structure", "Turn structure", "500-514 steps and phases: untap, draw, cleanup, mana pools emptying; "
            "704.5a-b losing the game", any_of=("turn-structure", "player-loss")),
    Profile("combat", "Combat", "506-511 attacking, blocking, combat damage, lethal damage",
            any_of=("combat", "damage-marked")),
    Profile("state-based-actions", "State-based actions", "704 state-based actions (the spec file of that name)",
            sources=("state-based-actions",)),
    Profile("full", "The whole suite", "every test: the engine declares every feature and passes everything"),
)
BY_NAME = {p.name: p for p in PROFILES}


class UnknownProfile(InputError):
    """A profile name the registry does not have (a user mistake: certify exits 2)."""


def get(name: str) -> Profile:
    try:
        return BY_NAME[name]
    except KeyError:
        raise UnknownProfile(f"no such profile {name!r}; the profiles are "
                             f"{', '.join(p.name for p in PROFILES)}") from None


NOT_PASSING = ("fail", "error", "expected-failure", "unexpectedly-passing", "unsupported", "skipped")


def verdict(profile: Profile, tests: list[dict], declared: list[str]) -> dict:
    """The profile's verdict over one run's test records (results.json `tests`)."""
    counted = [t for t in tests if profile.counts(t)]
    against = {o: sum(t["outcome"] == o for t in counted) for o in NOT_PASSING}
    passed = sum(t["outcome"] == "pass" for t in counted)
    needed = sorted({f for t in counted for f in t["features"]} - set(declared))
    if not counted:
        result, reason = "empty", "this run has no test the profile counts"
    elif passed == len(counted):
        result, reason = "pass", f"all {len(counted)} counted tests pass"
    else:
        result = "fail"
        reason = f"{len(counted) - passed} of {len(counted)} counted tests do not pass: " + ", ".join(
            f"{o} {c}" for o, c in against.items() if c)
        if needed:
            reason += "; the engine does not declare " + ", ".join(needed)
    return {"name": profile.name, "title": profile.title, "verdict": result, "reason": reason,
            "tests": len(counted), "pass": passed, "not_passing": against, "undeclared_features": needed}


def verdicts(tests: list[dict], declared: list[str], only: str | None = None) -> list[dict]:
    """Every profile's verdict (a --profile run: only that profile's)."""
    chosen = [get(only)] if only is not None else list(PROFILES)
    return [verdict(p, tests, declared) for p in chosen]


def attach(doc: dict, only: str | None = None) -> dict:
    """Set results.json's `profile` (the --profile of the run, or null) and `profiles` (the verdicts;
    none for a run of part of the suite: a shard or --rerun-failed, whose merge computes them)."""
    chosen = get(only) if only is not None else None
    doc["profile"] = ({"name": chosen.name, "title": chosen.title, "counts": chosen.selection(),
                       "criterion": CRITERION} if chosen is not None else None)
    doc["profiles"] = [] if doc.get("selection") else verdicts(doc["tests"], doc["engine"]["features"], only)
    return doc


def render_markdown() -> str:
    """docs/PROFILES.md."""
    lines = ["<!-- Generated by `python -m mtg_conformance.certify.profiles --write` from "
             "mtg_conformance/certify/profiles.py: edit the registry, not this page. -->",
             "# Certification profiles", "",
             "A profile names a part of the suite an engine can be certified on, with a written passing "
             "criterion, so a badge such as `kicker: pass` has one meaning for every engine.", "",
             "```sh",
             "mtg-conformance certify --engine SPEC --profile kicker      # only the kicker tests",
             "mtg-conformance certify --engine SPEC                       # the whole suite, every profile's verdict",
             "mtg-conformance certify --list-profiles",
             "```", "",
             "A `--profile` run runs only the tests the profile counts; its `results.json` (`profile`, "
             "`profiles`), `summary.md` and `badge.svg` name the profile and the suite version (the tool "
             "version `tool.version` and the suite's id `suite.version`), and it writes "
             "`badge-<profile>.svg`, reading `<profile>: pass` or `<profile>: fail`. A run of the whole "
             "suite computes every profile's verdict from the same results and writes every profile's "
             "badge. Runs of part of the suite (`--shard`, `--rerun-failed`) give no verdict; "
             "`mtg-conformance merge` computes them for the merged shards.", "",
             "## Passing criterion (every profile)", "",
             f"A profile {CRITERION}. A run with no test the profile counts has the verdict `empty` "
             "(no badge). Verdicts are computed from the run's results only: the same results.json always "
             "gives the same verdicts.", "",
             "## Which tests count", "",
             "| profile | what it certifies | counts |", "| --- | --- | --- |"]
    for p in PROFILES:
        lines.append(f"| `{p.name}` | {p.title}: {p.why} | {p.selection()} |")
    lines += ["", "A test counts for every profile whose conditions it meets (a kicked spell that is copied "
              "counts for `kicker`, `copies` and `core-casting`). A mechanic family's profile counts its "
              "tests whatever else they need, so `combat: pass` also means the engine declares "
              "`turn-structure`, which every combat test needs.", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    import argparse
    import sys
    from pathlib import Path

    parser = argparse.ArgumentParser(prog="python -m mtg_conformance.certify.profiles",
                                     description="write or check docs/PROFILES.md from the registry")
    parser.add_argument("--write", action="store_true", help="write docs/PROFILES.md (default: check it)")
    args = parser.parse_args(argv)
    path = Path(__file__).resolve().parents[2] / "docs" / "PROFILES.md"
    if args.write:
        path.write_text(render_markdown(), encoding="utf-8")
        print(f"wrote {path}")
        return 0
    if not path.is_file() or path.read_text(encoding="utf-8") != render_markdown():
        print(f"{path} is stale: run python -m mtg_conformance.certify.profiles --write", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
