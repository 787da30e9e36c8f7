#!/usr/bin/env python3
"""Fails when cmake/web_catch_sources.txt and the web app's C++ catch blocks disagree.

The web build compiles every file of src/app, src/ui and src/platform/web that is not in that list with
-fignore-exceptions (cmake/web.cmake): there a catch block would never run. So every file with a C++ `catch (...)`
must be listed, and a listed file must still have one (the list stays exact). JavaScript's `catch (e)` inside an
EM_JS body is not C++'s: a catch of one bare name, and a promise's .catch(…), are skipped.
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
listed = {line.strip() for line in (root / "cmake/web_catch_sources.txt").read_text().splitlines()
          if line.strip() and not line.startswith("#")}
cxx_catch = re.compile(r"(?<![.\w])catch\s*\((?!\s*\w+\s*\))")
found = set()
for part in ("src/app", "src/ui", "src/platform/web"):
    for f in sorted((root / part).glob("*.cpp" if part == "src/app" else "**/*.cpp")):
        if cxx_catch.search(f.read_text(encoding="utf-8")):
            found.add(f.relative_to(root).as_posix())
missing, stale = sorted(found - listed), sorted(listed - found)
for f in missing:
    print(f"{f}: has a catch block but is not in cmake/web_catch_sources.txt (the web build would never run it)")
for f in stale:
    print(f"{f}: listed in cmake/web_catch_sources.txt but has no catch block (or does not exist)")
if missing or stale:
    sys.exit(1)
print(f"{len(found)} files with a catch block, all listed in cmake/web_catch_sources.txt")
