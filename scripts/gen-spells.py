#!/usr/bin/env python3
"""Writes the spell rules' data files from the SRD 5.1 facts (CC-BY-4.0):

    scripts/gen-spells.py /path/to/srd-5.1 [assets/data]

assets/data/spells.json       one spell a line: its facts as numbers and short codes, its name in English,
                              Czech and Ukrainian ("name": {"en", "cs", "uk"}; the web build moves the Czech and
                              Ukrainian names into the language packs). No descriptions.
assets/data/rules/spell-slots.json
                              the full caster's slots by level (the multiclass table too), the warlock's pact
                              slots and slot level, each class's cantrips and spells known by level.
assets/data/monster-uses.json the SRD monsters' X/day, recharge and per-rest abilities (named in the three
                              languages) and their spellcasting: ability, DC, attack bonus, slots, spells, innate
                              uses per day. Legendary Resistance is left out (the base engine counts it).

Codes: casting time "1a" (action) "1b" (bonus action) "1r" (reaction) "10m" (minutes) "1h" (hours); range: feet
as a number, or "touch" "self" "sight" "special" "unlimited" "1mi" (miles); duration: "inst" "disp" (until
dispelled) "special" or "<n><r|m|h|d>" (rounds, minutes, hours, days), concentration apart ("conc": 1); "atk"
"ranged" | "melee": it makes a spell attack, "rays" / "beams": how many (by slot / character level); "drain": "half"
the caster regains half the damage dealt; "hit" (what a hit does: "disease", "weakened") and "repeat" ("one": a
success ends it, "three": three successes or three failures decide it): the target's save comes at the end of each
of its turns, not at the hit."""
import json
import os
import re
import sys

NAMES_AND_ABILITIES = os.path.join(os.path.dirname(__file__), "spell_names.py")
exec(open(NAMES_AND_ABILITIES, encoding="utf-8").read())  # NAMES, ABILITIES

SCHOOLS = ["abjuration", "conjuration", "divination", "enchantment", "evocation", "illusion", "necromancy",
           "transmutation"]


def lines(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


def named(en, table):
    if en not in table:
        sys.exit(f"no Czech and Ukrainian name for {en!r}")
    cs, uk = table[en]
    return {"en": en, "cs": cs, "uk": uk}


def time_code(t):
    n, unit = t.split(" ", 1)
    unit = {"action": "a", "bonus action": "b", "reaction": "r", "minute": "m", "minutes": "m", "hour": "h",
            "hours": "h"}[unit]
    return n + unit


def range_code(r):
    m = re.fullmatch(r"(\d+) feet", r)
    if m:
        return int(m.group(1))
    m = re.fullmatch(r"(\d+) miles?", r)
    if m:
        return m.group(1) + "mi"
    return r.lower()


def duration_code(d):
    d = d.removeprefix("Up to ")
    if d == "Instantaneous":
        return "inst"
    if d == "Until dispelled":
        return "disp"
    if d == "Special":
        return "special"
    n, unit = d.split(" ")
    return n + {"round": "r", "minute": "m", "minutes": "m", "hour": "h", "hours": "h", "day": "d",
                "days": "d"}[unit]


def dice_table(d):
    return {k: v.replace(" ", "") for k, v in d.items()}


# Facts the reference's data leaves out (from the SRD's text): Scorching Ray makes a ranged spell attack with each
# of its rays, 2d6 fire each, 3 rays at the 2nd level and one more per slot level above; Eldritch Blast makes one
# attack per beam, 2 beams from the 5th character level, 3 from the 11th, 4 from the 17th. "rays": attacks by slot
# level, "beams": attacks by character level (absent: one attack).
EXTRA = {
    "scorching-ray": {"atk": "ranged", "slot": {str(lv): "2d6" for lv in range(2, 10)},
                      "rays": {str(lv): lv + 1 for lv in range(2, 10)}},
    "eldritch-blast": {"beams": {"1": 1, "5": 2, "11": 3, "17": 4}},
    # Flame Blade: a melee spell attack with the blade, 3d6 fire, 1d6 more for every two slot levels above the 2nd
    "flame-blade": {"atk": "melee", "slot": {str(lv): f"{3 + (lv - 2) // 2}d6" for lv in range(2, 10)}},
    # Arcane Hand's Clenched Fist: a melee spell attack, 4d8 force, 2d8 more per slot level above the 5th
    "arcane-hand": {"atk": "melee", "dmg": "force", "slot": {str(lv): f"{4 + 2 * (lv - 5)}d8" for lv in range(5, 10)}},
    # Vampiric Touch: the caster regains hit points equal to half the necrotic damage dealt
    "vampiric-touch": {"drain": "half"},
    # The hit's effect and the save the target repeats at the end of each of its turns (not at the hit):
    # Contagion's disease (three successes end it, three failures make it last), Ray of Enfeeblement's weakness
    # (a success ends it)
    "contagion": {"hit": "disease", "repeat": "three"},
    "ray-of-enfeeblement": {"hit": "weakened", "repeat": "one"},
}


def spell(s):
    out = {"id": s["index"], "name": named(s["name"], NAMES), "lv": s["level"], "sch": SCHOOLS.index(s["school"]),
           "ct": time_code(s["casting_time"]), "rg": range_code(s["range"]), "cmp": "".join(s["components"]),
           "dur": duration_code(s["duration"]), "cls": s["classes"]}
    if s["ritual"]:
        out["rit"] = 1
    if s["concentration"]:
        out["conc"] = 1
    if "save" in s:
        out["save"] = s["save"]["ability"]
        out["on_save"] = s["save"]["on_success"]
    if "attack_type" in s:
        out["atk"] = s["attack_type"]
    dmg = s.get("damage")
    if dmg:
        if dmg.get("type"):
            out["dmg"] = dmg["type"]
        if "at_slot_level" in dmg:
            out["slot"] = dice_table(dmg["at_slot_level"])
        if "at_character_level" in dmg:
            out["char"] = dice_table(dmg["at_character_level"])
    if "heal_at_slot_level" in s:
        out["heal"] = dice_table(s["heal_at_slot_level"])
    out.update(EXTRA.get(s["index"], {}))
    return out


def slots_of(row):
    sc = row.get("spellcasting", {})
    return [sc.get(f"spell_slots_level_{k}", 0) for k in range(1, 10)]


def slot_tables(rows):
    by = {}
    for r in rows:
        by.setdefault(r["class"], {})[r["level"]] = r
    full = [slots_of(by["wizard"][lv]) for lv in range(1, 21)]
    pact = []
    for lv in range(1, 21):
        s = slots_of(by["warlock"][lv])
        n = max(s)
        pact.append([n, s.index(n) + 1])
    cantrips, known = {}, {}
    for cls, levels in sorted(by.items()):
        c = [levels[lv].get("spellcasting", {}).get("cantrips_known", 0) for lv in range(1, 21)]
        k = [levels[lv].get("spellcasting", {}).get("spells_known", 0) for lv in range(1, 21)]
        if any(c):
            cantrips[cls] = c
        if any(k):
            known[cls] = k
    return {"full": full, "pact": pact, "cantrips": cantrips, "known": known}


def monster_uses(rows):
    out = []
    for m in rows:
        entry = {"id": m["id"]}
        uses = []
        for u in m.get("limited_uses", []):
            if u["name"] == "Legendary Resistance":
                continue
            usage = u["usage"]
            one = {"name": named(u["name"], ABILITIES)}
            if usage["type"] == "per day":
                one.update(kind="day", max=usage.get("times", 1))
            elif usage["type"] == "recharge on roll":
                one.update(kind="recharge", min=usage["min_value"])
            elif usage["type"] == "recharge after rest":
                one.update(kind="rest" if "short" in usage["rest_types"] else "day")
            else:
                sys.exit(f"unknown usage {usage!r}")
            uses.append(one)
        for sc in m.get("spellcasting", []):
            if sc.get("slots"):
                slots = [sc["slots"].get(str(k), 0) for k in range(1, 10)]
                entry["casting"] = {"ability": sc["ability"], "dc": sc["dc"], "attack": sc["modifier"],
                                    "slots": slots, "spells": [s["index"] for s in sc["spells"]]}
            for s in sc["spells"]:
                usage = s.get("usage")
                if usage and usage.get("type") == "per day":
                    one = {"spell": s["index"], "kind": "day", "max": usage.get("times", 1)}
                    if sc.get("dc"):
                        one["dc"] = sc["dc"]
                    uses.append(one)
        if uses:
            entry["uses"] = uses
        if len(entry) > 1:
            out.append(entry)
    return out


def write_lines(path, items):
    with open(path, "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(json.dumps(x, ensure_ascii=False, separators=(",", ":")) for x in items) + "\n]\n")


def main():
    src = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "..", "assets", "data")
    spells = [spell(s) for s in lines(os.path.join(src, "spells.json"))]
    write_lines(os.path.join(out, "spells.json"), spells)
    tables = slot_tables(lines(os.path.join(src, "class-levels.json")))
    with open(os.path.join(out, "rules", "spell-slots.json"), "w", encoding="utf-8") as f:
        f.write("{\n" + ",\n".join(f'"{k}":' + json.dumps(v, separators=(",", ":")) for k, v in tables.items()) + "\n}\n")
    write_lines(os.path.join(out, "monster-uses.json"), monster_uses(lines(os.path.join(src, "monster-uses.json"))))


if __name__ == "__main__":
    main()
