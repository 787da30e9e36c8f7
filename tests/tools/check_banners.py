#!/usr/bin/env python3
"""Fails when a source file in src/ over 400 lines breaks the one banner convention.

The convention (e.g. src/core/share/link.cpp): the file's top comment block, before the first #include, holds an
index, a line `// Index:` followed by one line `//   [SECTION] <name>` per section; each section starts with a
banner `// [SECTION] <name> ` padded with '-' to column 120 (indented like the code when the section is
inside a class or a table). A file over the limit fails when it has no index, when
it still has an old `// ---- name ----` banner, when a [SECTION] line is not in that form, or when its index does
not list exactly its banners, in order.

Usage: check_banners.py ROOT [--max-lines N] [--self-test]
"""
import os
import re
import sys

WIDTH = 120
INDEX_ENTRY = re.compile(r"//   \[SECTION\] (\S.*?)\s*$")
BANNER = re.compile(r"\s*// \[SECTION\] (\S.*?) (-+)")
OLD_BANNER = re.compile(r"^\s*// ?-{3,}")
COMMENT_WITH_SECTION = re.compile(r"\s*//.*\[SECTION\]")


def problems(text, path):
    lines = text.splitlines()
    found = []
    # The top comment block: every line before the first #include (a file without one: its leading comments).
    first = next((i for i, line in enumerate(lines) if line.startswith("#include")), None)
    if first is None:
        first = next((i for i, line in enumerate(lines) if line.strip() and not line.startswith("//")), len(lines))
    top = lines[:first]
    if "// Index:" not in top:
        found.append(f"{path}: no `// Index:` in the top comment block (before the first #include)")
        index = None
    else:
        index = []
        for line in top[top.index("// Index:") + 1:]:
            m = INDEX_ENTRY.fullmatch(line)
            if not m:
                break
            index.append(m.group(1))
    banners = []
    for n, line in enumerate(lines, 1):
        if OLD_BANNER.match(line):
            found.append(f"{path}:{n}: old banner, use `// [SECTION] <name> ---…` (to column {WIDTH}): {line.strip()}")
        elif n > len(top) and COMMENT_WITH_SECTION.match(line):
            m = BANNER.fullmatch(line)
            if not m or len(line) != WIDTH:
                found.append(f"{path}:{n}: a [SECTION] banner is `// [SECTION] <name> ` padded with '-' to column "
                             f"{WIDTH} (this one ends at {len(line)}): {line.strip()}")
            if m:
                banners.append(m.group(1))
            else:
                banners.append(line.split("[SECTION]", 1)[1].strip(" -"))
    if not banners:
        found.append(f"{path}: no [SECTION] banner")
    if index is not None and index != banners:
        found.append(f"{path}: the index does not list exactly the [SECTION] banners, in order\n"
                     f"    index:   {index}\n    banners: {banners}")
    return found


def self_test():
    """The check must see what it is for: a good file passes, each kind of damage fails."""
    def banner(name):
        head = f"// [SECTION] {name} "
        return head + "-" * (WIDTH - len(head))
    good = "\n".join(["// A file.", "//", "// Index:", "//   [SECTION] one", "//   [SECTION] two → three",
                      '#include "a.hpp"', banner("one"), "int a;", banner("two → three"), "int b;"])
    if problems(good, "self-test"):
        print("self-test: a good file fails:\n" + "\n".join(problems(good, "self-test")))
        return False
    bad = {
        "no index": good.replace("// Index:\n", ""),
        "index out of order": good.replace("[SECTION] one\n//   [SECTION] two → three",
                                           "[SECTION] two → three\n//   [SECTION] one"),
        "index misses a banner": good.replace("//   [SECTION] one\n", ""),
        "old banner": good.replace("int b;", "// ---- four ----------\nint b;"),
        "short banner": good.replace(banner("one"), banner("one")[:-3]),
        "banner past column 120": good.replace(banner("one"), "  " + banner("one")),
        "banner without dashes": good.replace(banner("one"), "// [SECTION] one"),
    }
    for what, text in bad.items():
        if not problems(text, "self-test"):
            print(f"self-test: not caught: {what}")
            return False
    return True


def main():
    root = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else "."
    limit = int(sys.argv[sys.argv.index("--max-lines") + 1]) if "--max-lines" in sys.argv else 400
    if "--self-test" in sys.argv and not self_test():
        return 1
    src = os.path.join(root, "src")
    if not os.path.isdir(src):
        print(f"no src/ in {root}: is it the repository?")
        return 1
    found, files = [], 0
    for folder, dirs, names in os.walk(src):
        dirs.sort()
        for name in sorted(names):
            if not name.endswith((".cpp", ".hpp")):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            if len(text.splitlines()) <= limit:
                continue
            files += 1
            found += problems(text, os.path.relpath(path, root))
    if found:
        print(f"A source file over {limit} lines has an index at the top and [SECTION] banners "
              f"(see src/core/share/link.cpp):")
        print("\n".join(found))
        return 1
    print(f"{files} source files over {limit} lines, each with an index that lists its [SECTION] banners")
    return 0


if __name__ == "__main__":
    sys.exit(main())
