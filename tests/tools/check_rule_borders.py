#!/usr/bin/env python3
"""The base engine knows no rule: src/core/campaign, src/core/io and src/core/share include nothing from
src/core/rules and name no rule module, in code or in comments.

A module's id is read from its texts (the key "rules.module.<id>" in assets/i18n/en/*.json), and looked for as a
word in any spelling of its parts: "lingering-injuries", "lingering_injuries", "Lingering injuries".
Two ids are also words the base uses in a sense of its own, and are not looked for: "objects" (the creature kind
"object", JSON objects) and "sidekicks" (the creature kind "sidekick", part of the party). One key of the base's
own data is spelled like a rule and is not taken for it: "hp_roll" in creature_added (the hit points AddCreature
rolled for a monster: {"hp": "2d8+2"}).

Usage: check_rule_borders.py ROOT [--self-test]
"""
import json
import os
import re
import sys

BASE_DIRS = ("src/core/campaign", "src/core/io", "src/core/share")
BASE_WORDS = {"objects", "sidekicks"}
BASE_KEYS = re.compile(r'"hp_roll"')
INCLUDE = re.compile(r'#\s*include\s*[<"]core/rules/')


def module_ids(root):
    ids = set()
    folder = os.path.join(root, "assets", "i18n", "en")
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for key in json.load(f):
                m = re.fullmatch(r"rules\.module\.([a-z0-9_-]+)", key)
                if m:
                    ids.add(m.group(1))
    return ids


def patterns(ids):
    out = []
    for i in sorted(ids - BASE_WORDS):
        parts = re.split(r"[-_]", i)
        out.append((i, re.compile(r"(?<![A-Za-z0-9])" + r"[-_ ]".join(map(re.escape, parts)) + r"(?![A-Za-z0-9])", re.I)))
    return out


def problems(text, path, pats):
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        if INCLUDE.search(line):
            found.append(f"{path}:{n}: includes a rule: {line.strip()}")
        plain = BASE_KEYS.sub('""', line)
        for rule, pat in pats:
            if pat.search(plain):
                found.append(f"{path}:{n}: names the rule {rule}: {line.strip()}")
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    ids = module_ids(root)
    if len(ids) < 10:
        print(f"found only {len(ids)} rule modules in assets/i18n/en: is {root} the repository?")
        return 1
    pats = patterns(ids)
    if "--self-test" in sys.argv:  # the check must see what it is for
        for bad in ('#include "core/rules/potions/potions.hpp"', "// the lingering injuries' data",
                    'c.modules["price-list"]', "X(npc_loyalty, dm)"):
            if not problems(bad, "self-test", pats):
                print(f"self-test: not caught: {bad}")
                return 1
        if problems("// a creature object, JSON objects, the party's sidekicks", "self-test", pats):
            print("self-test: a base word was taken for a rule")
            return 1
    found, files = [], 0
    for d in BASE_DIRS:
        for folder, _, names in os.walk(os.path.join(root, d)):
            for name in sorted(names):
                if not name.endswith((".cpp", ".hpp")):
                    continue
                path = os.path.join(folder, name)
                files += 1
                with open(path, encoding="utf-8") as f:
                    found += problems(f.read(), os.path.relpath(path, root), pats)
    if found:
        print("The base engine (src/core/campaign, io, share) must not include or name a rule module "
              "(docs/adding-a-rule.md):")
        print("\n".join(found))
        return 1
    print(f"{files} files of the base name none of the {len(ids)} rule modules and include nothing from rules/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
