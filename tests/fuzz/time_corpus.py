#!/usr/bin/env python3
"""Times every input of a libFuzzer corpus (and the seeds) once through its target, after a fuzz run (scripts/fuzz).

An input's time must follow what it declares: a text is worth its bytes, a deflate stream the text it may inflate to
(up to the decoder's cap: a share link's payload 8 MB, a packed backup the length in its "dzpack1:<length>:" header,
at most 32 MB). The pace is the seeds' own (the slowest per declared byte of the seeds of 16 kB or more, real saves
and links, measured in the same pass); an input slower than 100 ms + 4 × that pace × what it declares is a finding
(each input run twice in a row, the faster kept; a finding measured again, best of three: the machine is shared). Prints one line: the inputs timed, the slowest and what it
declared, the findings; exits 1 when there is one.

Usage: time_corpus.py TARGET BINARY SEED_DIR CORPUS_DIR
"""
import os
import re
import subprocess
import sys

CAPS = {"link": 8 << 20, "store": 32 << 20}
DEFLATE_RATIO = 1032  # the most one byte of a DEFLATE stream can expand to
EXECUTED = re.compile(r"^Executed (.+) in (\d+) ms$")
PACKED = re.compile(rb"dzpack1:(\d{1,12}):")


def declared(target, data):
    """The bytes an input may make its target work on."""
    n = len(data)
    if target == "link":
        return max(n, min(CAPS["link"], DEFLATE_RATIO * n))
    if target == "store":
        packed = sum(min(int(m.group(1)), CAPS["store"], DEFLATE_RATIO * n) for m in PACKED.finditer(data))
        return n + packed
    return n


def run(binary, files):
    """ms per file, run by the libFuzzer binary (files given as arguments are run, not fuzzed), each batch twice in
    one process, the faster of the two kept: the first input of a process (and the first to take a path) pays the
    one-time set-up of the core's tables (~400 ms here), which is no input's own cost."""
    times = {}
    for i in range(0, len(files), 200):
        batch = files[i:i + 200]
        r = subprocess.run([binary, "-rss_limit_mb=2048", "-malloc_limit_mb=96", "-timeout=30"] + batch + batch,
                           capture_output=True, text=True, errors="replace")
        for line in r.stderr.splitlines():
            m = EXECUTED.match(line)
            if m:
                times[m.group(1)] = min(int(m.group(2)), times.get(m.group(1), 10**9))
        if r.returncode != 0:
            sys.stderr.write(r.stderr[-4000:])
            print(f"the target failed on an input of the corpus (exit {r.returncode})")
            sys.exit(1)
    return times


def main():
    target, binary, seed_dir, corpus_dir = sys.argv[1:5]
    seeds = sorted(os.path.join(seed_dir, f) for f in os.listdir(seed_dir))
    corpus = sorted(os.path.join(corpus_dir, f) for f in os.listdir(corpus_dir))
    files = seeds + corpus
    size = {}
    for f in files:
        with open(f, "rb") as fh:
            size[f] = declared(target, fh.read())
    times = run(binary, files)
    big = [f for f in seeds if size[f] >= 16384 and f in times] or [f for f in seeds if f in times]
    pace = max((times[f] / size[f] for f in big if size[f] > 0), default=0.0)
    bound = lambda f: 100 + 4 * pace * size[f]
    over = [f for f in files if f in times and times[f] > bound(f)]
    if over:  # again, best of three
        again = run(binary, over)
        again2 = run(binary, over)
        over = [f for f in over if min(times[f], again.get(f, 10**9), again2.get(f, 10**9)) > bound(f)]
    slowest = max(times, key=lambda f: times[f]) if times else None
    line = f"{len(times)} inputs timed"
    if slowest:
        line += (f", slowest {times[slowest]} ms ({os.path.getsize(slowest)} B, declaring {size[slowest]} B; bound "
                 f"{bound(slowest):.0f} ms at the seeds' {pace * 1e6:.0f} ns/B)")
    line += f", {len(over)} over their bound"
    for f in over:
        sys.stderr.write(f"time finding: {f}: {times[f]} ms for {size[f]} declared bytes (bound {bound(f):.0f} ms)\n")
    print(line)
    sys.exit(1 if over or len(times) < len(files) else 0)


if __name__ == "__main__":
    main()
