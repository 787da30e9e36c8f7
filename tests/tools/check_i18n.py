#!/usr/bin/env python3
"""Fails when a translation key is missing in any language, a plural text lacks a form, a text's {placeholders}
differ between the languages, or code uses a key that no catalog has. Catalogs: assets/i18n/<lang>/<module>.json
(flat key -> text or {one,few,many}).

Keys built at run time ("rules.module." + id, "event." + type, "prompt." + kind, the calculators' and the
conditions' texts) are not string literals, so the grep below cannot see them: the Catch2 test "computed key
families …" (tests/unit/rules_modules.tests.cpp) derives them from the engine's module descriptions and checks them
the same way (present in cs, uk and en, not empty, the same placeholders)."""
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
# {reason_cs} in cs, {reason_uk} in uk, {reason_en} in en: one placeholder, a nested error in the reader's language.
placeholder = re.compile(r"\{([a-z0-9_]+)\}")
def placeholders(lang, v):
    forms = v.values() if isinstance(v, dict) else [v]
    return {("reason_<lang>" if n == f"reason_{lang}" else n) for f in forms if isinstance(f, str) for n in placeholder.findall(f)}
for k in sorted(all_keys):
    if not all(k in keys[lang] for lang in langs):
        continue
    found = {lang: placeholders(lang, keys[lang][k][1]) for lang in langs}
    if not found["cs"] == found["uk"] == found["en"]:
        shown = ", ".join(f"{lang} {sorted(found[lang])}" for lang in langs)
        errors.append(f"assets/i18n: key {k} has different placeholders: {shown}")
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
