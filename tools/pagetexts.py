"""index.html's texts as messages: which elements and attributes are marked, and what each says.

An element marked `data-i18n` is one message, its content: its child elements become numbered placeholders,
`<0>text</0>` for one with text, `<0/>` for one without (a field inside a label), so that a sentence stays
whole and a translation may move them. Form fields and marked children at either end of the content stay
where they are, out of the message. The attribute's value, when not empty, is the message's context; the
attributes' messages (`data-i18n-attr`) take `data-i18n-context`'s.
`data-i18n-attr="title aria-label"` makes those attributes' values messages. js/frame.js puts translations
back by the same rules (its `fill`), finding the marked elements in the same order.

Glossary:
    marked   an element with `data-i18n` or `data-i18n-attr`
    place    a marked element's index among them all, in document order (querySelectorAll's)
    middle   a marked element's content without the held nodes at either end: what its message says
    held     white space, a form field, or a marked child, at either end of a content
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

PAGE = "index.html"


class MarkError(ValueError):
    """A mark that cannot be translated as it is (nothing to say, nested markup, a broken tag)."""


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
HELD = {"input", "select", "textarea"}  # form fields at a message's ends stay out of it
OPAQUE = {"noscript", "template"}  # what the page's script does not see as elements: no marks there
SPACES = " \t\n\f\r"  # HTML's white space (not U+00A0)


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    line: int
    children: list[Element | str] = field(default_factory=list)

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)


class _Tree(HTMLParser):
    """index.html as a tree; every element must be closed by its own end tag (the page is written so)."""

    def __init__(self, path: str) -> None:
        super().__init__(convert_charrefs=True)
        self.path = path
        self.root = Element("#document", {}, 0)
        self.open = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs}, self.getpos()[0])
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.open[-1].children.append(Element(tag, {k: v or "" for k, v in attrs}, self.getpos()[0]))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if self.open[-1].tag != tag:
            raise MarkError(f"{self.path}:{self.getpos()[0]}: </{tag}> closes <{self.open[-1].tag}>")
        self.open.pop()

    def handle_data(self, data: str) -> None:
        self.open[-1].children.append(data)


def parse_page(text: str, path: str = PAGE) -> Element:
    tree = _Tree(path)
    tree.feed(text)
    tree.close()
    if len(tree.open) > 1:
        raise MarkError(f"{path}: <{tree.open[-1].tag}> (line {tree.open[-1].line}) is never closed")
    return tree.root


def is_marked(element: Element) -> bool:
    return "data-i18n" in element.attrs or "data-i18n-attr" in element.attrs


def marked(root: Element, path: str = PAGE) -> list[Element]:
    """The marked elements in document order, as `querySelectorAll("[data-i18n], [data-i18n-attr]")` finds
    them in the page."""
    found: list[Element] = []

    def walk(element: Element, hidden: bool) -> None:
        for child in element.children:
            if isinstance(child, str):
                continue
            if is_marked(child):
                if hidden:
                    raise MarkError(f"{path}:{child.line}: a mark inside <{element.tag}>: no script sees it")
                found.append(child)
            walk(child, hidden or child.tag in OPAQUE)

    walk(root, False)
    return found


def collapse(text: str) -> str:
    return re.sub(f"[{SPACES}]+", " ", text)


def is_held(node: Element | str) -> bool:
    if isinstance(node, str):
        return not node.strip(SPACES)
    return node.tag in HELD or "data-i18n" in node.attrs


def middle(element: Element) -> list[Element | str]:
    """The content that makes the message: without the held nodes at either end."""
    nodes = element.children
    start, end = 0, len(nodes)
    while start < end and is_held(nodes[start]):
        start += 1
    while end > start and is_held(nodes[end - 1]):
        end -= 1
    return nodes[start:end]


def content_message(element: Element, path: str = PAGE) -> str:
    """The message of a `data-i18n` element: its content with each child element as a placeholder."""
    parts: list[str] = []
    index = 0
    for node in middle(element):
        if isinstance(node, str):
            if "<" in node or ">" in node:
                raise MarkError(f"{path}:{element.line}: a '<' or '>' in a text would read as a placeholder")
            parts.append(node)
            continue
        if any(isinstance(c, Element) for c in node.children) or "data-i18n" in node.attrs:
            raise MarkError(f"{path}:{node.line}: <{node.tag}> inside a message must hold plain text only")
        inner = collapse(node.text())
        parts.append(f"<{index}>{inner}</{index}>" if inner.strip(SPACES) else f"<{index}/>")
        index += 1
    message = collapse("".join(parts)).strip(SPACES)
    if not message:
        raise MarkError(f"{path}:{element.line}: <{element.tag} data-i18n> has no text")
    return message


@dataclass(frozen=True)
class Static:
    """One message of index.html: the marked element's place among them all, in document order, and what
    of it is translated (`text`: its content, else an attribute's name)."""

    element: int
    key: str
    msgid: str
    context: str | None
    line: int


def static_texts(text: str, path: str = PAGE) -> list[Static]:
    """Every message of a page, in document order."""
    texts = []
    for place, element in enumerate(marked(parse_page(text, path), path)):
        context = element.attrs.get("data-i18n") or None
        if "data-i18n" in element.attrs:
            texts.append(Static(place, "text", content_message(element, path), context, element.line))
        attribute_context = element.attrs.get("data-i18n-context") or None
        for name in element.attrs.get("data-i18n-attr", "").split():
            value = element.attrs.get(name, "")
            if not value.strip(SPACES):
                raise MarkError(f"{path}:{element.line}: data-i18n-attr names {name!r}, which has no text")
            texts.append(Static(place, name, value, attribute_context, element.line))
    return texts


def elements(root: Element | None) -> Iterator[Element]:
    """Every element under `root`, in document order."""
    for child in root.children if root else ():
        if isinstance(child, Element):
            yield child
            yield from elements(child)
