#!/usr/bin/env python3
"""AttributeGraph's public interface with AttrGraph's status for each symbol: the summary page and the compile probe.

    Scripts/attributegraph-api.py            # regenerates docs/attributegraph-api.md and Tests/AttributeGraphProbeTests/
    Scripts/attributegraph-api.py --check    # also type-checks a probe of *every* row against the debug build
                                             # (`swift build` first) and lists the rows whose status the compiler
                                             # contradicts: claimed rows that do not compile, and missing rows
                                             # that do (candidates for a status)

The data is docs/attributegraph-api.tsv, one row per Swift-visible declaration of AttributeGraph: its Swift
interface, and its C API as Swift imports it (an `AG…` function with a Swift name is a method, property or
initialiser of the type the name gives; enumerations and option sets are Swift enums and option sets; a C
function without a Swift name is imported as `__AG…`, refined for Swift, and called through the Swift API).
Columns: area, owner, symbol, signature (Swift, AttributeGraph's), c name, status, note, probe. Status is one of

    implemented     AttrGraph declares it with this signature (the probe uses it as written)
    differs         AttrGraph provides it with another shape; the note says how and why, the probe column
                    uses AttrGraph's shape
    not applicable  cannot or need not exist in a pure-Swift engine on Linux; the note says why
    missing         not provided yet

The probe is Swift that uses every `implemented` and `differs` row: a call of each function with an argument of
each parameter's type (generic parameters replaced by types that satisfy their constraints) and its result
assigned to its declared type, a read (and for a settable one a write) of each property, each case, each type
with its conformances. It is generated from the signature; where that is not enough, or where the row
`differs`, the row's `probe` column holds the Swift statements to use instead. The generated files are compiled
by `swift build --build-tests`, and AttributeGraphProbeTests checks that they are current.
"""
import argparse
import atexit
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "docs", "attributegraph-api.tsv")
TABLE_NAME = "docs/attributegraph-api.tsv"
PAGE = os.path.join(ROOT, "docs", "attributegraph-api.md")
PROBE_DIR = os.path.join(ROOT, "Tests", "AttributeGraphProbeTests")
COLUMNS = ["area", "owner", "symbol", "signature", "c name", "status", "note", "probe"]
STATUSES = ["implemented", "differs", "not applicable", "missing"]
CLAIMED = ("implemented", "differs")
AREAS = [
    "attributes", "rules", "references", "graph", "subgraph", "tree", "tracing-debug", "comparison", "metadata",
    "tuples", "pointer-offset", "misc",
]
AREA_TITLES = {
    "attributes": "Attributes (AnyAttribute, Attribute, bodies, options)",
    "rules": "Rules and rule contexts",
    "references": "Indirect, optional and weak attributes",
    "graph": "Graph and updates",
    "subgraph": "Subgraphs",
    "tree": "Tree elements",
    "tracing-debug": "Tracing, profiling, description, debug server",
    "comparison": "Value comparison",
    "metadata": "Type metadata",
    "tuples": "Tuples",
    "pointer-offset": "Pointer offsets",
    "misc": "Other",
}


# MARK: - The table

def load():
    rows = []
    with open(TABLE, encoding="utf-8") as handle:
        header = handle.readline().rstrip("\n").split("\t")
        if header != COLUMNS:
            sys.exit(f"{TABLE}: unexpected header {header}")
        for number, line in enumerate(handle, start=2):
            fields = line.rstrip("\n").split("\t")
            fields += [""] * (len(COLUMNS) - len(fields))
            row = dict(zip(COLUMNS, fields))
            row["line"] = number
            if row["status"] not in STATUSES:
                sys.exit(f"{TABLE}:{number}: unknown status {row['status']!r}")
            if row["area"] not in AREAS:
                sys.exit(f"{TABLE}:{number}: unknown area {row['area']!r}")
            if row["status"] in ("differs", "not applicable") and not row["note"]:
                sys.exit(f"{TABLE}:{number}: a {row['status']} row needs its reason in the note")
            if row["status"] == "differs" and not row["probe"]:
                sys.exit(f"{TABLE}:{number}: a differs row needs a probe of AttrGraph's shape")
            rows.append(row)
    keys = collections.Counter(row_key(r) for r in rows)
    duplicated = [k for k, n in keys.items() if n > 1]
    if duplicated:
        sys.exit(f"{TABLE}: owner and signature name more than one row: {duplicated[:3]}")
    return rows


def row_key(row):
    """What names a row: its owner and signature (unique in the table)."""
    return f"{row['owner']} {row['signature']}"


# MARK: - Splitting Swift declarations

def split_top(text, separator=","):
    """Splits at `separator` outside brackets (`->` is not a closing angle bracket)."""
    parts, depth, current, i = [], 0, "", 0
    while i < len(text):
        if text.startswith("->", i):
            current += "->"
            i += 2
            continue
        c = text[i]
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        if depth == 0 and text.startswith(separator, i):
            parts.append(current)
            current = ""
            i += len(separator)
            continue
        current += c
        i += 1
    if current.strip():
        parts.append(current)
    return [p.strip() for p in parts]


def matching(text, start):
    """The index of the bracket closing the one at `start`."""
    depth, i = 0, start
    while i < len(text):
        if text.startswith("->", i):
            i += 2
            continue
        c = text[i]
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return len(text) - 1


class Param:
    def __init__(self, label, type_text, inout):
        self.label = label  # None: no argument label
        self.type = type_text
        self.inout = inout


class Decl:
    def __init__(self):
        self.kind = None         # type, conformance, case, var, let, func, init, subscript, typealias, associatedtype
        self.name = ""
        self.is_static = False
        self.is_mutating = False
        self.generics = []       # [(name, [constraints])]
        self.where = []          # [(lhs, op, rhs)]
        self.params = []
        self.result = None
        self.settable = False
        self.conformances = []   # for types and conformances
        self.type_kind = None    # struct, class, enum, protocol


def parse_generics(text):
    result = []
    for part in split_top(text):
        if ":" in part:
            name, constraint = part.split(":", 1)
            result.append((name.strip(), [c.strip() for c in constraint.split("&")]))
        else:
            result.append((part.strip(), []))
    return result


def parse_where(text):
    result = []
    for part in split_top(text):
        if "==" in part:
            lhs, rhs = part.split("==", 1)
            result.append((lhs.strip(), "==", rhs.strip()))
        elif ":" in part:
            lhs, rhs = part.split(":", 1)
            for one in rhs.split("&"):
                result.append((lhs.strip(), ":", one.strip()))
    return result


def parse_params(text, subscript=False):
    params = []
    for part in split_top(text):
        part = split_top(part, "=")[0]
        names, type_text = part.split(":", 1)
        words = [w for w in names.split() if not w.startswith("@")]
        type_text = type_text.strip()
        inout = type_text.startswith("inout ")
        type_text = re.sub(r"^(inout|__owned|borrowing|consuming|sending)\s+", "", type_text)
        type_text = re.sub(r"@escaping\s+", "", type_text)
        if len(words) == 2:
            label = None if words[0] == "_" else words[0]
        else:
            label = None if subscript or words[0] == "_" else words[0]
        params.append(Param(label, type_text, inout))
    return params


def parse_decl(signature):
    """A declaration of the table (`signature` column) -> Decl, or None when it cannot be parsed."""
    d = Decl()
    s = signature.strip()
    m = re.match(r"^extension\s+([\w.]+)\s*:\s*(.*?)\s*(?:where\s+(.*))?$", s)
    if m:
        d.kind = "conformance"
        d.name = m.group(1)
        d.conformances = [c.strip() for c in m.group(2).split(",")]
        d.where = parse_where(m.group(3)) if m.group(3) else []
        return d
    s = re.sub(r"^(@\w+\s+)+", "", s)
    m = re.match(r"^(struct|class|enum|protocol)\s+([\w.]+)\s*(<[^>]*>)?\s*(?::\s*(.*))?$", s)
    if m:
        d.kind = "type"
        d.type_kind = m.group(1)
        d.name = m.group(2)
        d.generics = parse_generics(m.group(3)[1:-1]) if m.group(3) else []
        for part in split_top(m.group(4) or ""):
            if "==" in part:
                lhs, rhs = part.split("==", 1)
                d.where.append((lhs.strip(), "==", rhs.strip()))
            elif part:
                d.conformances.append(part)
        return d
    m = re.match(r"^case\s+(`?\w+`?)$", s)
    if m:
        d.kind, d.name = "case", m.group(1)
        return d
    m = re.match(r"^typealias\s+(\w+)\s*=\s*(.*)$", s)
    if m:
        d.kind, d.name, d.result = "typealias", m.group(1), m.group(2).strip()
        return d
    m = re.match(r"^associatedtype\s+(\w+)", s)
    if m:
        d.kind, d.name = "associatedtype", m.group(1)
        return d
    words = []
    while True:
        m = re.match(r"^(static|class|mutating|nonmutating)\s+", s)
        if not m:
            break
        words.append(m.group(1))
        s = s[m.end():]
    d.is_static = "static" in words or "class" in words
    d.is_mutating = "mutating" in words
    m = re.match(r"^(var|let)\s+(\w+)\s*:\s*(.*?)\s*(\{[^}]*\})?$", s)
    if m:
        d.kind, d.name, d.result = m.group(1), m.group(2), m.group(3)
        d.settable = m.group(1) == "var" and bool(m.group(4)) and "set" in m.group(4)
        return d
    m = re.match(r"^(func\s+(\S+?)|init|subscript)\s*(<.*?>)?\s*\(", s)
    if not m:
        return None
    if m.group(1).startswith("func"):
        d.kind, d.name = "func", m.group(2)
    else:
        d.kind = m.group(1)
        d.name = m.group(1)
    generics = m.group(3)
    if generics and generics.startswith("<"):
        d.generics = parse_generics(generics[1:-1])
    open_index = m.end() - 1
    close_index = matching(s, open_index)
    params_text = s[open_index + 1:close_index]
    if "…" in params_text:
        return None
    d.params = parse_params(params_text, subscript=d.kind == "subscript") if params_text.strip() else []
    rest = s[close_index + 1:].strip()
    accessors = re.search(r"\{([^}]*)\}\s*$", rest)
    if accessors:
        d.settable = "set" in accessors.group(1)
        rest = rest[:accessors.start()].strip()
    where = re.search(r"\bwhere\b(.*)$", rest)
    if where:
        d.where = parse_where(where.group(1))
        rest = rest[:where.start()].strip()
    rest = re.sub(r"^(rethrows|throws|async)\s*", "", rest)
    if rest.startswith("->"):
        d.result = rest[2:].strip()
    return d


# MARK: - Types that satisfy constraints

# The probe's own types (ProbeSupport.swift), by the protocol they witness.
WITNESSES = {
    "Rule": "__ProbeRule", "StatefulRule": "__ProbeStatefulRule", "_AttributeBody": "__ProbeRule",
    "ObservedAttribute": "__ProbeObservedRule", "AttributeBodyVisitor": "__ProbeVisitor",
}
# The generic parameters of AttributeGraph's generic types (all replaced by Int unless constrained).
GENERIC_TYPES = {
    "Attribute": ["Value"], "IndirectAttribute": ["Value"], "OptionalAttribute": ["Value"],
    "WeakAttribute": ["Value"], "RuleContext": ["Value"], "External": ["Value"], "Focus": ["Root", "Value"],
    "Map": ["Arg", "Value"], "PointerOffset": ["Base", "Member"], "UnsafePointer": ["Pointee"],
    "UnsafeMutablePointer": ["Pointee"],
}


# Raw value types an enumeration declares where conformances go.
RAW_TYPES = {"Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"}


def substitute(text, subst):
    if not text or not subst:
        return text
    pattern = r"(?<![.\w])(" + "|".join(sorted(map(re.escape, subst), key=len, reverse=True)) + r")(?!\w)"
    return re.sub(pattern, lambda m: subst[m.group(1)], text)


def choose(generics, where):
    """A type for each generic parameter, from its constraints."""
    subst = {}
    constraints = collections.defaultdict(list)
    for name, cs in generics:
        constraints[name] += cs
    for lhs, op, rhs in where:
        if op == ":":
            constraints[lhs].append(rhs)
    for name, _ in generics:
        witness = "Int"
        for c in constraints[name]:
            if c in WITNESSES:
                witness = WITNESSES[c]
                break
        subst[name] = witness
    return subst


def owner_spelling(owner):
    """The owner as a concrete type, and the substitution of its generic parameters (and of `Self`)."""
    if owner in WITNESSES:
        witness = WITNESSES[owner]
        return witness, {"Self": witness}
    subst = {}
    parts = []
    for part in owner.split("."):
        params = GENERIC_TYPES.get(part)
        if params:
            for p in params:
                subst[p] = "Int"
            parts.append(part + "<" + ", ".join("Int" for _ in params) + ">")
        else:
            parts.append(part)
    spelled = ".".join(parts)
    subst["Self"] = spelled
    if "." in owner:
        subst[owner.split(".")[-1]] = spelled  # `Flags` inside `Subgraph.Flags`
    return spelled, subst


# MARK: - The probe of one row

def argument(param, subst, prelude, index):
    """An argument of the parameter's type: a constant (a variable for `inout`) declared with that type."""
    t = substitute(param.type, subst)
    if param.inout:
        prelude.append(f"var __arg{index}: {t} = __v()")
        return f"&__arg{index}"
    prelude.append(f"let __arg{index}: {t} = __v()")
    return f"__arg{index}"


def arguments(params, subst, prelude):
    parts = []
    for index, p in enumerate(params):
        value = argument(p, subst, prelude, index)
        parts.append(f"{p.label}: {value}" if p.label else value)
    return ", ".join(parts)


def typed(result, expression, subst):
    if result is None or result in ("Void", "()"):
        return expression
    return f"let _: {substitute(result, subst)} = {expression}"


def statements(row):
    """The probe of a row: Swift statements, or None when the signature does not say enough."""
    if row["probe"].strip():
        return [row["probe"].strip()]
    d = parse_decl(row["signature"])
    if d is None:
        return None
    owner = row["owner"]
    top_level = owner == "AttributeGraph"
    if d.kind == "type":
        name = d.name if top_level else f"{owner}.{d.name}"
        spelled, subst = owner_spelling(name)
        if d.type_kind == "protocol":
            lines = [f"func __conforms<T: {name}>(_: T.Type) {{}}", f"__conforms({WITNESSES.get(name, 'Never')}.self)"
                     if name in WITNESSES else f"_ = (any {name}).self"]
            return lines
        lines = [f"_ = {spelled}.self"]
        raw = [c for c in d.conformances if c in RAW_TYPES]
        if raw:
            d.conformances = [c for c in d.conformances if c not in RAW_TYPES] + ["RawRepresentable"]
            d.where.append(("RawValue", "==", raw[0]))
        if d.conformances or d.where:
            conformances = " & ".join(d.conformances) or "Any"
            where = ", ".join(f"T.{lhs} {op} {rhs}" for lhs, op, rhs in d.where)
            lines.append(f"func __conforms<T: {conformances}>(_: T.Type){' where ' + where if where else ''} {{}}")
            lines.append(f"__conforms({spelled}.self)")
        if d.type_kind == "class":
            lines.append(f"let _: AnyObject.Type = {spelled}.self")
        return lines
    if d.kind == "conformance":
        spelled, subst = owner_spelling(d.name)
        where = ", ".join(f"T.{lhs} {op} {rhs}" for lhs, op, rhs in d.where if lhs != "Self")
        return [f"func __conforms<T: {' & '.join(d.conformances)}>(_: T.Type){' where ' + where if where else ''} {{}}",
                f"__conforms({spelled}.self)"]
    if d.kind == "case":
        spelled, _ = owner_spelling(owner)
        return [f"let _: {spelled} = .{d.name}"]
    if d.kind == "typealias":
        spelled, subst = owner_spelling(owner)
        name = d.name if top_level else f"{spelled}.{d.name}"
        return ["func __same<T>(_: T.Type, _: T.Type) {}", f"__same({name}.self, ({substitute(d.result, subst)}).self)"]
    if d.kind == "associatedtype":
        return [f"func __associated<T: {owner}>(_: T.Type) -> T.{d.name}.Type {{ T.{d.name}.self }}"]
    spelled, subst = owner_spelling(owner)
    subst.update(choose(d.generics, d.where))
    if d.kind in ("var", "let"):
        if top_level:
            base = d.name
        elif d.is_static:
            base = f"{spelled}.{d.name}"
        else:
            base = f"(__v() as {spelled}).{d.name}"
        lines = [typed(d.result, base, subst)]
        if d.settable:
            lines.append(f"let __new: {substitute(d.result, subst)} = __v()")
            if top_level or d.is_static:
                lines.append(f"{base} = __new")
            else:
                lines.append(f"func __write(_ owner: inout {spelled}) {{ owner.{d.name} = __new }}")
        return lines
    prelude = []
    args = arguments(d.params, subst, prelude)
    if d.kind == "init":
        return prelude + [f"let _: {spelled} = {spelled}({args})"]
    if d.kind == "subscript":
        lines = prelude + [typed(d.result, f"(__v() as {spelled})[{args}]", subst)]
        if d.settable:
            lines.append(f"let __new: {substitute(d.result, subst)} = __v()")
            lines.append(f"func __write(_ owner: inout {spelled}) {{ owner[{args}] = __new }}")
        return lines
    if not re.match(r"\w", d.name):  # an operator
        values = [f"__arg{index}" for index in range(len(d.params))]
        expression = f" {d.name} ".join(values) if len(values) == 2 else f"{d.name}{values[0]}"
        return prelude + [typed(d.result, expression, subst)]
    if top_level:
        call = f"{d.name}({args})"
    elif d.is_static:
        call = f"{spelled}.{d.name}({args})"
    elif d.is_mutating:
        prelude.append(f"var __owner: {spelled} = __v()")
        call = f"__owner.{d.name}({args})"
    else:
        call = f"(__v() as {spelled}).{d.name}({args})"
    return prelude + [typed(d.result, call, subst)]


SUPPORT = """// Generated by Scripts/attributegraph-api.py: do not edit.
// The probe's helpers: values of any type (never made: the probe is compiled, not run), and bodies that satisfy
// the constraints of AttributeGraph's generic parameters.
import AttrGraph

/// A value of any type, for an argument whose type is what the probe checks.
func __v<T>() -> T { fatalError("the probe is compiled, not run") }

struct __ProbeRule: Rule, Hashable {
    var value: Int { 0 }
}

struct __ProbeStatefulRule: StatefulRule {
    typealias Value = Int
    mutating func updateValue() {}
}

struct __ProbeObservedRule: Rule, ObservedAttribute {
    var value: Int { 0 }
    mutating func destroy() {}
}

struct __ProbeVisitor: AttributeBodyVisitor {
    mutating func visit<Body: _AttributeBody>(body: UnsafePointer<Body>) {}
}
"""


def probe_file_header(area):
    return ("// Generated by Scripts/attributegraph-api.py from docs/attributegraph-api.tsv: do not edit.\n"
            f"// Every `implemented` and `differs` row of the area {area}, used with its signature.\n"
            "import AttrGraph\n")


def probe_functions(rows, first_line):
    """Swift source with one never-called function per row; returns (source, [(row, first, last line)], unprobed)."""
    lines, spans, unprobed = [], [], []
    for row in rows:
        body = statements(row)
        if body is None:
            unprobed.append(row)
            continue
        start = first_line + len(lines)
        comment = f"{row['owner']}: {row['signature']}".replace("\n", " ")
        lines.append(f"// {comment}")
        lines.append(f"func __probe{row['line']}() {{")
        for statement in body:
            lines.append("    " + statement)
        lines.append("}")
        spans.append((row, start, first_line + len(lines) - 1))
    return "\n".join(lines) + ("\n" if lines else ""), spans, unprobed


# MARK: - The page

def page(rows):
    counts = collections.OrderedDict((a, collections.Counter()) for a in AREAS)
    for row in rows:
        counts[row["area"]][row["status"]] += 1
    total = collections.Counter(row["status"] for row in rows)
    out = []
    out.append("# AttributeGraph's API in AttrGraph")
    out.append("")
    out.append("<!-- Generated by Scripts/attributegraph-api.py from docs/attributegraph-api.tsv: do not edit. -->")
    out.append("")
    out.append("Every Swift-visible declaration of AttributeGraph — its Swift interface, and its C API as Swift imports "
               "it (an `AG…` function with a Swift name is a method, property or initialiser of its type) — with "
               "AttrGraph's status for it. The data, with each declaration's signature and C name, is "
               "[`attributegraph-api.tsv`](attributegraph-api.tsv); `Scripts/attributegraph-api.py` regenerates this "
               "page and the compile probe (`Tests/AttributeGraphProbeTests`), which uses every *implemented* and "
               "*differs* row with its signature, so that the table cannot claim what does not compile. "
               "`Scripts/attributegraph-api.py --check` type-checks a probe of every row against the debug build and "
               "lists the rows whose status the compiler contradicts.")
    out.append("")
    out.append("- **implemented**: AttrGraph declares it with this signature.")
    out.append("- **differs**: AttrGraph provides it with another shape (a label, a type, a Swift value where "
               "AttributeGraph has a CoreFoundation one); the note says how and why.")
    out.append("- **not applicable**: cannot or need not exist in a pure-Swift engine on Linux (C entry points "
               "refined for Swift, whose Swift API is the row that ports; CoreFoundation type identities); the "
               "note says why.")
    out.append("- **missing**: not provided yet.")
    out.append("")
    out.append("Not listed: what the C importer synthesises for every imported type (`init()` and memberwise "
               "initialisers of C structs, `init(rawValue:)` and `rawValue` of enums and option sets — the type's "
               "row checks its raw value type), and the standard library's members of the conformances listed.")
    out.append("")
    out.append("## Counts")
    out.append("")
    out.append("| area | implemented | differs | not applicable | missing | total | provided |")
    out.append("|---|---:|---:|---:|---:|---:|---:|")

    def share(c):
        n = sum(c.values()) - c["not applicable"]
        return f"{100 * (c['implemented'] + c['differs']) / n:.0f}%" if n else "–"

    for area, c in counts.items():
        out.append(f"| [{area}](#{area}) | {c['implemented']} | {c['differs']} | {c['not applicable']} | "
                   f"{c['missing']} | {sum(c.values())} | {share(c)} |")
    out.append(f"| **all** | **{total['implemented']}** | **{total['differs']}** | **{total['not applicable']}** | "
               f"**{total['missing']}** | **{sum(total.values())}** | **{share(total)}** |")
    out.append("")
    out.append("*provided*: implemented + differs, of the rows that are not *not applicable*.")
    out.append("")
    out.append("## Areas")
    out.append("")
    out.append("Per area, the implemented rows by owner, then every row that is not implemented with its reason, "
               "and the implemented rows with a note (where AttributeGraph's own tests, or the two compatibility "
               "suites, see something else, and why).")
    for area in AREAS:
        area_rows = [r for r in rows if r["area"] == area]
        out.append("")
        out.append(f"### {area}")
        out.append("")
        out.append(f"{AREA_TITLES[area]}.")
        out.append("")
        implemented = collections.OrderedDict()
        for r in area_rows:
            if r["status"] == "implemented":
                implemented.setdefault(r["owner"], []).append(r["symbol"])
        if implemented:
            out.append("| owner | implemented |")
            out.append("|---|---|")
            for owner, symbols in implemented.items():
                names = []
                for s in symbols:
                    if s not in names:
                        names.append(s)
                out.append(f"| {owner} | {', '.join('`' + cell(s) + '`' for s in names)} |")
            out.append("")
        others = [r for r in area_rows if r["status"] != "implemented"]
        others += [r for r in area_rows if r["status"] == "implemented" and r["note"]]
        if others:
            out.append("| owner | signature | C name | status | note |")
            out.append("|---|---|---|---|---|")
            for r in others:
                out.append(f"| {r['owner']} | `{cell(r['signature'])}` | {cell(r['c name'])} | {r['status']} | "
                           f"{cell(r['note'])} |")
    return "\n".join(out) + "\n"


def cell(text):
    return text.replace("|", "\\|")


# MARK: - Writing and checking

def write_probe(rows):
    os.makedirs(PROBE_DIR, exist_ok=True)
    claimed = [r for r in rows if r["status"] in CLAIMED]
    unprobed, keys, written = [], [], set()
    for area in AREAS:
        header = probe_file_header(area)
        source, spans, missing = probe_functions([r for r in claimed if r["area"] == area], header.count("\n") + 1)
        unprobed += missing
        keys += [row_key(r) for r, _, _ in spans]
        name = f"Probe-{area}.swift"
        with open(os.path.join(PROBE_DIR, name), "w", encoding="utf-8") as handle:
            handle.write(header + source)
        written.add(name)
    with open(os.path.join(PROBE_DIR, "ProbeSupport.swift"), "w", encoding="utf-8") as handle:
        handle.write(SUPPORT)
    with open(os.path.join(PROBE_DIR, "ProbeManifest.swift"), "w", encoding="utf-8") as handle:
        handle.write("// Generated by Scripts/attributegraph-api.py: do not edit.\n")
        handle.write("/// The rows the probe uses (owner and signature), in table order.\n")
        handle.write("let probedRows: [String] = [\n")
        for key in keys:
            handle.write("    " + swift_string(key) + ",\n")
        handle.write("]\n")
    for name in os.listdir(PROBE_DIR):
        if name.startswith("Probe-") and name.endswith(".swift") and name not in written:
            os.remove(os.path.join(PROBE_DIR, name))
    return unprobed


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def build_dir():
    for triple in sorted(os.listdir(os.path.join(ROOT, ".build"))):
        candidate = os.path.join(ROOT, ".build", triple, "debug")
        if os.path.isdir(os.path.join(candidate, "Modules")):
            return candidate
    sys.exit("no debug build in .build: run `swift build` first")


def typecheck(files):
    """Type-checks `files` against the debug build's modules; returns {path: {line: [messages]}}."""
    debug = build_dir()
    command = ["swiftc", "-typecheck", "-continue-building-after-errors", "-swift-version", "6",
               "-I", os.path.join(debug, "Modules"),
               "-Xcc", "-fmodule-map-file=" + os.path.join(debug, "AttrGraphShims.build", "module.modulemap")]
    result = subprocess.run(command + files, capture_output=True, text=True)
    errors = collections.defaultdict(lambda: collections.defaultdict(list))
    for line in result.stderr.splitlines():
        m = re.match(r"^(.*?):(\d+):\d+: (error|warning): (.*)$", line)
        if m:
            errors[os.path.abspath(m.group(1))][int(m.group(2))].append(f"{m.group(3)}: {m.group(4)}")
    return errors


def check(rows, show_failures=False):
    directory = tempfile.mkdtemp(prefix="attributegraph-probe-")
    atexit.register(shutil.rmtree, directory, True)  # the probe is gone when the script ends
    spans_by_file, unprobed, files = {}, [], []
    for area in AREAS:
        header = probe_file_header(area)
        area_rows = [r for r in rows if r["area"] == area and r["status"] != "not applicable"]
        source, spans, missing = probe_functions(area_rows, header.count("\n") + 1)
        unprobed += missing
        path = os.path.join(directory, f"Probe-{area}.swift")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(header + source)
        spans_by_file[path] = spans
        files.append(path)
    support = os.path.join(directory, "ProbeSupport.swift")
    with open(support, "w", encoding="utf-8") as handle:
        handle.write(SUPPORT)
    errors = typecheck(files + [support])
    for line, messages in sorted(errors.get(os.path.abspath(support), {}).items()):
        print(f"ProbeSupport.swift:{line}: {messages}")
    compiles, fails = [], []
    for path, spans in spans_by_file.items():
        file_errors = errors.get(os.path.abspath(path), {})
        for row, start, end in spans:
            messages = [m for line in range(start, end + 1) for m in file_errors.get(line, [])]
            (fails if messages else compiles).append((row, messages))
    wrong = [(r, m) for r, m in fails if r["status"] in CLAIMED]
    candidates = [(r, m) for r, m in compiles if r["status"] == "missing"]
    print(f"probe of {len(compiles) + len(fails)} rows: {len(compiles)} compile, {len(fails)} do not; "
          f"{len(unprobed)} rows have no generated probe")
    if wrong:
        print(f"\nclaimed (implemented/differs) but do not compile: {len(wrong)}")
        for row, messages in wrong:
            print(f"  {TABLE_NAME}:{row['line']}: {row['owner']}: {row['signature']}\n      {messages[0]}")
    if candidates:
        print(f"\nmissing but compile: {len(candidates)}")
        for row, _ in candidates:
            print(f"  {TABLE_NAME}:{row['line']}: {row['owner']}: {row['signature']}")
    if show_failures:
        failing = [(r, m) for r, m in fails if r["status"] == "missing"]
        print(f"\nmissing and do not compile: {len(failing)}")
        for row, messages in failing:
            print(f"  {TABLE_NAME}:{row['line']}: {row['owner']}: {row['signature']}\n      {messages[0]}")
    claimed_unprobed = [r for r in unprobed if r["status"] in CLAIMED]
    if claimed_unprobed:
        print(f"\nclaimed rows without a generated probe (write one in the probe column): {len(claimed_unprobed)}")
        for row in claimed_unprobed:
            print(f"  {TABLE_NAME}:{row['line']}: {row['owner']}: {row['signature']}")
    return not wrong and not claimed_unprobed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="type-check a probe of every row against the debug build")
    parser.add_argument("--failures", action="store_true", help="with --check: also list missing rows and why")
    arguments_ = parser.parse_args()
    rows = load()
    if arguments_.check:
        sys.exit(0 if check(rows, arguments_.failures) else 1)
    with open(PAGE, "w", encoding="utf-8") as handle:
        handle.write(page(rows))
    unprobed = write_probe(rows)
    if unprobed:
        print(f"{len(unprobed)} claimed rows have no probe (write one in the probe column):", file=sys.stderr)
        for row in unprobed:
            print(f"  {TABLE_NAME}:{row['line']}: {row['owner']}: {row['signature']}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
