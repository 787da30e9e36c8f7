#!/usr/bin/env python3
"""Every character the app can show from its texts and data is in the UI font.

The web build subsets the font (cmake/ui_font.cmake: pyftsubset --unicodes=...) and ImGui rasterises only the glyph
ranges in src/ui/style.cpp; a character outside either shows as a box. This reads both lists and every string in
assets/i18n and assets/data, and names each character missing from one of them (with a file that uses it)."""
import json
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")


def subset_ranges():
    text = (root / "cmake/ui_font.cmake").read_text(encoding="utf-8")
    m = re.search(r"--unicodes=([0-9A-Fa-fU+,\-]+)", text)
    if not m:
        sys.exit("check_glyphs: no --unicodes= list in cmake/ui_font.cmake")
    out = []
    for part in m.group(1).split(","):
        a, _, b = part.replace("U+", "").partition("-")
        out.append((int(a, 16), int(b or a, 16)))
    return out


def imgui_ranges():
    text = (root / "src/ui/style.cpp").read_text(encoding="utf-8")
    m = re.search(r"ranges\[\]\s*=\s*\{(.*?)\};", text, re.S)
    if not m:
        sys.exit("check_glyphs: no glyph ranges[] in src/ui/style.cpp")
    body = re.sub(r"//[^\n]*", "", m.group(1))
    nums = [int(x, 16) for x in re.findall(r"0x([0-9A-Fa-f]+)", body)]
    if not nums or nums[-1] == 0:
        nums = nums[:-1] if nums else nums
    return list(zip(nums[0::2], nums[1::2]))


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def covered(c, ranges):
    return any(a <= ord(c) <= b for a, b in ranges)


subset, imgui = subset_ranges(), imgui_ranges()
used = {}
for folder in ("assets/i18n", "assets/data"):
    for path in sorted((root / folder).rglob("*.json")):
        for s in strings(json.loads(path.read_text(encoding="utf-8"))):
            for c in s:
                if ord(c) >= 0x20 and c not in used:
                    used[c] = path.relative_to(root)
problems = []
for c, path in sorted(used.items()):
    missing = [name for name, r in (("the font subset (cmake/ui_font.cmake)", subset), ("ImGui's glyph ranges (src/ui/style.cpp)", imgui)) if not covered(c, r)]
    if missing:
        problems.append(f"U+{ord(c):04X} {c!r} (used in {path}) is not in {' nor '.join(missing)}")
for p in problems:
    print(p)
print(f"check_glyphs: {len(used)} distinct characters, {len(problems)} missing")
sys.exit(1 if problems else 0)
