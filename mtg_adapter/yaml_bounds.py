"""Bounds for YAML read from users: document size and alias expansion ("billion laughs").

Why: a few hundred bytes of nested aliases (`&a [x, x]`, `&b [*a, *a]`, ...) compose into a
small node graph that every consumer walking it as a tree (schema validation, freezing,
rendering) expands exponentially, using gigabytes and never finishing. PyYAML has no limit of
its own. Here, after composing, the number of nodes the document has once every alias is
expanded is counted on the graph (each distinct node once, so this costs one pass); a document
whose aliases add more than `MAX_ALIAS_NODES` nodes, or an alias inside the node it names (a
cycle, infinite once expanded), is refused with the position of the alias that crossed the
budget. Documents without anchors skip the count.

One place for every YAML reader of the project: the spec reader (generator/yaml_source.py),
expectations files, and the small readers of the catalog, peers and spec texts. The error is a
`yaml.MarkedYAMLError`, so code that already reports YAML errors with their mark reports these
the same way.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.events import AliasEvent, CollectionEndEvent, CollectionStartEvent, ScalarEvent
from yaml.nodes import MappingNode, Node, SequenceNode

from mtg_adapter.errors import InputError

MAX_YAML_BYTES = 8 * 1024 * 1024  # the largest spec file is under 100 KB
MAX_ALIAS_NODES = 10_000  # nodes that alias expansion may add to a document


class YamlBoundError(InputError, yaml.MarkedYAMLError):
    """A document beyond a bound; `problem_mark` (when known) is where it was crossed."""

    def __init__(self, problem: str, mark: yaml.Mark | None = None):
        super().__init__(problem=problem, problem_mark=mark)


def _mark(text: str, index: int) -> yaml.Mark:
    line = text.count("\n", 0, index)
    return yaml.Mark("<yaml>", index, line, index - (text.rfind("\n", 0, index) + 1), None, None)


def check_size(text: str, limit: int = MAX_YAML_BYTES) -> None:
    """Refuse a document of more than `limit` bytes (UTF-8), before parsing it."""
    if len(text) > limit // 4 and len(text.encode("utf-8")) > limit:
        raise YamlBoundError(f"the document is larger than the limit of {limit:,} bytes", _mark(text, 0))


def expanded_size(root: Node) -> int | None:
    """How many nodes `root` has once every alias is expanded; None for a cycle (infinite)."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        children = _children(node)
        if done:
            open_nodes.discard(key)
            sizes[key] = 1 + sum(sizes[id(child)] for child in children)
            continue
        if key in sizes:
            continue
        if key in open_nodes:
            return None
        open_nodes.add(key)
        stack.append((node, True))
        for child in children:
            if id(child) in open_nodes:
                return None
            if id(child) not in sizes:
                stack.append((child, False))
    return sizes[id(root)]


def _children(node: Node) -> list[Node]:
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, SequenceNode):
        return list(node.value)
    return []


def _distinct(root: Node) -> int:
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) not in seen:
            seen.add(id(node))
            stack.extend(_children(node))
    return len(seen)


def check_aliases(root: Node | None, text: str, loader_class: type = yaml.SafeLoader,
                  budget: int = MAX_ALIAS_NODES) -> None:
    """Refuse a composed document whose aliases expand to more than `budget` extra nodes."""
    if root is None or "&" not in text or "*" not in text:
        return  # no anchor or no alias: nothing is shared
    total = expanded_size(root)
    if total is not None and total <= _distinct(root) + budget:
        return
    raise _locate(text, loader_class, budget)


def _locate(text: str, loader_class: type, budget: int) -> YamlBoundError:
    """The error at the alias that closes a cycle or makes the expansion cross `budget`."""
    sizes: dict[str, int] = {}  # anchor -> expanded size of its node
    stack: list[list[Any]] = [[None, 0]]  # open collections: [anchor, nodes so far]
    added = 0
    try:
        for event in yaml.parse(text, Loader=loader_class):
            if isinstance(event, AliasEvent):
                size = sizes.get(event.anchor)
                if size is None:
                    return YamlBoundError(f"the alias *{event.anchor} is inside the node it names "
                                          "(a recursive structure); remove it", event.start_mark)
                added += size
                stack[-1][1] += size
                if added > budget:
                    return YamlBoundError(f"aliases expand to more than {budget:,} extra nodes here "
                                          f"(at *{event.anchor}); repeat the data or use fewer nested aliases",
                                          event.start_mark)
            elif isinstance(event, ScalarEvent):
                stack[-1][1] += 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif isinstance(event, CollectionStartEvent):
                if event.anchor is not None:
                    sizes.pop(event.anchor, None)  # a redefined anchor is open again
                stack.append([event.anchor, 1])
            elif isinstance(event, CollectionEndEvent):
                anchor, size = stack.pop()
                stack[-1][1] += size
                if anchor is not None:
                    sizes[anchor] = size
    except yaml.YAMLError:
        pass
    return YamlBoundError(f"aliases expand to more than {budget:,} extra nodes; "
                          "repeat the data or use fewer nested aliases", _mark(text, 0))


def compose_bounded(text: str, loader_class: type = yaml.SafeLoader) -> tuple[Node | None, Any]:
    """(node, data) of a single-document `text`, as `yaml.compose` and `yaml.safe_load` give them,
    within the bounds above (raises `YamlBoundError`, or the parser's `yaml.YAMLError`)."""
    check_size(text)
    loader = loader_class(text)
    try:
        node = loader.get_single_node()
        check_aliases(node, text, loader_class)
        data = loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
    return node, data


def safe_load_bounded(text: str) -> Any:
    """`yaml.safe_load(text)` within the bounds above (libyaml's parser when present)."""
    return compose_bounded(text, getattr(yaml, "CSafeLoader", yaml.SafeLoader))[1]
