#!/usr/bin/env python3
"""Fails when a translation key is missing in any language, a plural text lacks a form, or code uses a key
that no catalog has. Catalogs: assets/i18n/<lang>/<module>.json (flat key -> text or {one,few,many})."""
import json, pathlib, re, sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
langs = ["cs", "uk", "en"]
errors = []
keys = {}
for lang in langs:
    keys[lang] = {}
    for f in sorted((root / "assets/i18n" / lang).glob("*.json")):
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            errors.append(f"{f}: not valid JSON: {e}")
            continue
        for k, v in data.items():
            if k in keys[lang]:
                errors.append(f"{f}: key {k} also in {keys[lang][k][0]}")
            keys[lang][k] = (f.name, v)
            if isinstance(v, dict):
                missing = {"one", "few", "many"} - set(v)
                if missing:
                    errors.append(f"{f}: plural key {k} lacks {sorted(missing)}")
            elif not isinstance(v, str) or not v.strip():
                errors.append(f"{f}: key {k} has no text")
all_keys = set().union(*(set(k) for k in keys.values()))
for lang in langs:
    for k in sorted(all_keys - set(keys[lang])):
        errors.append(f"assets/i18n/{lang}: missing key {k}")
    for k in sorted(set(keys[lang])):
        if k in keys["en"] and keys[lang][k][0] != keys["en"][k][0]:
            errors.append(f"assets/i18n/{lang}/{keys[lang][k][0]}: key {k} lives in {keys['en'][k][0]} in en")
# Keys used in code: tr(..., "key"), T("key"), UserError("key" — string literals that look like keys.
used = set()
pattern = re.compile(r'(?:\btr\s*\([^"]*|\bT\s*\(|UserError\s*\(|\bkey\s*=\s*)"([a-z0-9_]+\.[a-z0-9_.]+)"')
for f in list((root / "src").rglob("*.cpp")) + list((root / "src").rglob("*.hpp")):
    for m in pattern.finditer(f.read_text(encoding="utf-8")):
        used.add((m.group(1), f.relative_to(root)))
for k, f in sorted(used):
    if k not in keys["en"]:
        errors.append(f"{f}: uses key {k}, which no catalog has")
if errors:
    print("\n".join(errors))
    print(f"i18n check: {len(errors)} problem(s)")
    sys.exit(1)
print(f"i18n check: {len(all_keys)} keys present in cs, uk and en; {len(used)} uses in code resolve")
