"""The game's message catalogs: extract the texts to translate, compile the translations.

    python tools/messages.py extract          # writes assets/locale/messages.pot
    python tools/messages.py merge            # brings each .po in step with the source (new texts untranslated)
    python tools/messages.py compile          # each assets/locale/<code>/LC_MESSAGES/*.po -> .mo
    python tools/messages.py compile --check  # fails if a committed .mo differs from its .po
    python tools/messages.py missing          # lists messages a catalog lacks (exit 1 if any)

``extract`` reads the package's source with ``ast`` and finds every ``_("...")``,
``N_("...")`` and ``ngettext("...", "...", n)`` whose texts are written out as
string literals (``_(NAME)`` translates a text marked with ``N_`` where it was written),
and the web seat's texts (``chinese_ten/web``: ``_("...")`` in its JavaScript modules,
``data-text="..."`` in its page), found as the server finds them to serve them translated.
``compile`` writes GNU ``.mo`` files (the format of GNU gettext's
manual, "The Format of GNU MO Files": a header of seven 32-bit words, two tables of
(length, offset) pairs sorted by original, then the strings, each NUL-terminated).
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "chinese_ten"
LOCALE = ROOT / "assets" / "locale"
POT = LOCALE / "messages.pot"
DOMAIN = "chinese-ten"
MARKERS = {"_": 1, "N_": 1, "ngettext": 2}
"""Function names that mark a text, and how many leading arguments are texts."""


@dataclass
class Message:
    """One text to translate: its English (and plural) form, where it is used, its translations."""

    msgid: str
    plural: str | None = None
    places: list[str] = field(default_factory=list)
    strings: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        """The original as a ``.mo`` file keys it (singular NUL plural)."""
        return self.msgid if self.plural is None else f"{self.msgid}\0{self.plural}"


class CatalogError(ValueError):
    """A source call or a ``.po`` file the tool cannot read."""


def _call_name(node: ast.Call) -> str | None:
    return node.func.id if isinstance(node.func, ast.Name) else None


def extract_source(text: str, where: str) -> list[Message]:
    """The marked texts in one module's source, in order of appearance."""
    found: list[Message] = []
    for node in ast.walk(ast.parse(text, where)):
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        count = MARKERS.get(name or "")
        if count is None or len(node.args) < count:
            continue
        texts = node.args[:count]
        if not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in texts):
            if name == "_":
                continue  # a text marked with N_ where it was written
            raise CatalogError(f"{where}:{node.lineno}: {name}() needs its texts written out as string literals")
        values = [a.value for a in texts]  # type: ignore[attr-defined]
        found.append(Message(values[0], values[1] if count == 2 else None, [f"{where}:{node.lineno}"]))
    found.sort(key=lambda m: int(m.places[0].rsplit(":", 1)[1]))
    return found


def _web_module(package: Path) -> Any:
    """The package's ``web`` module (which finds the page's texts), loaded from its file alone."""
    spec = importlib.util.spec_from_file_location("chinese_ten_web_texts", package / "web" / "__init__.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def extract_web(package: Path = PACKAGE) -> list[Message]:
    """The web seat's marked texts, in file and line order, each with its place."""
    web = _web_module(package)
    found: list[Message] = []
    for path in web.sources():
        rel = path.relative_to(package.parent).as_posix()
        for text, line in web.marked_texts_of(path.read_text(encoding="utf-8"), path.suffix == ".html"):
            found.append(Message(text, None, [f"{rel}:{line}"]))
    return found


def extract(package: Path = PACKAGE) -> list[Message]:
    """Every marked text of the package (its Python and its web seat), each once, in file and line order."""
    merged: dict[str, Message] = {}
    python = [(path.relative_to(package.parent).as_posix(), path) for path in sorted(package.rglob("*.py"))]
    web = extract_web(package) if (package / "web" / "__init__.py").is_file() else []
    for rel, path in python:
        for m in extract_source(path.read_text(encoding="utf-8"), rel):
            if m.msgid in merged:
                old = merged[m.msgid]
                if old.plural != m.plural:
                    raise CatalogError(f"{m.places[0]}: {m.msgid!r} is used with two plural forms")
                old.places.extend(m.places)
            else:
                merged[m.msgid] = m
    for m in web:
        if m.msgid in merged:
            merged[m.msgid].places.extend(m.places)
        else:
            merged[m.msgid] = m
    return list(merged.values())


def _quote(text: str) -> str:
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{body}"'


def write_pot(messages: list[Message]) -> str:
    """The template every catalog is translated from."""
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"',
             '"Content-Transfer-Encoding: 8bit\\n"', ""]
    for m in messages:
        lines.append("#: " + " ".join(m.places))
        if "{" in m.msgid:
            lines.append("#, python-brace-format")
        lines.append("msgid " + _quote(m.msgid))
        if m.plural is None:
            lines.append('msgstr ""')
        else:
            lines += ["msgid_plural " + _quote(m.plural), 'msgstr[0] ""', 'msgstr[1] ""']
        lines.append("")
    return "\n".join(lines)


def _unquote(token: str, where: str) -> str:
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise CatalogError(f"{where}: expected a quoted string")
    out = []
    i, body = 0, token[1:-1]
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            if body[i + 1] not in escapes:
                raise CatalogError(f"{where}: unknown escape \\{body[i + 1]}")
            out.append(escapes[body[i + 1]])
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def read_po(text: str, where: str) -> tuple[str, list[Message]]:
    """A ``.po`` file's header and messages (fuzzy entries and comments are left out)."""
    entries: list[dict[str, str]] = []
    cur: dict[str, str] = {}
    last: str | None = None
    fuzzy = False

    def close() -> None:
        nonlocal cur, last, fuzzy
        if "msgid" in cur and not fuzzy:
            entries.append(cur)
        cur, last, fuzzy = {}, None, False

    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        place = f"{where}:{n}"
        if not line:
            continue
        if line.startswith("#"):
            if "msgid" in cur and last is not None and last.startswith("msgstr"):
                close()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith('"'):
            if last is None:
                raise CatalogError(f"{place}: a string with no keyword before it")
            cur[last] += _unquote(line, place)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgid" and "msgid" in cur:
            close()
        if keyword not in ("msgid", "msgid_plural", "msgstr", "msgstr[0]", "msgstr[1]", "msgctxt"):
            raise CatalogError(f"{place}: unknown keyword {keyword!r}")
        cur[keyword] = _unquote(rest.strip(), place)
        last = keyword
    close()
    header = ""
    messages: list[Message] = []
    for e in entries:
        if e["msgid"] == "":
            header = e.get("msgstr", "")
            continue
        if "msgid_plural" in e:
            strings = [e.get("msgstr[0]", ""), e.get("msgstr[1]", e.get("msgstr[0]", ""))]
            messages.append(Message(e["msgid"], e["msgid_plural"], strings=strings))
        else:
            messages.append(Message(e["msgid"], strings=[e.get("msgstr", "")]))
    return header, messages


def mo_bytes(header: str, messages: list[Message]) -> bytes:
    """A GNU ``.mo`` file holding the translated messages (untranslated ones are left out)."""
    pairs = [("", header)] if header else []
    for m in messages:
        if m.strings and all(m.strings):
            pairs.append((m.key, "\0".join(m.strings)))
    pairs.sort(key=lambda p: p[0].encode("utf-8"))
    originals = [k.encode("utf-8") for k, _ in pairs]
    translations = [v.encode("utf-8") for _, v in pairs]
    count = len(pairs)
    table_start = 7 * 4
    strings_start = table_start + 2 * count * 8
    offsets_o: list[tuple[int, int]] = []
    offsets_t: list[tuple[int, int]] = []
    blob = bytearray()
    for data in originals:
        offsets_o.append((len(data), strings_start + len(blob)))
        blob += data + b"\0"
    for data in translations:
        offsets_t.append((len(data), strings_start + len(blob)))
        blob += data + b"\0"
    out = bytearray(struct.pack("<7I", 0x950412DE, 0, count, table_start, table_start + count * 8, 0, 0))
    for length, offset in offsets_o + offsets_t:
        out += struct.pack("<2I", length, offset)
    return bytes(out + blob)


def write_po(header: str, messages: list[Message]) -> str:
    """A catalog source: the header, then each message with its translation (empty when it has none)."""
    lines = ['msgid ""', 'msgstr ""', *(_quote(line + "\n") for line in header.splitlines()), ""]
    for m in messages:
        if "{" in m.msgid:
            lines.append("#, python-brace-format")
        lines.append("msgid " + _quote(m.msgid))
        if m.plural is None:
            lines.append("msgstr " + _quote(m.strings[0] if m.strings else ""))
        else:
            lines += ["msgid_plural " + _quote(m.plural), "msgstr[0] " + _quote(m.strings[0] if m.strings else "")]
        lines.append("")
    return "\n".join(lines)


def merge(po_text: str, where: str, wanted: list[Message]) -> str:
    """A catalog source holding exactly the ``wanted`` messages, keeping the translations it had."""
    header, have = read_po(po_text, where)
    known = {m.key: m.strings for m in have}
    top = []
    for line in po_text.splitlines():
        if not line.startswith("#"):
            break
        top.append(line + "\n")
    return "".join(top) + write_po(header, [Message(m.msgid, m.plural, strings=known.get(m.key, [])) for m in wanted])


def po_files(locale: Path = LOCALE) -> list[Path]:
    """Every catalog source, one per language."""
    return sorted(locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def missing(po: Path, wanted: list[Message]) -> list[str]:
    """The texts of ``wanted`` that the catalog ``po`` does not translate."""
    _, have = read_po(po.read_text(encoding="utf-8"), str(po))
    done = {m.key for m in have if m.strings and all(m.strings)}
    return [m.msgid for m in wanted if m.key not in done]


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("extract", "merge", "compile", "missing"))
    parser.add_argument("--check", action="store_true", help="compile: compare with the committed .mo files")
    args = parser.parse_args(argv)
    try:
        if args.command == "extract":
            messages = extract()
            POT.parent.mkdir(parents=True, exist_ok=True)
            POT.write_text(write_pot(messages), encoding="utf-8")
            print(f"messages: {len(messages)} texts in {POT.relative_to(ROOT)}")
            return 0
        if args.command == "merge":
            wanted = extract()
            for po in po_files():
                po.write_text(merge(po.read_text(encoding="utf-8"), str(po), wanted), encoding="utf-8")
                print(f"messages: {po.relative_to(ROOT)}: {len(missing(po, wanted))} texts to translate")
            return 0
        if args.command == "missing":
            wanted = extract()
            status = 0
            for po in po_files():
                lacking = missing(po, wanted)
                for text in lacking:
                    print(f"{po.relative_to(ROOT)}: untranslated: {text!r}")
                status |= bool(lacking)
            return status
        stale = 0
        for po in po_files():
            header, messages = read_po(po.read_text(encoding="utf-8"), str(po))
            data = mo_bytes(header, messages)
            mo = po.with_suffix(".mo")
            if args.check:
                if not mo.is_file() or mo.read_bytes() != data:
                    print(f"messages: {mo.relative_to(ROOT)} differs from its .po; "
                          "run: python tools/messages.py compile", file=sys.stderr)
                    stale += 1
            else:
                mo.write_bytes(data)
                print(f"messages: wrote {mo.relative_to(ROOT)} ({len(messages)} texts)")
        return 1 if stale else 0
    except CatalogError as exc:
        print(f"messages: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
