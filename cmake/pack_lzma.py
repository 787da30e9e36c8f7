#!/usr/bin/env python3
"""Packs a file the web build ships into the "LZMA alone" format (.lzma) with its unpacked size in the header, for
web/unlzma.js to unpack in the browser. LZMA takes about a quarter off what gzip -9 leaves
of the wasm and the language packs (docs/performance.md, "Size of the web build").

Usage: pack_lzma.py IN OUT      (OUT is rewritten only when what it unpacks to changes)

Python's lzma (liblzma) writes the .lzma header with the size unknown and ends the stream with an end marker; the
size is written into the header instead, so that the browser allocates the output once (the marker after the
last byte stays and is not read). The packed bytes are unpacked again here and compared before they are written.
A file larger than the browser's decoder accepts (web/unlzma.js MAX_OUT) is refused: that cap is what the build ships.
"""
import lzma
import pathlib
import re
import struct
import sys


def max_unpacked() -> int:
    """The decoder's cap on the unpacked size (web/unlzma.js MAX_OUT): a file over it would not unpack."""
    js = (pathlib.Path(__file__).resolve().parent.parent / "web" / "unlzma.js").read_text(encoding="utf-8")
    m = re.search(r"var MAX_OUT = (\d+) << (\d+);", js)
    if not m:
        sys.exit("pack_lzma.py: web/unlzma.js has no MAX_OUT")
    return int(m.group(1)) << int(m.group(2))


def pack(data: bytes) -> bytes:
    if len(data) > max_unpacked():
        sys.exit(f"pack_lzma.py: {len(data)} bytes is more than web/unlzma.js unpacks (MAX_OUT {max_unpacked()})")
    # Preset 9 with 4 bits of the previous byte as a literal's context and no position bits (measured on the wasm:
    # 800,297 B against the preset's 803,296; the extreme preset gained 100 B for 10 s more).
    filters = [{"id": lzma.FILTER_LZMA1, "preset": 9, "lc": 4, "lp": 0, "pb": 0, "nice_len": 273}]
    out = bytearray(lzma.compress(data, format=lzma.FORMAT_ALONE, filters=filters))
    out[5:13] = struct.pack("<Q", len(data))
    if lzma.decompress(bytes(out), format=lzma.FORMAT_ALONE) != data:
        sys.exit("pack_lzma.py: the packed bytes do not unpack to the input")
    return bytes(out)


def write_packed(path: pathlib.Path, data: bytes) -> None:
    """Writes `data` packed to `path`, unless `path` already holds it packed (packing the wasm takes seconds)."""
    try:
        if lzma.decompress(path.read_bytes(), format=lzma.FORMAT_ALONE) == data:
            return
    except (OSError, lzma.LZMAError):
        pass
    path.write_bytes(pack(data))


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    write_packed(pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[1]).read_bytes())


if __name__ == "__main__":
    main()
