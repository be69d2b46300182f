#!/usr/bin/env python3
"""Every Swift snippet of the documentation, compiled: README.md and docs/*.md into Tests/DocSnippetTests.

    Scripts/doc-snippets.py            # regenerates Tests/DocSnippetTests/Generated-*.swift and the manifest
    Scripts/doc-snippets.py --check    # exits 1 (listing the files) when they are not current

A snippet is a fenced block whose info string is exactly `swift`. Each one becomes, in
Tests/DocSnippetTests/Generated-<page>.swift, an enum of its own (so that names do not collide
between snippets), holding

- its declarations (types, functions, protocols), verbatim — a top-level `func` gets `static`, and
  `@main` is dropped (a test target has an entry point of its own);
- its statements, verbatim, in `@MainActor static func __run() async throws` (compiled, never run);

with its `import`s at the top of the file and its `extension`s at file scope (naming the enum when
they extend a type the snippet declares). The line that ends a declaration or statement is found by
counting brackets outside strings and comments; a line starting with `.` continues the one before.

A block that cannot compile alone (a Package.swift manifest, a piece of a type) is marked by the
line just before its fence:

    <!-- fragment: a Package.swift manifest -->
    ```swift

Fragments are listed in the manifest but not compiled; keep them few. A block that uses what exists
only on Linux (this package's Combine additions, such as `TestScheduler`) is marked
`<!-- linux-only -->` the same way: it is compiled inside `#if os(Linux)`. DocSnippetTests re-reads the
pages and checks that the manifest lists exactly the snippets they hold (run this script after
editing a snippet). The build checks that the snippets compile without warnings.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "Tests", "DocSnippetTests")
MANIFEST = os.path.join(OUT_DIR, "DocSnippetManifest.swift")
FRAGMENT_MARK = "<!-- fragment"
LINUX_MARK = "<!-- linux-only"


def pages():
    """README.md, then docs/*.md by name (paths relative to the repository root)."""
    found = ["README.md"] + sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))
    return [page for page in found if os.path.exists(os.path.join(ROOT, page))]


# MARK: - Extraction (DocSnippetTests.swift implements the same rules)

def snippets(text):
    """The page's ```swift blocks: (source, kind), in order; kind is `compiled`, `linuxOnly` or `fragment`.

    A fence is a line that starts, after spaces, with three backquotes; the block ends at the next
    line that is three backquotes alone (spaces around allowed). A block indented under a list item
    loses its fence's indentation. Only blocks whose info string is exactly `swift` are snippets;
    a snippet is a fragment when the line just before its fence starts with `<!-- fragment`, and
    Linux-only when it starts with `<!-- linux-only`."""
    lines = text.split("\n")
    found = []
    index = 0
    while index < len(lines):
        line = lines[index]
        stripped = line.lstrip(" ")
        if not stripped.startswith("```"):
            index += 1
            continue
        indent = len(line) - len(stripped)
        info = stripped[3:].strip()
        end = index + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        if info == "swift":
            body = []
            for raw in lines[index + 1:end]:
                spaces = len(raw) - len(raw.lstrip(" "))
                body.append(raw[min(spaces, indent):])
            before = lines[index - 1].strip() if index > 0 else ""
            kind = "fragment" if before.startswith(FRAGMENT_MARK) else (
                "linuxOnly" if before.startswith(LINUX_MARK) else "compiled")
            found.append(("\n".join(body), kind))
        index = end + 1
    return found


# MARK: - Wrapping

DECLARATION = re.compile(
    r"^(?:(?:@\w+(?:\([^)]*\))?|private|fileprivate|internal|public|package|final|nonisolated|indirect)\s+)*"
    r"(struct|class|enum|protocol|actor|typealias|func|extension)\b")
CONTINUATION = re.compile(r"^(\.|&&|\|\||\?\?|\+|-|\*|/|:|\?|else\b|catch\b)")


def depth_change(line, state):
    """How much `line` opens brackets, outside strings and comments; `state` carries a block
    comment or multi-line string into the next line."""
    delta = 0
    index = 0
    while index < len(line):
        if state["comment"]:
            end = line.find("*/", index)
            if end < 0:
                return delta
            state["comment"] = False
            index = end + 2
            continue
        if state["multiline"]:
            end = line.find('"""', index)
            if end < 0:
                return delta
            state["multiline"] = False
            index = end + 3
            continue
        char = line[index]
        if line.startswith("//", index):
            return delta
        if line.startswith("/*", index):
            state["comment"] = True
            index += 2
        elif line.startswith('"""', index):
            state["multiline"] = True
            index += 3
        elif char == '"':
            index += 1
            while index < len(line) and line[index] != '"':
                index += 2 if line[index] == "\\" else 1
            index += 1
        elif char in "([{":
            delta += 1
            index += 1
        elif char in ")]}":
            delta -= 1
            index += 1
        else:
            index += 1
    return delta


def chunks(source):
    """The snippet's top-level items: lists of lines, comments and attributes-only lines joined
    to the item after them."""
    lines = source.split("\n")
    items = []
    pending = []
    current = []
    depth = 0
    state = {"comment": False, "multiline": False}
    for position, line in enumerate(lines):
        stripped = line.strip()
        if not current:
            if not stripped or stripped.startswith("//") or re.fullmatch(r"(@\w+(\([^)]*\))?\s*)+", stripped):
                pending.append(line)
                continue
        current.append(line)
        depth += depth_change(line, state)
        if depth > 0 or state["comment"] or state["multiline"]:
            continue
        following = next((l.strip() for l in lines[position + 1:] if l.strip()), "")
        if following and CONTINUATION.match(following) and not following.startswith("//"):
            continue
        items.append(pending + current)
        pending, current = [], []
    if current or pending:
        items.append(pending + current)
    return items


def category_of(item):
    """`import`, `declaration`, `extension` or `statement`, from the item's first code line."""
    code = " ".join(line.strip() for line in item if line.strip() and not line.strip().startswith("//"))
    code = re.sub(r"@main\b\s*", "", code)
    if re.match(r"^(@\w+(\([^)]*\))?\s+)*import\s", code):
        return "import"
    match = DECLARATION.match(code)
    if not match:
        return "statement"
    return "extension" if match.group(1) == "extension" else "declaration"


def declared_names(items):
    names = set()
    for item in items:
        for line in item:
            match = re.match(r"^(?:(?:@\w+(?:\([^)]*\))?|private|fileprivate|internal|public|final)\s+)*"
                             r"(?:struct|class|enum|protocol|actor|typealias)\s+(\w+)", line.strip())
            if match:
                names.add(match.group(1))
    return names


def wrap(name, source):
    """(imports, code) for one snippet."""
    items = chunks(source)
    imports, declarations, statements, extensions = [], [], [], []
    for item in items:
        category = category_of(item)
        if category == "import":
            imports += [line.split("//")[0].strip() for line in item if line.strip().startswith(("import", "@"))]
        elif category == "declaration":
            converted = []
            for line in item:
                if line.strip() == "@main":
                    continue
                line = re.sub(r"@main\s+", "", line)
                if not converted or all(not l.strip() or l.strip().startswith(("//", "@")) for l in converted):
                    if re.match(r"^\s*(?:(?:@\w+(?:\([^)]*\))?|private|fileprivate|nonisolated)\s+)*func\b", line):
                        line = re.sub(r"\bfunc\b", "static func", line, count=1)
                converted.append(line)
            declarations += converted
        elif category == "extension":
            extensions.append(item)
        else:
            statements += item
    own = declared_names(items)
    code = [f"enum {name} {{"] + declarations
    if any(line.strip() for line in statements):
        code += ["@MainActor static func __run() async throws {"] + statements + ["}"]
    code.append("}")
    for item in extensions:
        converted = []
        for line in item:
            match = re.match(r"^(\s*(?:(?:private|fileprivate|public)\s+)?extension\s+)(\w+)", line)
            if match and match.group(2) in own and not converted:
                line = match.group(1) + f"{name}." + line[match.end(1):]
            converted.append(line)
        code += converted
    return imports, code


def identifier(page):
    stem = os.path.splitext(os.path.basename(page))[0]
    return re.sub(r"[^A-Za-z0-9]", "_", stem)


def swift_string(text):
    """`text` as a raw multi-line string literal."""
    hashes = "#"
    while f'"{hashes}' in text or f"\\{hashes}" in text:
        hashes += "#"
    return f'{hashes}"""\n{text}\n"""{hashes}'


def generate():
    """{path: contents} of every file this script writes."""
    files = {}
    manifest = [
        "// Generated by Scripts/doc-snippets.py from README.md and docs/*.md: do not edit.",
        "/// Every ```swift block of the documentation, in page order; fragments are not compiled.",
        "let docSnippets: [DocSnippet] = [",
    ]
    for page in pages():
        with open(os.path.join(ROOT, page), encoding="utf-8") as handle:
            found = snippets(handle.read())
        imports = set()
        body = []
        for number, (source, kind) in enumerate(found, start=1):
            manifest.append(f'    DocSnippet(page: "{page}", kind: .{kind}, source: ' + swift_string(source) + "),")
            if kind == "fragment":
                continue
            snippet_imports, code = wrap(f"__{identifier(page)}_{number}", source)
            if kind == "linuxOnly":
                code = ["#if os(Linux)"] + code + ["#endif"]
            imports.update(snippet_imports)
            body += ["", f"// {page}, snippet {number}"] + code
        if body:
            header = [f"// Generated by Scripts/doc-snippets.py from {page}: do not edit.",
                      "// Each snippet compiled in an enum of its own: its declarations, then its statements in",
                      "// __run() (never called). The test target checks that this file is current."]
            files[os.path.join(OUT_DIR, f"Generated-{identifier(page)}.swift")] = (
                "\n".join(header + [""] + sorted(imports) + body) + "\n")
    manifest.append("]")
    files[MANIFEST] = "\n".join(manifest) + "\n"
    return files


def main():
    check = "--check" in sys.argv[1:]
    files = generate()
    stale = [path for path in glob.glob(os.path.join(OUT_DIR, "Generated-*.swift")) if path not in files]
    changed = []
    for path, contents in sorted(files.items()):
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current != contents:
            changed.append(path)
            if not check:
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(contents)
    for path in stale:
        changed.append(path)
        if not check:
            os.remove(path)
    for path in changed:
        print(("not current: " if check else "wrote: ") + os.path.relpath(path, ROOT))
    if check and changed:
        print("run Scripts/doc-snippets.py", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
