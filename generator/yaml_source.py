"""Read a YAML file with safe_load semantics while remembering where every value came from.

Why: error messages must name file, line, column and field. We compose the document with
`yaml.SafeLoader` (so only plain data can be built, exactly as `yaml.safe_load` would), keep the
node tree, and index each value's node (and its key's node) by its field path, e.g.
``('entries', 3, 'scenarios', 1)``. YAML-level problems (syntax errors, duplicate keys, non-string
keys) become `SpecIssue`s at the parser's mark.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from generator.spec_errors import SpecIssue, format_field_path
from mtg_adapter.yaml_bounds import YamlBoundError, check_aliases, check_size

FieldPath = tuple[Any, ...]
MERGE_TAG = "tag:yaml.org,2002:merge"
STR_TAG = "tag:yaml.org,2002:str"  # a plain string key needs no constructor (the common case)
MAP_TAG = "tag:yaml.org,2002:map"
SEQ_TAG = "tag:yaml.org,2002:seq"


class _CachedResolveMixin:
    """Resolve each distinct plain scalar's tag once per process (the composer asks for every
    scalar). Sound because the safe resolvers depend on the scalar's text alone: there are no
    path resolvers (checked below), so a quoted scalar is always a string."""

    _plain_tags: dict[str, str] = {}

    def resolve(self, kind, value, implicit):
        if kind is ScalarNode:
            if not implicit[0]:
                return STR_TAG
            tag = self._plain_tags.get(value)
            if tag is None:
                tag = super().resolve(kind, value, implicit)
                if len(value) <= 200:  # short values repeat (true, 1, R); long texts do not
                    self._plain_tags[value] = tag
            return tag
        return super().resolve(kind, value, implicit)


if hasattr(yaml, "CSafeLoader") and not yaml.CSafeLoader.yaml_path_resolvers:
    class _FastLoader(_CachedResolveMixin, yaml.CSafeLoader):
        """libyaml's parser and composer with the safe constructor's resolver, memoized."""

    # The C parser (libyaml) when present: same safe constructor, same marks, ~10x faster parsing.
    Loader = _FastLoader
else:  # pragma: no cover - PyYAML built without libyaml
    Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
BOM = "\ufeff"
TOO_DEEP = "invalid YAML: nested too deeply"


@dataclass
class YamlDoc:
    """A parsed YAML file: `data` (as yaml.safe_load gives it) plus its node tree for positions."""

    relpath: str
    data: Any = None
    root: Node | None = None
    issues: list[SpecIssue] = field(default_factory=list)
    first_line: str = ""

    def position(self, path: FieldPath, key: bool = False) -> tuple[int, int]:
        """1-based (line, column) of the value at `path` (or of its key), else of the nearest parent.

        Found by walking the node tree along `path` on demand: only errors and a few entry
        lines are ever located, so indexing every node up front would be wasted work.
        """
        value_node, key_node = _walk(self.root, tuple(path))
        node = key_node if key and key_node is not None else value_node
        if node is None:
            return 1, 1
        return node.start_mark.line + 1, node.start_mark.column + 1

    def issue(self, path: FieldPath, message: str, key: bool = False) -> SpecIssue:
        """A `SpecIssue` located at the value (or key) at `path`."""
        line, column = self.position(path, key)
        return SpecIssue(self.relpath, line, column, format_field_path(path), message)

    def line_of(self, path: FieldPath) -> int:
        return self.position(path)[0]


def read_yaml(path: Path, relpath: str) -> YamlDoc:
    """Parse `path` safely; never raises for bad content (problems land in `doc.issues`)."""
    doc = YamlDoc(relpath)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        doc.issues.append(SpecIssue(relpath, 0, 0, "", f"not UTF-8 text: {exc.reason} at byte {exc.start}"))
        return doc
    except OSError as exc:
        doc.issues.append(SpecIssue(relpath, 0, 0, "", f"cannot read: {exc.strerror}"))
        return doc
    return parse_yaml(text, relpath, doc)


def parse_yaml(text: str, relpath: str, doc: YamlDoc | None = None) -> YamlDoc:
    """`read_yaml` for a text already in memory (e.g. a file about to be written)."""
    doc = doc if doc is not None else YamlDoc(relpath)
    text = text.removeprefix(BOM)  # a byte order mark is allowed (YAML 1.1, 5.2) and ignored
    doc.first_line = text.split("\n", 1)[0].rstrip("\r")
    if not _parse(text, doc, Loader) and Loader is not yaml.SafeLoader:
        if any("maximum nesting depth" in i.message for i in doc.issues):
            return doc  # libyaml located it; pure Python would only run out of stack, slowly
        # libyaml failed: parse again in pure Python, whose error messages are more precise
        doc.issues.clear()
        _parse(text, doc, yaml.SafeLoader)
    return doc


def _parse(text: str, doc: YamlDoc, loader_class: type) -> bool:
    """Compose, check keys, construct and index; False (with an issue) on a YAML error that the
    pure-Python parser might locate more precisely (a document beyond a bound is final: True)."""
    relpath = doc.relpath
    loader = None
    final = False
    try:
        check_size(text)
        loader = loader_class(text)
        node = loader.get_single_node()
        check_aliases(node, text, loader_class)
        if node is None:
            doc.issues.append(SpecIssue(relpath, 1, 1, "", "the file is empty"))
            return True
        fast = _construct_plain(node) if loader_class is Loader else None
        if fast is None:
            doc.issues.extend(_key_issues(node, relpath))  # reported, then loaded as safe_load would
            doc.data = loader.construct_document(node)
        else:
            doc.data, key_trouble = fast
            if key_trouble:
                doc.issues.extend(_key_issues(node, relpath))
        doc.root = node
        return True
    except yaml.reader.ReaderError as exc:  # a character YAML forbids (NUL, ESC, ...)
        line, column = line_column(text, exc.position)
        doc.issues.append(SpecIssue(relpath, line, column, "", f"invalid YAML: {describe_character(exc.character)} "
                                                              "is not allowed in YAML text; remove it"))
    except RecursionError:
        line, column = _deepest(text)
        doc.issues.append(SpecIssue(relpath, line, column, "", f"{TOO_DEEP} for the YAML reader; "
                                                              "spec data never needs more than a few levels"))
    except YamlBoundError as exc:  # too large, or aliases that would expand without end
        mark = exc.problem_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        doc.issues.append(SpecIssue(relpath, line, column, "", f"invalid YAML: {exc.problem}"))
        final = True
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        message = " ".join(p for p in (exc.context, exc.problem) if p) or "invalid YAML"
        line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        doc.issues.append(SpecIssue(relpath, line, column, "", f"invalid YAML: {message}"))
    except yaml.YAMLError as exc:
        doc.issues.append(SpecIssue(relpath, 0, 0, "", f"invalid YAML: {exc}"))
    finally:
        if loader is not None:
            loader.dispose()
    doc.data = None
    doc.root = None
    return final


def line_column(text: str, position: int) -> tuple[int, int]:
    """1-based line and column of the character at `position` of `text`."""
    line_start = text.rfind("\n", 0, position) + 1
    return text.count("\n", 0, position) + 1, position - line_start + 1


_NAMES = {0: "NUL", 7: "BEL", 8: "BS", 0x1B: "ESC", 0x7F: "DEL", 0xFEFF: "byte order mark"}


def describe_character(character) -> str:
    """`the control character U+001B (ESC)` for the reader's offending character."""
    code = character if isinstance(character, int) else ord(character)
    name = _NAMES.get(code)
    return f"the control character U+{code:04X}" + (f" ({name})" if name else "")


def _deepest(text: str) -> tuple[int, int]:
    """Where the nesting of `text` is deepest (the scanner is iterative, unlike composing)."""
    depth, best, where = 0, -1, (1, 1)
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if isinstance(token, (yaml.BlockMappingStartToken, yaml.BlockSequenceStartToken,
                                  yaml.FlowMappingStartToken, yaml.FlowSequenceStartToken)):
                depth += 1
                if depth > best:
                    best, where = depth, (token.start_mark.line + 1, token.start_mark.column + 1)
            elif isinstance(token, (yaml.BlockEndToken, yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken)):
                depth -= 1
    except (yaml.YAMLError, RecursionError):
        pass
    return where


def _key_issues(root: Node, relpath: str) -> list[SpecIssue]:
    """Duplicate keys and non-string keys (yaml.safe_load would silently keep the last one)."""
    issues: list[SpecIssue] = []
    seen_nodes: set[int] = set()
    stack: list[tuple[Node, FieldPath]] = [(root, ())]
    while stack:
        node, path = stack.pop()
        if id(node) in seen_nodes:
            continue
        seen_nodes.add(id(node))
        if isinstance(node, MappingNode):
            first: dict[Any, Node] = {}
            for key_node, value_node in node.value:
                if key_node.tag == MERGE_TAG:
                    continue
                key_path = path + (str(key_node.value),)
                stack.append((value_node, key_path))
                mark = key_node.start_mark
                if key_node.tag != "tag:yaml.org,2002:str":
                    issues.append(SpecIssue(relpath, mark.line + 1, mark.column + 1, format_field_path(key_path),
                                            f"the key {key_node.value!r} is not a string (quote it)"))
                elif key_node.value in first:
                    prev = first[key_node.value]
                    issues.append(SpecIssue(relpath, mark.line + 1, mark.column + 1, format_field_path(key_path),
                                            f"duplicate key {key_node.value!r} "
                                            f"(first at line {prev.start_mark.line + 1})"))
                else:
                    first[key_node.value] = key_node
        elif isinstance(node, SequenceNode):
            stack.extend((item, path + (i,)) for i, item in enumerate(node.value))
    return issues


class _NotPlain(Exception):
    """The document needs the full safe constructor (merge keys, sets, odd keys, ...)."""


def _construct_plain(root: Node) -> tuple[Any, bool] | None:
    """(data, key_trouble) for a document of plain maps, lists and scalars, built exactly as
    `SafeConstructor.construct_document` builds it; None when it needs the full constructor.
    `key_trouble` is True when some mapping has a duplicate or non-string key (the caller then
    locates them with `_key_issues`).

    Why: the generic constructor (generators, per-node dispatch, state bookkeeping) was most
    of the time spent loading a large spec; spec files are plain data, built here in one pass.
    Scalars other than strings (int, bool, null, float, dates) go through the safe constructor
    itself, so their values are the ones safe_load gives."""
    scalars = SafeConstructor()
    built: dict[int, Any] = {}  # node id -> object: aliases share one object, as in safe_load
    trouble = False

    def build(node: Node) -> Any:
        nonlocal trouble
        node.end_mark = None  # positions use start marks only: half the marks, a quarter of the memory
        tag = node.tag
        if tag == STR_TAG and node.__class__ is ScalarNode:
            return node.value
        known = built.get(id(node))
        if known is not None:
            return known
        cls = node.__class__
        if cls is ScalarNode:
            value = scalars.construct_object(node)
            built[id(node)] = value
            return value
        if cls is MappingNode and tag == MAP_TAG:
            data: dict[Any, Any] = {}
            built[id(node)] = data
            for key_node, value_node in node.value:
                if key_node.tag != STR_TAG or key_node.__class__ is not ScalarNode:
                    if key_node.tag == MERGE_TAG:
                        raise _NotPlain
                    trouble = True
                    key = build(key_node)
                    try:
                        hash(key)
                    except TypeError:
                        raise _NotPlain from None  # the safe constructor reports it at its mark
                else:
                    key_node.end_mark = None
                    key = key_node.value
                    if key in data:
                        trouble = True
                data[key] = build(value_node)
            return data
        if cls is SequenceNode and tag == SEQ_TAG:
            items: list[Any] = []
            built[id(node)] = items
            items.extend(build(item) for item in node.value)
            return items
        raise _NotPlain

    try:
        return build(root), trouble
    except Exception:  # _NotPlain, or a scalar the safe constructor rejects: it decides and reports
        return None


def _key_value(key_node: Node) -> Any:
    if key_node.tag == STR_TAG:
        return key_node.value
    return SafeConstructor().construct_object(key_node, deep=True)


def _walk(root: Node | None, path: FieldPath) -> tuple[Node | None, Node | None]:
    """The value node at `path` and its key node (None for list items), or the deepest parent
    reached. Same paths as jsonschema reports; later duplicate keys win, as in the data."""
    node, key_node = root, None
    for part in path:
        found = None
        if isinstance(node, MappingNode):
            for k, v in node.value:
                if _key_value(k) == part:
                    found = (v, k)  # keep scanning: the last one wins
        elif isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            found = (node.value[part], None)
        if found is None:
            return node, None
        node, key_node = found
    return node, key_node
