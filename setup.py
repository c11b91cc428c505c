"""Build configuration that pyproject.toml cannot express: ship the suite inside the wheel.

spec/ and generated_tests/ stay where they are in the repository (the generator, the docs and
the tools use those paths). Here they become the data subpackages
`mtg_conformance_suite.spec...` and `mtg_conformance_suite.generated_tests`, so an installed
wheel carries the rules, the card catalog, the JSON Schemas and the generated tests
(`mtg_adapter.suite_files` locates them at run time). Everything else is in pyproject.toml.
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup

ROOT = Path(__file__).resolve().parent
# As pyproject.toml found them before: namespace packages (template folders) included.
CODE = ["generator*", "reference_impl*", "mtg_adapter*", "mtg_conformance*", "phase_adapter*"]
SUITE_PACKAGE = "mtg_conformance_suite"
SHIPPED = ("spec", "generated_tests")


def suite_package_dirs() -> dict[str, str]:
    """`mtg_conformance_suite.spec.rules` -> `spec/rules`, for every directory shipped."""
    dirs = {}
    for top in SHIPPED:
        base = ROOT / top
        for path in sorted([base, *(p for p in base.rglob("*") if p.is_dir())]):
            rel = path.relative_to(ROOT)
            if any(part == "__pycache__" or part.startswith(".") for part in rel.parts):
                continue
            dirs[".".join((SUITE_PACKAGE, *rel.parts))] = rel.as_posix()
    return dirs


SUITE_DIRS = suite_package_dirs()

setup(
    packages=sorted(find_namespace_packages(include=CODE)) + sorted(SUITE_DIRS),
    package_dir=SUITE_DIRS,
)
