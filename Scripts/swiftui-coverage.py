#!/usr/bin/env python3
"""SwiftUI's API with DeclarativeViews' status for each symbol: the coverage page and the compile probe.

    Scripts/swiftui-coverage.py            # regenerates docs/swiftui-coverage.md and Tests/SwiftUIProbeTests/
    Scripts/swiftui-coverage.py --check    # also type-checks a probe of *every* row against the debug build
                                           # (`swift build` first) and lists the rows whose status the
                                           # compiler contradicts: claimed rows that do not compile, and
                                           # missing rows that do (candidates for a status)

The data is docs/swiftui-api.tsv, one row per public declaration of SwiftUI (iOS 17 / macOS 14 SDKs):
family, owner, symbol, signature, status, note, probe. Status is one of

    behaves      implemented with an effect headless, and tested
    recorded     accepted and recorded on the render tree for tests to read; no headless effect
    missing      not provided yet
    unsupported  cannot be provided on Linux or headless (the note says why)

The probe is Swift that uses every `behaves` and `recorded` row with its signature: a call with an
argument of each parameter's type (generic parameters replaced by types that satisfy their
constraints), a read of each property, each case, each type with its conformances. It is
generated from the signature; where that is not enough, the row's `probe` column holds the Swift
statements to use instead (`;`-separated). The generated files are compiled by `swift test`, and
SwiftUIProbeTests checks that they are current (every claimed row, and only those, is probed).
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
TABLE = os.path.join(ROOT, "docs", "swiftui-api.tsv")
PAGE = os.path.join(ROOT, "docs", "swiftui-coverage.md")
PROBE_DIR = os.path.join(ROOT, "Tests", "SwiftUIProbeTests")
COLUMNS = ["family", "owner", "symbol", "signature", "status", "note", "probe"]
STATUSES = ["behaves", "recorded", "missing", "unsupported"]
CLAIMED = ("behaves", "recorded")
FAMILIES = [
    "navigation", "lists", "forms-controls", "text-images", "stacks-grids", "presentation", "state-environment",
    "persistence", "search", "refresh", "focus", "keyboard-text-input", "accessibility", "styles",
    "shapes-drawing", "geometry-layout", "preferences", "animation-transitions", "gestures", "app-scene",
    "toolbar", "misc",
]


# MARK: - The table

def load():
    rows = []
    with open(TABLE, encoding="utf-8") as handle:
        header = handle.readline().rstrip("\n").split("\t")
        if header[:6] != COLUMNS[:6]:
            sys.exit(f"{TABLE}: unexpected header {header}")
        for number, line in enumerate(handle, start=2):
            fields = line.rstrip("\n").split("\t")
            fields += [""] * (len(COLUMNS) - len(fields))
            row = dict(zip(COLUMNS, fields))
            row["line"] = number
            if row["status"] not in STATUSES:
                sys.exit(f"{TABLE}:{number}: unknown status {row['status']!r}")
            if row["family"] not in FAMILIES:
                sys.exit(f"{TABLE}:{number}: unknown family {row['family']!r}")
            if row["status"] == "unsupported" and not row["note"]:
                sys.exit(f"{TABLE}:{number}: an unsupported row needs its reason in the note")
            rows.append(row)
    return rows


def row_key(row):
    """What names a row: its owner and signature (unique in the table)."""
    return f"{row['owner']} {row['signature']}"


# MARK: - Splitting Swift declarations

OPEN = {"<": ">", "(": ")", "[": "]", "{": "}"}


def split_top(text, separator=","):
    """Splits at `separator` outside brackets (`->` is not a closing angle bracket)."""
    parts, depth, current, i = [], 0, "", 0
    while i < len(text):
        c = text[i]
        if text.startswith("->", i):
            current += "->"
            i += 2
            continue
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
    depth = 0
    i = start
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


def parse_generics(text):
    """`<A, B : P>` (without the brackets) -> [(name, [constraint, …])]."""
    result = []
    for part in split_top(text):
        if ":" in part:
            name, constraint = part.split(":", 1)
            result.append((name.strip(), [c.strip() for c in constraint.split("&")]))
        else:
            result.append((part.strip(), []))
    return result


def parse_where(text):
    """`A : P, B == C` -> [(lhs, op, rhs)]."""
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


class Decl:
    """One declaration: its kind, name, generic parameters, parameters, result and constraints."""

    def __init__(self):
        self.kind = None          # init, func, var, let, case, subscript, type, protocol, typealias, other
        self.name = ""
        self.is_static = False
        self.is_mutating = False
        self.failable = False
        self.generics = []        # [(name, [constraints])]
        self.params = []          # [Param]
        self.result = None        # type text
        self.where = []           # [(lhs, op, rhs)]
        self.settable = False
        self.throws = False
        self.rethrows = False
        self.is_async = False
        self.conformances = []    # for types
        self.type_kind = None     # struct, enum, class, protocol


class Param:
    def __init__(self, label, name, type_text, default, attributes):
        self.label = label        # None: no label (`_`)
        self.name = name
        self.type = type_text
        self.default = default
        self.attributes = attributes


def parse_params(text):
    params = []
    for part in split_top(text):
        default = None
        pieces = split_top(part, "=")
        if len(pieces) > 1:
            part, default = pieces[0], "=".join(pieces[1:]).strip()
        if ":" not in part:
            return None
        names, type_text = part.split(":", 1)
        attributes = []
        words = names.split()
        while words and words[0].startswith("@"):
            attributes.append(words.pop(0))
        words = [w for w in words if w not in ("isolated", "__owned", "borrowing", "consuming", "sending")]
        if len(words) == 2:
            label, name = words
        elif len(words) == 1:
            label = name = words[0]
        else:
            return None
        type_text = type_text.strip()
        # Parameter attributes written before the type.
        while True:
            m = re.match(r"(@\w+(\([^)]*\))?|inout|__owned|sending|consuming|borrowing)\s+", type_text)
            if not m:
                break
            attributes.append(m.group(1))
            type_text = type_text[m.end():]
        params.append(Param(None if label == "_" else label, name, type_text.strip(), default, attributes))
    return params


def parse_decl(signature):
    """Parses one signature of the table; returns (extension constraints, Decl) or None."""
    ext = []
    text = signature.strip()
    m = re.match(r"extension ([\w.]+) where (.*?) \{ (.*) \}$", text)
    if m:
        ext = parse_where(m.group(2))
        text = m.group(3)
    d = Decl()
    text = re.sub(r"@(available|preconcurrency|MainActor|_alwaysEmitIntoClient|inlinable|frozen|usableFromInline|"
                  r"discardableResult|_disfavoredOverload|backDeployed)(\([^)]*\))?\s+", "", text)
    type_attributes = []
    while True:
        m = re.match(r"(@\w+)\s+", text)
        if not m:
            break
        type_attributes.append(m.group(1))
        text = text[m.end():]
    modifiers = set()
    while True:
        m = re.match(r"(static|class|mutating|nonmutating|final|convenience|required|override|indirect|nonisolated|"
                     r"optional|dynamic|open|public|package)\s+", text)
        if not m:
            break
        modifiers.add(m.group(1))
        text = text[m.end():]
    d.is_static = "static" in modifiers or "class" in modifiers and not text.startswith("class ")
    d.is_mutating = "mutating" in modifiers
    m = re.match(r"(struct|enum|class|protocol|actor)\s+(\w+)", text)
    if m and not text.startswith("class var") and not text.startswith("class func"):
        d.kind = "protocol" if m.group(1) == "protocol" else "type"
        d.type_kind = m.group(1)
        d.name = m.group(2)
        rest = text[m.end():]
        if rest.startswith("<"):
            end = matching(rest, 0)
            d.generics = parse_generics(rest[1:end])
            rest = rest[end + 1:]
        where = ""
        if " where " in rest:
            rest, where = rest.split(" where ", 1)
        rest = rest.strip()
        if rest.startswith(":"):
            d.conformances = [c.strip() for c in split_top(rest[1:])]
        d.where = parse_where(where)
        d.attributes = type_attributes
        return ext, d
    m = re.match(r"typealias\s+(\w+)", text)
    if m:
        d.kind = "typealias"
        d.name = m.group(1)
        return ext, d
    m = re.match(r"case\s+(`?\w+`?)(\((.*)\))?$", text)
    if m:
        d.kind = "case"
        d.name = m.group(1)
        if m.group(3) is not None:
            params = []
            for index, part in enumerate(split_top(m.group(3))):
                default = None
                pieces = split_top(part, "=")
                if len(pieces) > 1:
                    part, default = pieces[0], pieces[1]
                if ":" in part and re.match(r"^\w+\s*:", part):
                    label, type_text = part.split(":", 1)
                    params.append(Param(label.strip(), label.strip(), type_text.strip(), default, []))
                else:
                    params.append(Param(None, f"v{index}", part.strip(), default, []))
            d.params = params
        return ext, d
    m = re.match(r"(var|let)\s+(`?\w+`?)\s*:\s*(.*)$", text)
    if m:
        d.kind = m.group(1)
        d.name = m.group(2)
        type_text = m.group(3)
        accessors = ""
        if "{" in type_text:
            type_text, accessors = type_text.split("{", 1)
        d.result = type_text.strip()
        d.settable = (m.group(1) == "var" and (not accessors or "set" in accessors))
        return ext, d
    m = re.match(r"(init\??|func\s+(\w+)|subscript)", text)
    if m:
        if m.group(1).startswith("init"):
            d.kind = "init"
            d.failable = m.group(1) == "init?"
        elif m.group(1) == "subscript":
            d.kind = "subscript"
        else:
            d.kind = "func"
            d.name = m.group(2)
        rest = text[m.end():]
        if rest.startswith("<"):
            end = matching(rest, 0)
            d.generics = parse_generics(rest[1:end])
            rest = rest[end + 1:]
        if not rest.startswith("("):
            return None
        end = matching(rest, 0)
        params = parse_params(rest[1:end])
        if params is None:
            return None
        d.params = params
        rest = rest[end + 1:].strip()
        if d.kind == "subscript":
            # Subscript parameters have no argument label unless they name one.
            for p, part in zip(d.params, split_top(text[m.end():][text[m.end():].find("(") + 1:])):
                names = part.split(":", 1)[0].split()
                names = [n for n in names if not n.startswith("@")]
                if len(names) < 2:
                    p.label = None
        where = ""
        m2 = re.search(r"(^|\s)where\s", rest)
        if m2:
            where = rest[m2.end():]
            rest = rest[:m2.start()].strip()
            if "{" in where and d.kind == "subscript":
                where, accessors = where.split("{", 1)
                d.settable = "set" in accessors
        if d.kind == "subscript" and "{" in rest:
            rest, accessors = rest.split("{", 1)
            d.settable = "set" in accessors
        for word in ("async", "rethrows", "throws"):
            if re.search(rf"\b{word}\b", rest):
                if word != "async":
                    d.throws = True
                    d.rethrows = d.rethrows or word == "rethrows"
                else:
                    d.is_async = True
                rest = re.sub(rf"\b{word}\b(\([^)]*\))?", "", rest).strip()
        if rest.startswith("->"):
            d.result = rest[2:].strip()
        d.where = parse_where(where)
        return ext, d
    return None


# MARK: - Types that satisfy constraints

# A probe type for each protocol a generic parameter may be constrained to (first match wins).
PROTOCOL_WITNESS = [
    ("View", "__ProbeView"), ("ViewModifier", "__ProbeModifier"), ("Scene", "WindowGroup<Text>"),
    ("ShapeStyle", "Color"), ("InsettableShape", "Circle"), ("Shape", "Circle"), ("Gesture", "TapGesture"),
    ("StringProtocol", "Substring"), ("ExpressibleByNilLiteral", "Optional<Int>"), ("BinaryFloatingPoint", "Double"), ("FloatingPoint", "Double"),
    ("BinaryInteger", "Int"), ("FixedWidthInteger", "Int"), ("SignedInteger", "Int"), ("Numeric", "Int"),
    ("Strideable", "Int"), ("Comparable", "Int"),
    ("ObservableObject", "__ProbeObject"), ("Observable", "__ProbeObservable"), ("AnyObject", "__ProbeObservable"),
    ("LocalizedError", "__ProbeError"), ("Error", "__ProbeError"),
    ("Identifiable", "__ProbeItem"), ("CaseIterable", "__ProbeStringEnum"),
    ("EnvironmentKey", "__ProbeKey"), ("PreferenceKey", "__ProbePreferenceKey"), ("DynamicProperty", "State<Int>"),
    ("Publisher", "Just<Int>"), ("Transferable", "String"),
    ("ParseableFormatStyle", "IntegerFormatStyle<Int>"), ("FormatStyle", "IntegerFormatStyle<Int>"),
    ("Hashable", "Int"), ("Equatable", "Int"), ("Codable", "Int"), ("Decodable", "Int"), ("Encodable", "Int"),
    ("Sendable", "Int"), ("CustomStringConvertible", "Int"),
]
# Unconstrained generic parameters of SwiftUI's types that hold views (their views' constraints are on
# the initialisers).
VIEW_PARAMETERS = {"Content", "Label", "Parent", "Footer", "Header", "Destination", "Root", "Sidebar", "Detail",
                   "Icon", "Title", "Description", "Actions", "Leaf", "Subgroup", "Background", "Overlay",
                   "Presenting", "Message", "Body", "MenuItems", "Placeholder", "ValueLabel", "CurrentValueLabel"}
COLLECTIONS = ("RandomAccessCollection", "MutableCollection", "RangeReplaceableCollection", "Collection", "Sequence",
               "BidirectionalCollection")


class Witnesses:
    """Chooses a concrete type for each generic parameter of a row, from its constraints."""

    def __init__(self, registry, style_witness):
        self.registry = registry
        self.style_witness = style_witness

    def choose(self, names, constraints, fixed=None):
        """names: generic parameter names; constraints: [(lhs, op, rhs)]; returns {name: type}."""
        subst = dict(fixed or {})
        by_name = collections.defaultdict(list)
        for lhs, op, rhs in constraints:
            by_name[lhs].append((op, rhs))
        pending = [n for n in names if n not in subst]
        # Equalities to other parameters are resolved once those are known.
        for _ in range(3):
            for name in list(pending):
                equal = [rhs for op, rhs in by_name[name] if op == "=="]
                if equal:
                    rhs = equal[0]
                    tokens = set(re.findall(r"(?<![.\w])[A-Z]\w*", rhs))
                    if any(t in pending and t != name for t in tokens):
                        continue
                    subst[name] = substitute(rhs, subst)
                    pending.remove(name)
        for name in pending:
            subst[name] = self.for_parameter(name, by_name, subst)
        # A second pass for equalities that referred to the ones chosen last.
        for name in names:
            equal = [rhs for op, rhs in by_name[name] if op == "=="]
            if equal and re.search(r"(?<![.\w])" + "|".join(map(re.escape, names)) + r"(?![\w])", subst[name]):
                subst[name] = substitute(equal[0], subst)
        return subst

    def for_parameter(self, name, by_name, subst):
        conforms = [rhs for op, rhs in by_name[name] if op == ":"]
        element = [(op, rhs) for (lhs, op, rhs) in
                   [(k, o, r) for k, v in by_name.items() for o, r in v] if lhs == f"{name}.Element"]
        if any(c in COLLECTIONS for c in conforms):
            element_type = "__ProbeItem"
            for op, rhs in element:
                if op == "==":
                    element_type = substitute(rhs, subst)
            return f"Array<{element_type}>"
        if "RawRepresentable" in conforms:
            raw = [rhs for op, rhs in by_name.get(f"{name}.RawValue", []) if op == "=="]
            return "__ProbeIntEnum" if raw and raw[0] == "Int" else "__ProbeStringEnum"
        for protocol in conforms:
            protocol = protocol.replace("SwiftUI.", "")
            if protocol in self.style_witness:
                return self.style_witness[protocol]
        for protocol, witness in PROTOCOL_WITNESS:
            if protocol in conforms:
                return witness
        if not conforms and name in VIEW_PARAMETERS:
            return "__ProbeView"
        return "Int"


def substitute(text, subst):
    """Replaces generic parameter names (not member names after a dot) by their witnesses."""
    if not subst or text is None:
        return text
    pattern = r"(?<![.\w])(" + "|".join(sorted(map(re.escape, subst), key=len, reverse=True)) + r")(?!\w)"
    return re.sub(pattern, lambda m: subst[m.group(1)], text)


# MARK: - The probe of one row

class Registry:
    """The table's types: name -> (kind, generic parameters, constraints)."""

    def __init__(self, rows):
        self.types = {}
        for row in rows:
            parsed = parse_decl(row["signature"])
            if not parsed:
                continue
            ext, d = parsed
            if d.kind in ("type", "protocol"):
                name = d.name if row["owner"] == "SwiftUI" else f"{row['owner']}.{d.name}"
                constraints = [(n, ":", c) for n, cs in d.generics for c in cs] + d.where
                self.types[name] = (d.type_kind, [n for n, _ in d.generics], constraints, d.conformances)
            elif d.kind == "typealias":
                name = d.name if row["owner"] == "SwiftUI" else f"{row['owner']}.{d.name}"
                self.types.setdefault(name, ("typealias", [], [], []))

    def is_protocol(self, name):
        return self.types.get(name, (None,))[0] == "protocol" or name in STANDARD_PROTOCOLS


# Protocols of the standard library SwiftUI extends.
STANDARD_PROTOCOLS = {"Sequence", "Collection", "MutableCollection", "RangeReplaceableCollection",
                      "RandomAccessCollection", "BidirectionalCollection", "Hashable", "Equatable", "Error",
                      "StringProtocol", "BinaryFloatingPoint", "Comparable"}


SWIFT_LITERAL_TYPES = {"Void", "()"}
# The witnesses of the probe being written (for `some P` parameters).
CURRENT_WITNESSES = []
# Raw value types an enum declares where conformances go (not protocols).
RAW_TYPES = {"Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "String",
             "Double", "Float", "Character"}


def closure_literal(type_text):
    """A closure literal of a function type: `{ _, _ in __v(R.self) }`."""
    t = type_text.strip()
    while t.startswith("@"):
        t = re.sub(r"^@\w+(\([^)]*\))?\s*", "", t)
    optional = False
    if t.endswith("?") and t.startswith("("):
        inner = t[:-1]
        if matching(inner, 0) == len(inner) - 1:
            t = inner[1:-1].strip()
            optional = True
            while t.startswith("@"):
                t = re.sub(r"^@\w+(\([^)]*\))?\s*", "", t)
    if not t.startswith("("):
        return None
    end = matching(t, 0)
    params_text = t[1:end]
    rest = t[end + 1:].strip()
    rest = re.sub(r"^(async\s+)?(throws\s+)?(async\s+)?", "", rest)
    if not rest.startswith("->"):
        return None
    result = rest[2:].strip()
    count = len(split_top(params_text)) if params_text.strip() else 0
    head = ", ".join(["_"] * count) + " in " if count else ""
    if result in ("Void", "()"):
        return "{ " + head + "}"
    return "{ " + head + f"__v(({result}).self) }}"


def argument(param, subst, witnesses=None):
    t = substitute(param.type, subst)
    if witnesses is not None and re.search(r"\bsome \w+", t):
        t = re.sub(r"\bsome (\w+)", lambda m: witnesses.for_parameter("_", {"_": [(":", m.group(1))]}, {}), t)
    if "@autoclosure" in param.attributes:
        m = re.match(r"^(@\w+\s+)*\(\)\s*(throws\s+)?->\s*(.*)$", t)
        return f"__v(({m.group(3) if m else t}).self)"
    if "inout" in param.attributes:
        return None  # needs a variable: written by the caller
    if t.endswith("..."):
        return f"__v(({t[:-3]}).self)"
    if "->" in t:
        literal = closure_literal(t)
        if literal:
            return literal
    return f"__v(({t}).self)"


def call_arguments(params, subst, prelude):
    parts = []
    for index, p in enumerate(params):
        value = argument(p, subst, CURRENT_WITNESSES[0] if CURRENT_WITNESSES else None)
        if value is None:
            variable = f"__inout{index}"
            prelude.append(f"var {variable} = __v(({substitute(p.type, subst)}).self)")
            value = f"&{variable}"
        parts.append(f"{p.label}: {value}" if p.label else value)
    return ", ".join(parts)


def specialise(owner, registry, witnesses, constraints):
    """A concrete type for `owner` (nested names specialised level by level), and its parameters' witnesses."""
    parts = owner.split(".")
    spelled = []
    subst = {}
    for depth in range(len(parts)):
        name = ".".join(parts[:depth + 1])
        info = registry.types.get(name)
        if info and info[1]:
            own = witnesses.choose(info[1], info[2] + constraints, fixed=subst)
            subst.update(own)
            spelled.append(parts[depth] + "<" + ", ".join(own[n] for n in info[1]) + ">")
        else:
            spelled.append(parts[depth])
    return ".".join(spelled), subst


def result_check(result, expression, subst, is_protocol_context=False):
    """A statement using `expression`, checking its type where it can be named."""
    if result is None or result in SWIFT_LITERAL_TYPES:
        return expression
    r = substitute(result, subst)
    m = re.match(r"^some (\w+)$", r)
    if m:
        return f"__some{m.group(1)}({expression})"
    if "some " in r or "any " in r or "Self" in r.replace("Self_", ""):
        return f"_ = {expression}"
    return f"let _: {r} = {expression}"


class Probe:
    def __init__(self, rows):
        self.registry = Registry(rows)
        style_witness = {}
        # Claimed types first (the generated probe must compile), then the others (for --check).
        ordered = [r for r in rows if r["status"] in CLAIMED] + [r for r in rows if r["status"] not in CLAIMED]
        for row in ordered:
            if row["status"] == "unsupported":
                continue
            parsed = parse_decl(row["signature"])
            if not parsed:
                continue
            _, d = parsed
            if d.kind == "type" and not d.generics:
                for c in d.conformances:
                    style_witness.setdefault(c, d.name if row["owner"] == "SwiftUI" else f"{row['owner']}.{d.name}")
        for protocol, witness in PROTOCOL_WITNESS:
            style_witness.pop(protocol, None)
        self.witnesses = Witnesses(self.registry, style_witness)
        CURRENT_WITNESSES[:] = [self.witnesses]

    def statements(self, row):
        """The probe of a row as Swift statements (a generic function's parameters first), or None."""
        if row["probe"].strip():
            return None, [row["probe"].strip()]
        parsed = parse_decl(row["signature"])
        if not parsed:
            return None
        ext, d = parsed
        owner = row["owner"]
        if d.kind in ("type", "protocol", "typealias"):
            return self.type_probe(owner, d)
        if owner == "SwiftUI":
            return self.free_probe(d, ext)
        constraints = ext + d.where + [(n, ":", c) for n, cs in d.generics for c in cs]
        if self.registry.is_protocol(owner):
            return self.protocol_member_probe(owner, d, ext, constraints)
        return self.member_probe(owner, d, constraints)

    def conformance(self, protocol):
        protocol = protocol.replace("SwiftUI.", "")
        if not re.match(r"^\w+$", protocol) or protocol.startswith("_") or protocol in RAW_TYPES:
            return None
        return protocol

    def type_probe(self, owner, d):
        name = d.name if owner == "SwiftUI" else f"{owner}.{d.name}"
        if d.kind == "typealias":
            return None, [f"_ = {name}.self"]
        if d.kind == "protocol":
            checks = []
            for c in d.conformances:
                p = self.conformance(c)
                if p:
                    checks.append(f"__conforms{p}(__T.self)")
            return f"<__T: {name}>", checks or ["_ = __T.self"]
        spelled, _ = specialise(name, self.registry, self.witnesses, [])
        statements = [f"_ = {spelled}.self"]
        for c in d.conformances:
            p = self.conformance(c)
            if p:
                statements.append(f"__conforms{p}({spelled}.self)")
        return None, statements

    def free_probe(self, d, ext):
        if d.kind != "func":
            return None
        subst = self.witnesses.choose([n for n, _ in d.generics], d.where + [(n, ":", c) for n, cs in d.generics for c in cs])
        prelude = []
        call = f"{d.name}({call_arguments(d.params, subst, prelude)})"
        if d.is_async:
            return None
        if d.throws and not d.rethrows:
            return None, prelude + [f"_ = try? {call}"]
        return None, prelude + [result_check(d.result, call, subst)]

    def member_probe(self, owner, d, constraints):
        method_generics = [n for n, _ in d.generics]
        method_subst = self.witnesses.choose(method_generics, [c for c in constraints if c[0] in method_generics
                                                               or c[0].split(".")[0] in method_generics])
        owner_constraints = [(lhs, op, substitute(rhs, method_subst)) for lhs, op, rhs in constraints]
        spelled, owner_subst = specialise(owner, self.registry, self.witnesses, owner_constraints)
        subst = dict(owner_subst)
        subst.update(method_subst)
        subst["Self"] = spelled
        prelude = []
        if d.kind == "init":
            base = owner if not self.registry.types.get(owner, (None, []))[1] else owner
            # Generic owners are left to inference from the arguments (as callers write them).
            call = f"{base}({call_arguments(d.params, subst, prelude)})"
            if d.throws:
                call = "try? " + call
            if not d.params and self.registry.types.get(owner, (None, []))[1]:
                # Nothing to infer the owner's parameters from: name them, as a declaration would.
                return None, prelude + [f"let _: {spelled}{'?' if d.failable else ''} = {call}"]
            return None, prelude + [f"_ = {call}"]
        if d.kind == "case":
            if d.params:
                value = f"{spelled}.{d.name}({call_arguments(d.params, subst, prelude)})"
            else:
                value = f"{spelled}.{d.name}"
            return None, prelude + [f"let _: {spelled} = {value}"]
        receiver = spelled if d.is_static else f"__v({spelled}.self)"
        if d.kind in ("var", "let"):
            statements = [result_check(d.result, f"{receiver}.{d.name}", subst)]
            if d.settable and not d.is_static:
                statements.append(f"var __r = __v({spelled}.self)")
                statements.append(f"__r.{d.name} = __v(({substitute(d.result, subst)}).self)")
            return None, statements
        if d.kind == "subscript":
            args = call_arguments(d.params, subst, prelude)
            return None, prelude + [result_check(d.result, f"{receiver}[{args}]", subst)]
        if d.kind == "func":
            call = f"{d.name}({call_arguments(d.params, subst, prelude)})"
            if d.is_async:
                return None
            if d.is_mutating and not d.is_static:
                prelude.append(f"var __r = __v({spelled}.self)")
                expression = f"__r.{call}"
            else:
                expression = f"{receiver}.{call}"
            if d.throws and not d.rethrows:
                return None, prelude + [f"_ = try? {expression}"]
            return None, prelude + [result_check(d.result, expression, subst)]
        return None

    def protocol_member_probe(self, owner, d, ext, constraints):
        """A member of a protocol (or of its extensions): used on a generic conforming type, or, for
        `extension P where Self == T` statics, in a generic context of P (as `.member` is written)."""
        self_equal = [rhs for lhs, op, rhs in ext + d.where if lhs == "Self" and op == "=="]
        method_generics = [n for n, _ in d.generics]
        subst = self.witnesses.choose(method_generics, [c for c in constraints if c[0] != "Self"])
        prelude = []
        if self_equal and d.is_static:
            concrete = self_equal[0]
            subst["Self"] = concrete
            helper = self.conformance(owner)
            if d.kind in ("var", "let"):
                member = f".{d.name}"
            elif d.kind == "func":
                member = f".{d.name}({call_arguments(d.params, subst, prelude)})"
            else:
                return None
            return None, prelude + [f"let _: {substitute(d.result, subst) if d.result and 'some' not in d.result else concrete} = __in{helper}({member})"]
        # Generic receiver.
        subst["Self"] = "__T"
        generic = f"<__T: {owner}>"
        extra = [c for c in ext + d.where if c[0] == "Self" and c[1] == ":"]
        if extra:
            generic = f"<__T: {owner} & " + " & ".join(c[2] for c in extra) + ">"
        receiver = "__T" if d.is_static else "__v(__T.self)"
        if d.kind in ("var", "let"):
            statements = [result_check(d.result, f"{receiver}.{d.name}", subst)]
            return generic, statements
        if d.kind == "init":
            return generic, prelude + [f"_ = __T({call_arguments(d.params, subst, prelude)})"]
        if d.kind == "func":
            if d.is_async:
                return None
            call = f"{d.name}({call_arguments(d.params, subst, prelude)})"
            if d.is_mutating and not d.is_static:
                prelude.append("var __r = __v(__T.self)")
                expression = f"__r.{call}"
            else:
                expression = f"{receiver}.{call}"
            if d.throws and not d.rethrows:
                return generic, prelude + [f"_ = try? {expression}"]
            return generic, prelude + [result_check(d.result, expression, subst)]
        if d.kind == "subscript":
            args = call_arguments(d.params, subst, prelude)
            return generic, prelude + [result_check(d.result, f"{receiver}[{args}]", subst)]
        return None


SUPPORT = '''// Generated by Scripts/swiftui-coverage.py: do not edit.
// The probe's helpers: values of any type (never made: the probe is compiled, not run), and types
// that satisfy the constraints of SwiftUI's generic parameters.
import DeclarativeViews

/// A value of any type, for an argument whose type is what the probe checks.
func __v<T>(_: T.Type) -> T { fatalError("the probe is compiled, not run") }

struct __ProbeView: View {
    var body: some View { Text("probe") }
}

struct __ProbeModifier: ViewModifier {
    func body(content: Content) -> some View { content }
}

struct __ProbeItem: Identifiable, Hashable, Codable, Comparable, Sendable, CustomStringConvertible {
    var id: Int
    var name: String
    var description: String { name }
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.id < rhs.id }
}

final class __ProbeObject: ObservableObject {
    @Published var value = 0
}

@Observable final class __ProbeObservable {
    var value = 0
}

enum __ProbeIntEnum: Int, CaseIterable, Hashable, Sendable { case one = 1, two }
enum __ProbeStringEnum: String, CaseIterable, Hashable, Identifiable, Sendable {
    case one, two
    var id: Self { self }
}

struct __ProbeError: LocalizedError {
    var errorDescription: String? { "probe" }
}

struct __ProbeKey: EnvironmentKey {
    static let defaultValue = 0
}

struct __ProbePreferenceKey: PreferenceKey {
    static let defaultValue = 0
    static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
}
'''


def probe_file_header(family):
    return ("// Generated by Scripts/swiftui-coverage.py from docs/swiftui-api.tsv: do not edit.\n"
            f"// Every `behaves` and `recorded` row of the family {family}, used with its signature.\n"
            "import DeclarativeViews\n\n")


HELPER = re.compile(r"__(conforms|in|some)(\w+)\(")


def local_helpers(statements):
    """Local generic functions for the helpers the statements use (local, so that a protocol the
    module lacks is an error in this row's body alone)."""
    needed = sorted(set(HELPER.findall(" ".join(statements))))
    lines = []
    for kind, protocol in needed:
        if kind == "conforms":
            lines.append(f"func __conforms{protocol}<T: {protocol}>(_: T.Type) {{}}")
        elif kind == "in":
            lines.append(f"func __in{protocol}<T: {protocol}>(_ value: T) -> T {{ value }}")
        else:
            lines.append(f"func __some{protocol}<T: {protocol}>(_: T) {{}}")
    return lines


def probe_functions(probe, rows, all_rows_mode=False):
    """Swift source for `rows`; returns (source, [(row, first line, last line)], [rows without a probe])."""
    lines = []
    spans = []
    unprobed = []
    for row in rows:
        result = probe.statements(row)
        if result is None:
            unprobed.append(row)
            continue
        generic, statements = result
        start = len(lines) + 1
        lines.append(f"// {row['owner']}: {row['signature']}")
        lines.append(f"@MainActor func __probe{row['line']}() {{")
        for helper in local_helpers(statements):
            lines.append("    " + helper)
        indent = "    "
        if generic:
            lines.append(f"    func __body{generic}(_: __T.Type) {{")
            indent = "        "
        for statement in statements:
            lines.append(indent + statement)
        if generic:
            lines.append("    }")
        lines.append("}")
        spans.append((row, start, len(lines)))
    return "\n".join(lines) + "\n", spans, unprobed


# MARK: - The page

def page(rows):
    counts = collections.OrderedDict((f, collections.Counter()) for f in FAMILIES)
    for row in rows:
        counts[row["family"]][row["status"]] += 1
    total = collections.Counter(row["status"] for row in rows)
    out = []
    out.append("# SwiftUI coverage")
    out.append("")
    out.append("<!-- Generated by Scripts/swiftui-coverage.py from docs/swiftui-api.tsv: do not edit. -->")
    out.append("")
    out.append("Every public declaration of SwiftUI as of iOS 17 / macOS 14 (from the SDKs' module interfaces), with "
               "DeclarativeViews' status for it. The data, with each overload's signature, is "
               "[`swiftui-api.tsv`](swiftui-api.tsv); `Scripts/swiftui-coverage.py` regenerates this page and the "
               "compile probe (`Tests/SwiftUIProbeTests`), which uses every *behaves* and *recorded* row with its "
               "signature, so that the table cannot claim what does not compile.")
    out.append("")
    out.append("- **behaves**: implemented, with an effect headless (layout, state, navigation, presentation, an "
               "action the driver can perform…), and tested.")
    out.append("- **recorded**: accepted and recorded on the render tree (`RenderNode.attributes`), where tests read "
               "it; no headless effect (most styling).")
    out.append("- **missing**: not provided yet.")
    out.append("- **unsupported**: cannot be provided on Linux or headless; the note says why (UIKit/AppKit bridges, "
               "platform services, Core Data, Metal…).")
    out.append("")
    out.append("## Counts")
    out.append("")
    out.append("| family | behaves | recorded | missing | unsupported | total | covered |")
    out.append("|---|---:|---:|---:|---:|---:|---:|")
    for family, c in counts.items():
        n = sum(c.values())
        covered = c["behaves"] + c["recorded"]
        supportable = n - c["unsupported"]
        share = f"{100 * covered / supportable:.0f}%" if supportable else "–"
        out.append(f"| {family} | {c['behaves']} | {c['recorded']} | {c['missing']} | {c['unsupported']} | {n} | {share} |")
    n = sum(total.values())
    covered = total["behaves"] + total["recorded"]
    out.append(f"| **all** | **{total['behaves']}** | **{total['recorded']}** | **{total['missing']}** | "
               f"**{total['unsupported']}** | **{n}** | **{100 * covered / (n - total['unsupported']):.0f}%** |")
    out.append("")
    out.append("*covered*: behaves + recorded, of the rows that are not unsupported.")
    out.append("")
    out.append("## Symbols")
    out.append("")
    out.append("One line per symbol (overloads together: the statuses of its signatures, then their notes). "
               "The signatures are in the TSV.")
    for family in FAMILIES:
        out.append("")
        out.append(f"### {family}")
        out.append("")
        out.append("| owner | symbol | status | note |")
        out.append("|---|---|---|---|")
        grouped = collections.OrderedDict()
        for row in rows:
            if row["family"] != family:
                continue
            grouped.setdefault((row["owner"], row["symbol"]), []).append(row)
        for (owner, symbol), group in grouped.items():
            statuses = collections.Counter(r["status"] for r in group)
            if len(statuses) == 1 and len(group) == 1:
                status = group[0]["status"]
            else:
                status = ", ".join(f"{s} ×{statuses[s]}" for s in STATUSES if statuses[s])
            notes = []
            for r in group:
                if r["note"] and r["note"] not in notes:
                    notes.append(r["note"])
            note = "; ".join(notes).replace("|", "\\|")
            out.append(f"| {owner} | `{symbol}` | {status} | {note} |")
    return "\n".join(out) + "\n"


# MARK: - Writing and checking

def write_probe(rows, probe):
    os.makedirs(PROBE_DIR, exist_ok=True)
    claimed = [r for r in rows if r["status"] in CLAIMED]
    missing_probe = []
    written = set()
    keys = []
    for family in FAMILIES:
        family_rows = [r for r in claimed if r["family"] == family]
        source, spans, unprobed = probe_functions(probe, family_rows)
        missing_probe += unprobed
        keys += [row_key(r) for r, _, _ in spans]
        name = "Probe-" + family + ".swift"
        path = os.path.join(PROBE_DIR, name)
        text = probe_file_header(family) + source if spans else probe_file_header(family)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        written.add(name)
    support = SUPPORT
    with open(os.path.join(PROBE_DIR, "ProbeSupport.swift"), "w", encoding="utf-8") as handle:
        handle.write(support)
    written.add("ProbeSupport.swift")
    # The manifest: what the probe covers, for the test that checks it is current.
    with open(os.path.join(PROBE_DIR, "ProbeManifest.swift"), "w", encoding="utf-8") as handle:
        handle.write("// Generated by Scripts/swiftui-coverage.py: do not edit.\n")
        handle.write("/// The rows the probe uses (owner and signature), in table order.\n")
        handle.write("let probedRows: [String] = [\n")
        for key in keys:
            handle.write("    " + swift_string(key) + ",\n")
        handle.write("]\n")
    written.add("ProbeManifest.swift")
    for name in os.listdir(PROBE_DIR):
        if name.startswith("Probe-") and name.endswith(".swift") and name not in written:
            os.remove(os.path.join(PROBE_DIR, name))
    return missing_probe


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def build_dir():
    for triple in os.listdir(os.path.join(ROOT, ".build")):
        candidate = os.path.join(ROOT, ".build", triple, "debug")
        if os.path.isdir(os.path.join(candidate, "Modules")):
            return candidate
    sys.exit("no debug build in .build: run `swift build` first")


def typecheck(files):
    """Type-checks `files` against the debug build's modules; returns {path: {line: [messages]}}."""
    debug = build_dir()
    command = ["swiftc", "-typecheck", "-continue-building-after-errors", "-j", "2", "-swift-version", "6", "-I", os.path.join(debug, "Modules"),
               "-Xcc", "-fmodule-map-file=" + os.path.join(debug, "AttrGraphShims.build", "module.modulemap")]
    result = subprocess.run(command + files, capture_output=True, text=True)
    errors = collections.defaultdict(lambda: collections.defaultdict(list))
    for line in result.stderr.splitlines():
        m = re.match(r"^(.*?):(\d+):\d+: (error|warning): (.*)$", line)
        if m:
            errors[os.path.abspath(m.group(1))][int(m.group(2))].append(f"{m.group(3)}: {m.group(4)}")
    return errors


def check(rows, probe, families):
    directory = tempfile.mkdtemp(prefix="swiftui-probe-")
    atexit.register(shutil.rmtree, directory, True)  # the probe is gone when the script ends
    spans_by_file = {}
    unprobed = []
    files = []
    for family in families:
        family_rows = [r for r in rows if r["family"] == family and r["status"] != "unsupported"]
        source, spans, missing = probe_functions(probe, family_rows, all_rows_mode=True)
        unprobed += missing
        path = os.path.join(directory, f"Probe-{family}.swift")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(probe_file_header(family) + source)
        header_lines = probe_file_header(family).count("\n")
        spans_by_file[path] = [(r, a + header_lines, b + header_lines) for r, a, b in spans]
        files.append(path)
    support = os.path.join(directory, "ProbeSupport.swift")
    with open(support, "w", encoding="utf-8") as handle:
        handle.write(SUPPORT)
    errors = typecheck(files + [support])
    if errors.get(os.path.abspath(support)):
        for line, messages in sorted(errors[os.path.abspath(support)].items()):
            print(f"ProbeSupport.swift:{line}: {messages}")
    compiles, fails = [], []
    for path, spans in spans_by_file.items():
        file_errors = errors.get(os.path.abspath(path), {})
        for row, start, end in spans:
            messages = [m for line in range(start, end + 1) for m in file_errors.get(line, [])]
            (fails if messages else compiles).append((row, messages))
    wrong = [(r, m) for r, m in fails if r["status"] in CLAIMED]
    candidates = [r for r, _ in compiles if r["status"] == "missing"]
    print(f"probe of {len(compiles) + len(fails)} rows: {len(compiles)} compile, {len(fails)} do not; "
          f"{len(unprobed)} rows have no generated probe")
    if wrong:
        print(f"\nclaimed (behaves/recorded) but do not compile: {len(wrong)}")
        for row, messages in wrong:
            print(f"  {TABLE_NAME}:{row['line']}: {row['owner']}: {row['signature']}\n      {messages[0]}")
    if candidates:
        print(f"\nmissing but compile: {len(candidates)}")
        for row in candidates:
            print(f"  {TABLE_NAME}:{row['line']}: {row['owner']}: {row['signature']}")
    untested = untested_rows(rows)
    if untested:
        print(f"\nbehaves rows whose name no DeclarativeViewsTests source mentions: {len(untested)}")
        for row in untested:
            print(f"  {TABLE_NAME}:{row['line']}: {row['owner']}: {row['signature']}")
    claimed_unprobed = [r for r in unprobed if r["status"] in CLAIMED]
    if claimed_unprobed:
        print(f"\nclaimed rows without a generated probe (write one in the probe column): {len(claimed_unprobed)}")
        for row in claimed_unprobed:
            print(f"  {TABLE_NAME}:{row['line']}: {row['owner']}: {row['signature']}")
    return not wrong and not claimed_unprobed


TABLE_NAME = "docs/swiftui-api.tsv"


def untested_rows(rows):
    """`behaves` rows whose name (a type, `.member`, `Type(` for an initialiser) appears in no test
    source of DeclarativeViewsTests: a name-level check that a scenario test uses them."""
    directory = os.path.join(ROOT, "Tests", "DeclarativeViewsTests")
    sources = ""
    for name in sorted(os.listdir(directory)):
        if name.endswith(".swift"):
            with open(os.path.join(directory, name), encoding="utf-8") as handle:
                sources += handle.read()
    untested = []
    for row in rows:
        if row["status"] != "behaves":
            continue
        parsed = parse_decl(row["signature"])
        if not parsed:
            continue
        _, d = parsed
        owner = row["owner"].split(".")[-1]
        if d.kind in ("type", "protocol", "typealias"):
            tokens = [d.name]
        elif d.kind == "init":
            if owner == "SwiftUI" or not owner[:1].isupper():
                tokens = []
            elif not d.params:
                tokens = [owner + "()"]
            elif "->" in d.params[0].type and "@autoclosure" not in d.params[0].attributes:
                tokens = [owner + " {", owner + "(" + (d.params[0].label or "") + ":"]
            else:
                tokens = [owner + "(" + (d.params[0].label + ":" if d.params[0].label else "")]
        elif d.kind == "subscript":
            tokens = ["["]
        else:
            tokens = ["." + d.name.strip("`"), d.name.strip("`") + "("]
        if tokens and not any(t in sources for t in tokens):
            untested.append(row)
    return untested


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="type-check a probe of every row against the debug build")
    parser.add_argument("--family", action="append", help="with --check: only these families")
    arguments = parser.parse_args()
    rows = load()
    probe = Probe(rows)
    if arguments.check:
        ok = check(rows, probe, arguments.family or FAMILIES)
        sys.exit(0 if ok else 1)
    with open(PAGE, "w", encoding="utf-8") as handle:
        handle.write(page(rows))
    unprobed = write_probe(rows, probe)
    if unprobed:
        print(f"{len(unprobed)} claimed rows have no probe (write one in the probe column):", file=sys.stderr)
        for row in unprobed:
            print(f"  {TABLE_NAME}:{row['line']}: {row['owner']}: {row['signature']}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
