"""docs/ci/mtg-conformance.yml, the CI recipe for engine repositories, really works: its `run:`
steps, in order, in an empty folder (the engine's checkout), with the package installed from a
freshly built wheel, certify an out-of-process engine against an expectations file, write the job
summary, and leave every report where the upload step looks."""

from __future__ import annotations

import json
import re
import subprocess

import yaml
from wheel_support import ROOT, installed_wheel  # noqa: F401 - fixture

WORKFLOW = ROOT / "docs" / "ci" / "mtg-conformance.yml"
ENV_EXPRESSION = re.compile(r"\$\{\{\s*env\.([A-Z_]+)\s*\}\}")


def _workflow() -> dict:
    doc = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    doc["on"] = doc.pop(True, doc.get("on"))  # YAML 1.1 reads the key `on` as true
    return doc


def test_the_workflow_is_a_complete_github_actions_job():
    doc = _workflow()
    assert set(doc["on"]) == {"push", "pull_request"}
    (job,) = doc["jobs"].values()
    uses = [s["uses"].split("@")[0] for s in job["steps"] if "uses" in s]
    assert uses == ["actions/checkout", "actions/setup-python", "actions/upload-artifact"]
    runs = " ".join(s["run"] for s in job["steps"] if "run" in s)
    for command in ('pip install "$MTG_CONFORMANCE"', 'mtg-conformance smoke --engine "$ENGINE"',
                    'mtg-conformance certify --engine "$ENGINE" --expectations "$EXPECTATIONS" --out "$REPORTS"'):
        assert command in runs
    upload = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/upload-artifact"))
    assert upload["if"] == "always()" and ENV_EXPRESSION.fullmatch(upload["with"]["path"]).group(1) == "REPORTS"


def test_the_workflow_steps_certify_an_engine_from_its_own_repository(installed_wheel, tmp_path):
    (job,) = _workflow()["jobs"].values()
    repo = tmp_path / "my-engine"
    (repo / "conformance").mkdir(parents=True)
    (repo / "conformance" / "expectations.yaml").write_text(
        "- feature: sticker-kicker\n  status: skip\n  issue: https://example.org/my-engine/issues/1\n", encoding="utf-8")
    summary = tmp_path / "step-summary.md"
    env = dict(job["env"], MTG_CONFORMANCE=str(installed_wheel.wheel),
               ENGINE=f"cmd:{installed_wheel.bin / 'mtg-conformance'} serve-reference",
               GITHUB_STEP_SUMMARY=str(summary))
    for step in job["steps"]:
        if "run" not in step:
            continue
        proc = subprocess.run(["bash", "-eo", "pipefail", "-c", step["run"]], cwd=repo,
                              env=installed_wheel.env(**env), capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, f"step {step['name']!r} failed:\n{proc.stdout}\n{proc.stderr}"
    upload = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/upload-artifact"))
    reports = repo / ENV_EXPRESSION.sub(lambda m: env[m.group(1)], upload["with"]["path"])
    assert {"results.json", "junit.xml", "summary.md", "job-summary.md", "report.html", "badge.svg"} <= \
        {p.name for p in reports.iterdir()}
    results = json.loads((reports / "results.json").read_text(encoding="utf-8"))
    assert results["expectations"]["file"] == "conformance/expectations.yaml"
    skipped = [t for t in results["tests"] if t["outcome"] == "skipped"]
    assert skipped and all("sticker-kicker" in t["features"] for t in skipped)
    assert results["regression"] is False
    assert summary.read_text(encoding="utf-8") == (reports / "job-summary.md").read_text(encoding="utf-8")
    assert summary.read_text(encoding="utf-8").startswith("## MTG conformance: ")
