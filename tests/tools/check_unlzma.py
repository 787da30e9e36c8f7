#!/usr/bin/env python3
"""web/unlzma.js against cmake/pack_lzma.py: what the build packs, the browser's decoder unpacks to the same bytes;
anything damaged is refused with an "lzma: …" error (or, where LZMA cannot tell, unpacks to the declared size), never
a hang, a crash or output past the declared size.

Usage: check_unlzma.py ROOT      (needs node; run by ctest as web.unlzma_round_trip)
"""
import hashlib
import json
import pathlib
import random
import struct
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(sys.argv[1]).resolve()
sys.path.insert(0, str(ROOT / "cmake"))
import pack_lzma  # noqa: E402

# Node reads the cases (file names) on stdin and answers per case, unpacked whole and as a download in chunks: the
# SHA-256 of the output, or the error message.
NODE = r"""
const fs = require("fs"), crypto = require("crypto");
// The largest typed array (in bytes) the decoder makes for a case: its output and input buffers, its probabilities
// (its memory follows what it has decoded, not the header).
let peak = 0;
const Plain = Uint8Array;
for (const name of ["Uint8Array", "Uint16Array", "Uint32Array"]) {
  globalThis[name] = new Proxy(globalThis[name], {
    construct(T, a) { const x = new T(...a); if (x.byteLength > peak) peak = x.byteLength; return x; }
  });
}
const unlzma = require(process.argv[1]);
const sha = (b) => crypto.createHash("sha256").update(b).digest("hex");
// the same bytes as a download: a Response whose body comes in chunks of 997 bytes
function download(bytes) {
  let i = 0;
  return new Response(new ReadableStream({ pull(c) {
    if (i >= bytes.length) { c.close(); return; }
    c.enqueue(bytes.slice(i, i + 997)); i += 997;
  } }));
}
(async () => {
  const out = {};
  for (const f of fs.readFileSync(0, "utf8").split("\n").filter(Boolean)) {
    const bytes = new Plain(fs.readFileSync(f));
    const r = {};
    peak = 0;
    try { const b = unlzma(bytes); r.sha = sha(b); r.size = b.length; } catch (e) { r.error = String(e.message); }
    r.peak = peak;
    try { r.streamed = sha(await unlzma.fromResponse(download(bytes))); } catch (e) { r.streamed_error = String(e.message); }
    out[f] = r;
  }
  console.log(JSON.stringify(out));
})();
"""


def run_node(files):
    r = subprocess.run(["node", "-e", NODE, str(ROOT / "web" / "unlzma.js")], input="\n".join(files),
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        sys.exit(f"node failed: {r.stderr}")
    return json.loads(r.stdout)


def main():
    rng = random.Random(20261206)
    inputs = {
        "empty": b"",
        "one byte": b"x",
        "a run": b"a" * 100000,
        "random": bytes(rng.getrandbits(8) for _ in range(40000)),
        "short repeats": bytes(rng.choice(b"ab") for _ in range(30000)),
        "overlapping matches": (b"abc" * 7 + b"d") * 3000,
        # the data the build really packs: JSON texts in three languages
        "assets": b"".join(p.read_bytes() for p in sorted((ROOT / "assets").rglob("*.json"))),
    }
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        files, expect = [], {}
        for i, (name, data) in enumerate(inputs.items()):
            packed = pack_lzma.pack(data)
            f = tmp / f"ok{i}.lzma"
            f.write_bytes(packed)
            files.append(str(f))
            expect[str(f)] = (name, hashlib.sha256(data).hexdigest(), len(data))
            # damaged copies of it: each must be refused or unpack to the declared size
            damaged = {
                "truncated": packed[: len(packed) // 2],
                "header only": packed[:13],
                "bad properties": bytes([230]) + packed[1:],
                "size unknown": packed[:5] + b"\xff" * 8 + packed[13:],
                "size too big": packed[:5] + struct.pack("<Q", len(data) + 1000) + packed[13:],
                "size of the cap": packed[:5] + struct.pack("<Q", 16 << 20) + packed[13:],
                "over the cap": packed[:5] + struct.pack("<Q", (16 << 20) + 1) + packed[13:],
                "flipped bytes": bytes(b ^ (0x5A if j % 97 == 50 else 0) for j, b in enumerate(packed)),
                "random body": packed[:13] + bytes(rng.getrandbits(8) for _ in range(len(packed) - 13)),
            }
            for kind, bad in damaged.items():
                g = tmp / f"bad{i}-{kind.replace(' ', '_')}.lzma"
                g.write_bytes(bad)
                files.append(str(g))
                expect[str(g)] = (f"{name}, {kind}", None, struct.unpack("<Q", bad[5:13])[0] if len(bad) >= 13 else 0)
        # 18 bytes that declare the largest size accepted: refused at once, without allocating that size
        lie = tmp / "lie.lzma"
        lie.write_bytes(bytes([93, 0, 0, 128, 0]) + struct.pack("<Q", 16 << 20) + bytes(5))
        files.append(str(lie))
        expect[str(lie)] = ("18 bytes declaring 16 MB", None, 16 << 20)
        # the largest literal context the header can name (lc 8, lp 4: 3 M probabilities, 6 MB) for 100 bytes: refused
        # (the build packs with lc 4, lp 0; LZMA2 allows lc + lp at most 4), never that table made
        wide = tmp / "wide.lzma"
        wide.write_bytes(bytes([8 + 9 * 4, 0, 0, 1, 0]) + struct.pack("<Q", 100) + bytes(20))
        files.append(str(wide))
        expect[str(wide)] = ("lc 8 and lp 4 declaring 100 bytes", None, 100)
        got = run_node(files)
        for f, (name, sha, size) in expect.items():
            r = got.get(f)
            if r is None:
                failures.append(f"{name}: no answer")
                continue
            # memory: what it decoded (at most the real data, twice over while growing) or its first 1 MiB
            real = size if sha else len(inputs.get(name.split(",")[0], b""))
            if r.get("peak", 0) > max(1 << 20, 2 * real + 4096):
                failures.append(f"{name}: allocated {r['peak']} bytes")
            elif sha is not None:
                if r.get("sha") != sha or r.get("streamed") != sha:
                    failures.append(f"{name}: unpacked wrong (whole or streamed): {r}")
            elif "error" in r:
                if not r["error"].startswith("lzma: ") or not r.get("streamed_error", "").startswith("lzma: "):
                    failures.append(f"{name}: not the decoder's own error (whole and streamed): {r}")
            elif r.get("size") != size:
                failures.append(f"{name}: unpacked {r.get('size')} bytes, the header says {size}")
        # the damaged cases must mostly be caught (a flipped bit deep in the data may pass unnoticed)
        refused = sum(1 for f, (_, sha, _) in expect.items() if sha is None and "error" in got.get(f, {}))
        if refused < len(inputs) * 4:
            failures.append(f"only {refused} damaged files refused")
    for f in failures:
        print("FAIL", f)
    print(f"{len(expect)} files, {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
