// LZMA decoder for the files the build packs (cmake/pack_lzma.py): the wasm and the language packs are shipped as
// .lzma files (the "LZMA alone" format with the unpacked size in its header), about a quarter smaller than their
// gzip (docs/performance.md, "Size of the web build"). Loaded by the page (index.html, before the runtime) and by the
// service worker (importScripts), which keeps the unpacked wasm in its cache so that a start from the home screen
// does not unpack again.
//   druzinaUnlzma(bytes: Uint8Array) -> Uint8Array   throws Error("lzma: …") on anything it cannot read
//   druzinaUnlzma.fromResponse(response) -> Promise<Uint8Array>   the same, unpacking while it downloads
// The decoder follows the LZMA specification (Igor Pavlov's lzma-specification.txt): a range decoder over
// adaptive bit probabilities, literals coded with the previous byte as context, matches with four repeated
// distances. The whole output is the dictionary, so no window is kept.
(function (root) {
  "use strict";
  // The biggest unpacked file accepted: what the build ships is far smaller (the wasm ~6 MB), and cmake/pack_lzma.py
  // refuses to pack a file over this, so a larger declared size is damage.
  var MAX_OUT = 16 << 20;
  var MAX_IN_HINT = 2 << 20;  // fromResponse's first buffer at most (Content-Length is the host's word, not ours)
  var MAX_MATCH = 273;        // the longest a symbol writes

  function fail(why) { throw new Error("lzma: " + why); }

  // The decoder as a generator over `input` ({buf, len, done}: the bytes so far, how many, whether that is all): it
  // pauses (yields) when fewer than 64 bytes are left and more are coming (a symbol reads at most ~50), and
  // returns the output. Whole input: unlzma(); as a download arrives: fromResponse().
  // Its cost follows the input, not the header's word: the output grows as it is written (at most to the declared
  // size), and it stops at the first symbol that would read past the end of the input.
  function* decode(input) {
    while (input.len < 18 && !input.done) yield;
    var src = input.buf, limit = input.done ? input.len : input.len - 64;
    if (input.len < 18) fail("truncated header");
    var props = src[0];
    if (props >= 225) fail("bad properties");
    var lc = props % 9, lp = ((props / 9) | 0) % 5, pb = (props / 45) | 0;
    // The literal coder's table is 0x300 << (lc + lp) probabilities: lc 8 and lp 4 would make 6 MB of it for an
    // 18-byte input. The build packs with lc 4, lp 0 (cmake/pack_lzma.py), and LZMA2 allows lc + lp at most 4.
    if (lc + lp > 4) fail("bad properties");
    var sizeLo = (src[5] | src[6] << 8 | src[7] << 16 | src[8] << 24) >>> 0;
    var sizeHi = (src[9] | src[10] << 8 | src[11] << 16 | src[12] << 24) >>> 0;
    if (sizeHi !== 0 || sizeLo > MAX_OUT) fail("no size or too big");
    var size = sizeLo, out = new Uint8Array(Math.min(size, 1 << 20)), pos = 0;

    // probabilities (11 bits, start at one half), all in one array: offsets below
    var IS_MATCH = 0, IS_REP = 192, IS_REP_G0 = 204, IS_REP_G1 = 216, IS_REP_G2 = 228, IS_REP0_LONG = 240,
        POS_SLOT = 432, POS = 688, ALIGN = 803, LEN = 819, REP_LEN = 1333, LITERAL = 1847;
    // a length coder (LEN, REP_LEN): choice 0, choice2 1, low 2 + posState*8, mid 130 + posState*8, high 258
    var p = new Uint16Array(LITERAL + (0x300 << (lc + lp)));
    p.fill(1024);

    // The range decoder: range, code and the input position in a Uint32Array (unsigned 32-bit, never boxed), and
    // bit(i) decodes one bit with probability p[i]. Measured in node on the wasm, the first (not yet optimised) run:
    // 120 ms; 170–190 ms with the state in locals and every bit decode written out inline (110 against 125 ms once
    // optimised), ~200 ms with plain closure variables.
    var rc = new Uint32Array(3), b = 0, k = 0, m = 0;  // range, code, inPos
    rc[0] = 0xFFFFFFFF; rc[2] = 13;
    if (src[rc[2]++] !== 0) fail("bad stream start");
    for (k = 0; k < 4; k++) rc[1] = rc[1] * 256 + src[rc[2]++];
    if (rc[1] === rc[0]) fail("bad stream start");
    function bit(i) {
      var prob = p[i], range = rc[0], code = rc[1], bound = Math.imul(range >>> 11, prob) >>> 0, b;
      if (code < bound) { range = bound; p[i] = prob + ((2048 - prob) >>> 5); b = 0; }
      else { range = (range - bound) >>> 0; code = (code - bound) >>> 0; p[i] = prob - (prob >>> 5); b = 1; }
      if (range < 16777216) { range = (range << 8) >>> 0; code = ((code << 8) | src[rc[2]++]) >>> 0; }
      rc[0] = range; rc[1] = code;
      return b;
    }

    var state = 0, rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0, len = 0, base = 0, bits = 0, fresh = false;
    var pbMask = (1 << pb) - 1, lpMask = (1 << lp) - 1, lcShift = 8 - lc;
    while (pos < size) {
      if (rc[2] > limit) {  // near the end of what has come: wait for more; past the end of all of it: cut short
        if (input.done) fail("truncated data");
        yield;
        src = input.buf;
        limit = input.done ? input.len : input.len - 64;
        continue;
      }
      if (pos + MAX_MATCH > out.length && out.length < size) {  // room for the next symbol
        var grown = new Uint8Array(Math.min(size, Math.max(out.length * 2, pos + MAX_MATCH)));
        grown.set(out.subarray(0, pos));
        out = grown;
      }
      var posState = pos & pbMask;
      if (bit(IS_MATCH + (state << 4) + posState) === 0) {  // a literal
        var lit = LITERAL + 0x300 * (((pos & lpMask) << lc) + ((pos > 0 ? out[pos - 1] : 0) >>> lcShift));
        m = 1;
        if (state >= 7) {  // after a match: the byte at rep0 guides the first bits
          var matchByte = out[pos - rep0 - 1];
          do {
            var mb = (matchByte >>> 7) & 1;
            matchByte <<= 1;
            b = bit(lit + ((1 + mb) << 8) + m);
            m = (m << 1) | b;
            if (mb !== b) break;
          } while (m < 0x100);
        }
        while (m < 0x100) {
          b = bit(lit + m);
          m = (m << 1) | b;
        }
        out[pos++] = m & 0xFF;
        state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
        continue;
      }
      if (bit(IS_REP + state) !== 0) {  // a repeated distance
        if (pos === 0) fail("corrupt data");
        if (bit(IS_REP_G0 + state) === 0) {
          if (bit(IS_REP0_LONG + (state << 4) + posState) === 0) {  // one byte at rep0
            state = state < 7 ? 9 : 11;
            out[pos] = out[pos - rep0 - 1];
            pos++;
            continue;
          }
        } else {
          var dist;
          if (bit(IS_REP_G1 + state) === 0) dist = rep1;
          else {
            if (bit(IS_REP_G2 + state) === 0) dist = rep2;
            else { dist = rep3; rep3 = rep2; }
            rep2 = rep1;
          }
          rep1 = rep0;
          rep0 = dist;
        }
        base = REP_LEN;
        fresh = false;
        state = state < 7 ? 8 : 11;
      } else {  // a new distance
        rep3 = rep2; rep2 = rep1; rep1 = rep0;
        base = LEN;
        fresh = true;
        state = state < 7 ? 7 : 10;
      }
      // the length: choice, choice2, then a 3-bit (low, mid) or 8-bit (high) tree
      if (bit(base) === 0) { len = 0; base += 2 + posState * 8; bits = 3; }
      else {
        if (bit(base + 1) === 0) { len = 8; base += 130 + posState * 8; bits = 3; }
        else { len = 16; base += 258; bits = 8; }
      }
      for (m = 1, k = 0; k < bits; k++) {
        b = bit(base + m);
        m = (m << 1) | b;
      }
      len += m - (1 << bits);
      if (fresh) {  // a new distance: its slot, then its low bits
        base = POS_SLOT + (len < 3 ? len : 3) * 64;
        for (m = 1, k = 0; k < 6; k++) {
          b = bit(base + m);
          m = (m << 1) | b;
        }
        var slot = m - 64;
        if (slot < 4) rep0 = slot;
        else {
          var n = (slot >>> 1) - 1;
          rep0 = ((2 | (slot & 1)) << n) >>> 0;
          if (slot < 14) { base = POS + rep0 - slot; bits = n; }
          else {
            for (k = 0, m = 0; k < n - 4; k++) {  // direct bits, each one half
              rc[0] = rc[0] >>> 1;
              if (rc[1] >= rc[0]) { rc[1] = rc[1] - rc[0]; m = m * 2 + 1; } else m = m * 2;
              if (rc[0] < 16777216) { rc[0] = rc[0] << 8; rc[1] = (rc[1] << 8) | src[rc[2]++]; }
            }
            rep0 += m * 16;
            base = ALIGN; bits = 4;
          }
          for (m = 1, k = 0; k < bits; k++) {  // the reverse tree
            b = bit(base + m);
            m = (m << 1) | b;
            rep0 += b * (1 << k);
          }
        }
        if (rep0 === 0xFFFFFFFF) fail("ends early");  // the end marker before the size in the header
      }
      len += 2;
      if (rep0 >= pos) fail("corrupt data");
      if (len > size - pos) fail("corrupt data");
      var from = pos - rep0 - 1;
      if (rep0 + 1 >= len) { out.copyWithin(pos, from, from + len); pos += len; }
      else for (var end = pos + len; pos < end;) out[pos++] = out[from++];  // overlapping: byte by byte
    }
    if (rc[2] > input.len) fail("truncated data");
    return out;
  }

  function unlzma(src) {
    if (!(src instanceof Uint8Array)) fail("not bytes");
    return decode({ buf: src, len: src.length, done: true }).next().value;
  }

  // Unpacks a fetch() response while it downloads: each chunk is decoded as it comes, so on a slow network the
  // unpacking hides behind the download. Resolves to the output, rejects with the decoder's or the network's error.
  function fromResponse(response) {
    if (!response.body || !response.body.getReader)
      return response.arrayBuffer().then(function (b) { return unlzma(new Uint8Array(b)); });
    var hint = Number(response.headers.get("content-length")) || 0;  // the packed size, unless the host re-encodes
    var input = { buf: new Uint8Array(Math.min(Math.max(hint, 65536), MAX_IN_HINT)), len: 0, done: false };
    var run = decode(input), reader = response.body.getReader();
    function more() {
      return reader.read().then(function (r) {
        if (r.done) input.done = true;
        else {
          if (input.len + r.value.length > input.buf.length) {
            if (input.len + r.value.length > MAX_OUT) fail("input too big");
            var grown = new Uint8Array(Math.min(Math.max(input.buf.length * 2, input.len + r.value.length), MAX_OUT));
            grown.set(input.buf.subarray(0, input.len));
            input.buf = grown;
          }
          input.buf.set(r.value, input.len);
          input.len += r.value.length;
        }
        var step = run.next();
        if (!step.done) return more();
        if (!input.done) reader.cancel();  // bytes after the end: not needed
        return step.value;
      });
    }
    return more();
  }

  unlzma.fromResponse = fromResponse;
  root.druzinaUnlzma = unlzma;
  if (typeof module === "object" && module.exports) module.exports = unlzma;
})(typeof self !== "undefined" ? self : this);
