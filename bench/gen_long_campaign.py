#!/usr/bin/env python3
"""Writes a `druzina run` script of a long campaign (issue 16): 6 PCs, then SESSIONS sessions, each meeting
MONSTERS/SESSIONS new monsters in one fight (damage, healing, conditions, turns, temporary HP, notes), ending with
a rest — COMMANDS commands in all. Each session is played a week after the last one (a `Wall` step sets the wall
clock; `druzina run` spaces the steps 10 s apart), so the log's history has SESSIONS sessions. Every command succeeds whatever the dice roll (monsters have plenty of HP, a PC
is healed right after each hit), so `druzina run` gets through the whole script.

Usage: gen_long_campaign.py OUT.json [--sessions 100] [--monsters 200] [--commands 50000]
"""
import argparse
import json

PCS = ["Mira", "Bořek", "Olena", "Tarn", "Jasna", "Kvido"]
NOTES = ["The goblins shout something about a bridge.", "Olena owes the innkeeper 3 gp.",
         "A map of the old mine, half burnt.", "The mayor lies about the wolves."]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--sessions", type=int, default=100)
    ap.add_argument("--monsters", type=int, default=200)
    ap.add_argument("--commands", type=int, default=50000)
    a = ap.parse_args()

    cmds = [{"type": "CreateCampaign", "name": "Long campaign", "language": "cs"}]
    for i, name in enumerate(PCS):
        cmds.append({"type": "AddCreature", "name": name, "kind": "pc", "level": 5, "hp": 40, "ac": 15,
                     "hit_die": 8, "abilities": {"str": 14, "dex": 12, "con": 14, "int": 10, "wis": 13, "cha": 8},
                     "notes": "A character of the long benchmark campaign."})
    # Ids come from one counter (creatures c…, notes n…): the PCs are c1 … c6, then it is followed here.
    pcs = [f"c{1 + i}" for i in range(len(PCS))]
    next_id = 1 + len(PCS)
    per_session = max(1, a.monsters // a.sessions)
    budget, extra = divmod(a.commands - len(cmds), a.sessions)
    week = 7 * 24 * 3600 * 1000
    for s in range(a.sessions):
        cmds.append({"type": "Wall", "ms": 1_767_200_000_000 + s * week})  # not a command: not counted below
        start = len(cmds) + (1 if s < extra else 0)
        monsters = []
        for k in range(per_session):
            cmds.append({"type": "AddCreature", "name": f"Goblin {s * per_session + k + 1}", "kind": "monster",
                         "hp": 900, "ac": 13})
            monsters.append(f"c{next_id}")
            next_id += 1
        cmds.append({"type": "StartEncounter", "participants": pcs + monsters})
        end = start + budget - 2  # EndEncounter and the rest come after
        step = 0
        while len(cmds) < end:
            m = monsters[step % len(monsters)]
            pc = pcs[step % len(pcs)]
            pattern = [
                {"type": "ApplyDamage", "target": m, "amount": 1 + step % 3, "damage_type": "slashing"},
                {"type": "NextTurn"},
                {"type": "ApplyDamage", "target": pc, "amount": 1},
                {"type": "Heal", "target": pc, "amount": 1},
                {"type": "SetCondition", "target": m, "condition": "prone"},
                {"type": "RemoveCondition", "target": m, "condition": "prone"},
                {"type": "SetTempHp", "target": pc, "amount": 1 + step % 5},
                {"type": "AddNote", "text": NOTES[step % len(NOTES)]},
            ]
            for c in pattern:
                if len(cmds) < end:
                    cmds.append(c)
                    if c["type"] == "AddNote":
                        next_id += 1
            step += 1
        cmds.append({"type": "EndEncounter"})
        cmds.append({"type": "LongRest" if s % 3 == 2 else "ShortRest"})
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump({"commands": cmds}, f, ensure_ascii=False, separators=(",", ":"))
    print(len(cmds))


if __name__ == "__main__":
    main()
