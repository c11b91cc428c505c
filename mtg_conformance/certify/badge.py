"""badge.svg: how much of the suite an engine passes, as a shields-style flat badge (no network).

The value shows passes out of ALL tests beside the share of applicable tests
(`30/153 · 100% applicable`), and the color follows the share of the whole suite, so an engine
that runs a fifth of the suite flawlessly never gets the green of a complete one.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

COLORS = ((100.0, "#4c1"), (90.0, "#97ca00"), (75.0, "#a4a61d"), (50.0, "#dfb317"), (25.0, "#fe7d37"), (0.0, "#e05d44"))
NO_DATA = "#9f9f9f"


def color_for(percent: float | None) -> str:
    if percent is None:
        return NO_DATA
    for threshold, color in COLORS:
        if percent >= threshold:
            return color
    return COLORS[-1][1]


def _width(text: str) -> int:
    """Approximate Verdana 11px text width (what shields.io does without a font file)."""
    return int(sum(7.5 if c in "mwMW%" else 4.5 if c in "il.:|" else 6.5 for c in text)) + 10


def _share(percent: float | None) -> str:
    return "n/a" if percent is None else f"{percent:.1f}%".replace(".0%", "%")


def value_text(totals: dict) -> str:
    if not totals["tests"]:
        return "n/a"
    return f"{totals['pass']}/{totals['tests']} · {_share(totals['percent'])} applicable"


LABEL = "MTG conformance"
VERDICT_COLORS = {"pass": "#4c1", "fail": "#e05d44"}


def label_for(doc: dict) -> str:
    """badge.svg's label: the profile and the suite version of a --profile run, else the plain label."""
    profile = doc.get("profile")
    if not profile:
        return LABEL
    return f"{LABEL} {doc['tool']['version']} · {profile['name']}"


def render_verdict(verdict: dict, doc: dict) -> str:
    """badge-<profile>.svg: `<profile>: pass` (green) or `<profile>: fail` (red); its title names the
    suite version and id the verdict was given against."""
    title = (f"{verdict['name']}: {verdict['verdict']} (mtg-conformance {doc['tool']['version']}, suite "
             f"{doc['suite']['version']}; {verdict['pass']} of {verdict['tests']} counted tests pass)")
    return _svg(verdict["name"], verdict["verdict"], VERDICT_COLORS.get(verdict["verdict"], NO_DATA), title)


def render(totals: dict, label: str = LABEL) -> str:
    value = value_text(totals)
    suite_share = 100.0 * totals["pass"] / totals["tests"] if totals["tests"] else None
    return _svg(label, value, color_for(suite_share))


def _svg(label: str, value: str, color: str, title: str | None = None) -> str:
    lw, vw = _width(label), _width(value)
    total = lw + vw
    label_e, value_e = escape(label), escape(value)
    title_e = escape(title) if title is not None else f"{label_e}: {value_e}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="20" role="img" '
        f'aria-label="{label_e}: {value_e}">'
        f"<title>{title_e}</title>"
        f'<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/>'
        f'<stop offset="1" stop-opacity=".1"/></linearGradient>'
        f'<clipPath id="r"><rect width="{total}" height="20" rx="3" fill="#fff"/></clipPath>'
        f'<g clip-path="url(#r)"><rect width="{lw}" height="20" fill="#555"/>'
        f'<rect x="{lw}" width="{vw}" height="20" fill="{color}"/>'
        f'<rect width="{total}" height="20" fill="url(#s)"/></g>'
        f'<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">'
        f'<text x="{lw / 2:.1f}" y="14">{label_e}</text>'
        f'<text x="{lw + vw / 2:.1f}" y="14">{value_e}</text></g></svg>\n'
    )
