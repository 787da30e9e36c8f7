#!/usr/bin/env python3
"""Writes OUT: a C++ file holding every file under ROOT/data and ROOT/i18n as a string, looked up by its path
relative to ROOT (e.g. "data/tables/shock.json"). See src/core/assets.hpp.

Usage: embed_assets.py ROOT OUT [--packs DIR [--lzma]]

With --packs (the web build) the texts of each language go to a language pack of their own instead, DIR/<lang>.
<hash>.pack, and OUT holds the data without them: a player downloads one language, not three (docs/engine.md
"Language packs"). What goes to the packs: every file under i18n/<lang>/, and in the data every object whose
members are exactly "cs", "uk" and "en" (a text in the three languages). Such an object is left in the data as a
marker outside any string — `{@}` (every language from the packs), or `{^"en":"Aboleth"}` for a "name", whose
English stays embedded (searches find a monster or a god by its English name in any language, and refusals name
them) — and each pack lists, per data file, the language's values in the markers' order. The pack's format:

    druzina-pack 1 <lang>
    =i18n/<lang>/ui.json          then one line: the file, minified
    +data/monsters.json <n>       then n lines: the values, minified JSON (a marker ^ takes none from the en pack)

With --lzma the packs are written packed (cmake/pack_lzma.py; the page unpacks them, web/lang.js); their names
and the size and FNV-1a-64 the app checks stay those of the unpacked pack.

DIR/packs.json names the packs ({"cs": "cs.<hash>.pack", …}), DIR/packs.js tells the page; OUT records each pack's size and FNV-1a-64, which
the app checks before it takes a pack (src/core/assets.cpp).

The JSON is embedded minified: the whitespace between tokens is dropped, nothing else (strings, numbers and the
order of keys are the source's bytes), so the files under assets/ stay pretty-printed for people while the binary
holds ~6 % fewer bytes (and the web build's data section ~100 kB less raw; docs/performance.md "Size of the web build").
A file that is not valid JSON stops the build. The output is rewritten only when it changes.
"""
import json
import pathlib
import re
import sys

import pack_lzma

# A JSON string (with its escapes) or one run of whitespace outside strings.
TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[ \t\r\n]+', re.S)
DELIM = ')d_z"'


def minify(text: str, name: str) -> str:
    try:
        json.loads(text)
    except ValueError as e:
        sys.exit(f"embed_assets.py: {name} is not valid JSON: {e}")
    out = TOKEN.sub(lambda m: m.group(0) if m.group(0).startswith('"') else "", text)
    if json.loads(out) != json.loads(text):  # never changes a value (a cheap guard against a regex mistake)
        sys.exit(f"embed_assets.py: minifying {name} changed its content")
    return out


LANGS = ("cs", "uk", "en")
KEEP_EN = {"name"}  # members whose English stays embedded beside the packs


def compact(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def split(value, key, values):
    """The data's JSON text with its texts in three languages replaced by markers; values[lang] gets theirs."""
    if isinstance(value, dict):
        if set(value) == set(LANGS):
            for lang in LANGS:
                if not (lang == "en" and key in KEEP_EN):
                    values[lang].append(compact(value[lang]))
            return "{^" + compact("en") + ":" + compact(value["en"]) + "}" if key in KEEP_EN else "{@}"
        return "{" + ",".join(compact(k) + ":" + split(v, k, values) for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(split(v, key, values) for v in value) + "]"
    return compact(value)


def fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def write_if_changed(path: pathlib.Path, data: bytes) -> None:
    if path.exists() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def main() -> None:
    root, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    packs_dir = pathlib.Path(sys.argv[4]) if len(sys.argv) >= 5 and sys.argv[3] == "--packs" else None
    packed = sys.argv[5:] == ["--lzma"]
    files = sorted(p.relative_to(root).as_posix() for sub in ("data", "i18n") for p in (root / sub).rglob("*.json"))
    embedded, data_texts, packs = [], {}, {lang: [f"druzina-pack 1 {lang}\n"] for lang in LANGS}
    for f in files:
        content = minify((root / f).read_text(encoding="utf-8"), f)
        if packs_dir and f.startswith("i18n/"):
            lang = f.split("/")[1]
            packs[lang].append(f"={f}\n{content}\n")
            continue
        if packs_dir:
            values = {lang: [] for lang in LANGS}
            content = split(json.loads(content), None, values)
            for lang in LANGS:
                if values[lang]:
                    packs[lang].append(f"+{f} {len(values[lang])}\n" + "".join(v + "\n" for v in values[lang]))
            data_texts[f] = content
        if DELIM in content:
            sys.exit(f"embed_assets.py: {f} contains the raw-string delimiter {DELIM}")
        embedded.append(f'    {{"{f}", R"d_z({content}{DELIM}}},\n')
    pack_rows, names = [], {}
    if packs_dir:
        for lang in LANGS:
            data = "".join(packs[lang]).encode("utf-8")
            h = fnv1a64(data)
            names[lang] = f"{lang}.{h:016x}.pack"
            if packed:
                packs_dir.mkdir(parents=True, exist_ok=True)
                pack_lzma.write_packed(packs_dir / names[lang], data)
            else:
                write_if_changed(packs_dir / names[lang], data)
            pack_rows.append(f'    {{"{lang}", "lang/{names[lang]}", {len(data)}u, 0x{h:016x}ULL}},\n')
        write_if_changed(packs_dir / "packs.json", (json.dumps(names, indent=1) + "\n").encode())
        # For the page (emcc --pre-js before web/lang.js): where this build's packs are.
        files = {lang: "lang/" + name for lang, name in names.items()}
        write_if_changed(packs_dir / "packs.js", f'Module["druzinaPackFiles"] = {json.dumps(files)};\n'.encode())
        # The data as embedded, for the test that merges the packs back (tests/unit/assets_packs.tests.cpp).
        write_if_changed(out.with_suffix(".json"), json.dumps(data_texts, ensure_ascii=False).encode("utf-8"))
        for old in packs_dir.glob("*.pack"):
            if old.name not in names.values():
                old.unlink()
    text = ("// Generated by cmake/embed_assets.py — do not edit.\n#include \"core/assets.hpp\"\n\n"
            "namespace druzina::assets {\n\nconst std::vector<Asset>& embedded() {\n"
            "  static const std::vector<Asset> list = {\n" + "".join(embedded) + "  };\n  return list;\n}\n\n"
            "const std::vector<Pack>& packs() {\n  static const std::vector<Pack> list = {\n" + "".join(pack_rows) +
            "  };\n  return list;\n}\n\n}  // namespace druzina::assets\n")
    write_if_changed(out, text.encode("utf-8"))


if __name__ == "__main__":
    main()
