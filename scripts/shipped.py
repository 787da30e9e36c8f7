"""What a web build ships, read from its service worker (build/web/sw.js: the precache list and the language packs
that cmake/pwa.cmake writes into it). Used by scripts/site (the folder a host publishes) and scripts/bench web_size.

  shipped(web) -> (files, packs)   files: the precached files and sw.js, relative to `web`;
                                   packs: {"cs": "lang/cs.<hash>.pack", …} (not precached: a start fetches one)
  lazy(web) -> [file, …]           shipped, not precached: fetched when first needed (the live table's jsqr.js)
"""
import json
import pathlib
import re


def shipped(web):
    sw = (pathlib.Path(web) / "sw.js").read_text()
    files = re.search(r'files: (\[[^\]]*\])', sw)
    packs = re.search(r'packs: (\{[^}]*\})', sw)
    return (json.loads(files.group(1)) if files else []) + ["sw.js"], json.loads(packs.group(1)) if packs else {}


def lazy(web):
    sw = (pathlib.Path(web) / "sw.js").read_text()
    found = re.search(r'lazy: (\[[^\]]*\])', sw)
    return json.loads(found.group(1)) if found else []
