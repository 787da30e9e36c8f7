// Raw DEFLATE, RFC 1951. See deflate.hpp. The decoder follows the structure of zlib's puff.c (Mark Adler's
// reference inflater): canonical Huffman tables as counts per length + symbols sorted by code, decoded bit by
// bit — slow next to zlib, but share links are a few kilobytes and every step is checked.
//
// Index:
//   [SECTION] inflate
//   [SECTION] deflate
#include "core/share/deflate.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <vector>

namespace druzina::share {

namespace {

constexpr int kMaxBits = 15;
constexpr int kLitLenCodes = 286, kDistCodes = 30, kCodeLenCodes = 19;
constexpr std::array<uint16_t, 29> kLenBase = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                               31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<uint8_t, 29> kLenExtra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                               2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<uint16_t, 30> kDistBase = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,
                                                33,  49,  65,  97,  129, 193,  257,  385,  513,  769,
                                                1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::array<uint8_t, 30> kDistExtra = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                                6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
constexpr std::array<uint8_t, 19> kCodeLenOrder = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

// [SECTION] inflate ---------------------------------------------------------------------------------------------------

struct Fail {
  InflateResult result;
};

struct BitReader {
  const unsigned char* data;
  size_t size;
  size_t pos = 0;
  uint64_t buf = 0;
  int count = 0;

  unsigned bits(int need) {
    while (count < need) {
      if (pos == size) throw Fail{InflateResult::truncated};
      buf |= static_cast<uint64_t>(data[pos++]) << count;
      count += 8;
    }
    unsigned v = static_cast<unsigned>(buf & ((uint64_t{1} << need) - 1));
    buf >>= need;
    count -= need;
    return v;
  }
  void align() {  // drop the rest of the current byte
    buf = 0;
    count = 0;
  }
};

struct Huffman {
  std::array<short, kMaxBits + 1> count{};
  std::array<short, 288> symbol{};
};

// Builds the decoding table from code lengths. Returns 0 for a complete code, > 0 for an incomplete one,
// < 0 for an over-subscribed one (invalid).
int construct(Huffman& h, const short* length, int n) {
  h.count.fill(0);
  for (int s = 0; s < n; ++s) h.count[length[s]]++;
  if (h.count[0] == n) return 0;
  int left = 1;
  for (int len = 1; len <= kMaxBits; ++len) {
    left <<= 1;
    left -= h.count[len];
    if (left < 0) return left;
  }
  std::array<short, kMaxBits + 1> offs{};
  for (int len = 1; len < kMaxBits; ++len) offs[len + 1] = static_cast<short>(offs[len] + h.count[len]);
  for (int s = 0; s < n; ++s)
    if (length[s] != 0) h.symbol[offs[length[s]]++] = static_cast<short>(s);
  return left;
}

int decode(BitReader& in, const Huffman& h) {
  int code = 0, first = 0, index = 0;
  for (int len = 1; len <= kMaxBits; ++len) {
    code |= static_cast<int>(in.bits(1));
    int count = h.count[len];
    if (code - count < first) return h.symbol[index + (code - first)];
    index += count;
    first += count;
    first <<= 1;
    code <<= 1;
  }
  throw Fail{InflateResult::corrupt};  // a code the table does not have (incomplete code)
}

void codes(BitReader& in, std::string& out, size_t max_out, const Huffman& lencode, const Huffman& distcode) {
  for (;;) {
    int sym = decode(in, lencode);
    if (sym < 256) {
      if (out.size() >= max_out) throw Fail{InflateResult::too_large};
      out.push_back(static_cast<char>(sym));
    } else if (sym == 256) {
      return;
    } else {
      sym -= 257;
      if (sym >= 29) throw Fail{InflateResult::corrupt};
      size_t len = kLenBase[sym] + in.bits(kLenExtra[sym]);
      int dsym = decode(in, distcode);
      if (dsym >= 30) throw Fail{InflateResult::corrupt};
      size_t dist = kDistBase[dsym] + in.bits(kDistExtra[dsym]);
      if (dist > out.size()) throw Fail{InflateResult::corrupt};
      if (out.size() + len > max_out) throw Fail{InflateResult::too_large};
      size_t from = out.size() - dist;
      for (size_t k = 0; k < len; ++k) out.push_back(out[from + k]);
    }
  }
}

void stored(BitReader& in, std::string& out, size_t max_out) {
  in.align();
  if (in.size - in.pos < 4) throw Fail{InflateResult::truncated};
  unsigned len = in.data[in.pos] | (in.data[in.pos + 1] << 8);
  unsigned nlen = in.data[in.pos + 2] | (in.data[in.pos + 3] << 8);
  in.pos += 4;
  if (len != (~nlen & 0xffffu)) throw Fail{InflateResult::corrupt};
  if (in.size - in.pos < len) throw Fail{InflateResult::truncated};
  if (out.size() + len > max_out) throw Fail{InflateResult::too_large};
  out.append(reinterpret_cast<const char*>(in.data + in.pos), len);
  in.pos += len;
}

const std::pair<Huffman, Huffman>& fixed_tables() {
  static const std::pair<Huffman, Huffman> tables = [] {
    std::pair<Huffman, Huffman> t;
    std::array<short, 288> lengths{};
    for (int s = 0; s < 144; ++s) lengths[s] = 8;
    for (int s = 144; s < 256; ++s) lengths[s] = 9;
    for (int s = 256; s < 280; ++s) lengths[s] = 7;
    for (int s = 280; s < 288; ++s) lengths[s] = 8;
    construct(t.first, lengths.data(), 288);
    for (int s = 0; s < 30; ++s) lengths[s] = 5;
    construct(t.second, lengths.data(), 30);
    return t;
  }();
  return tables;
}

void dynamic(BitReader& in, std::string& out, size_t max_out) {
  int nlen = static_cast<int>(in.bits(5)) + 257;
  int ndist = static_cast<int>(in.bits(5)) + 1;
  int ncode = static_cast<int>(in.bits(4)) + 4;
  if (nlen > kLitLenCodes || ndist > kDistCodes) throw Fail{InflateResult::corrupt};
  std::array<short, 320> lengths{};
  for (int i = 0; i < ncode; ++i) lengths[kCodeLenOrder[i]] = static_cast<short>(in.bits(3));
  Huffman lencode, distcode;
  if (construct(lencode, lengths.data(), kCodeLenCodes) != 0) throw Fail{InflateResult::corrupt};
  int index = 0;
  while (index < nlen + ndist) {
    int sym = decode(in, lencode);
    if (sym < 16) {
      lengths[index++] = static_cast<short>(sym);
      continue;
    }
    short len = 0;
    int repeat;
    if (sym == 16) {
      if (index == 0) throw Fail{InflateResult::corrupt};
      len = lengths[index - 1];
      repeat = 3 + static_cast<int>(in.bits(2));
    } else if (sym == 17) {
      repeat = 3 + static_cast<int>(in.bits(3));
    } else {
      repeat = 11 + static_cast<int>(in.bits(7));
    }
    if (index + repeat > nlen + ndist) throw Fail{InflateResult::corrupt};
    while (repeat--) lengths[index++] = len;
  }
  if (lengths[256] == 0) throw Fail{InflateResult::corrupt};  // no end-of-block code
  int err = construct(lencode, lengths.data(), nlen);
  if (err && (err < 0 || nlen != lencode.count[0] + lencode.count[1])) throw Fail{InflateResult::corrupt};
  err = construct(distcode, lengths.data() + nlen, ndist);
  if (err && (err < 0 || ndist != distcode.count[0] + distcode.count[1])) throw Fail{InflateResult::corrupt};
  codes(in, out, max_out, lencode, distcode);
}

// [SECTION] deflate ---------------------------------------------------------------------------------------------------

struct BitWriter {
  std::string out;
  uint64_t buf = 0;
  int count = 0;
  void put(uint32_t value, int n) {
    buf |= static_cast<uint64_t>(value) << count;
    count += n;
    while (count >= 8) {
      out.push_back(static_cast<char>(buf & 0xff));
      buf >>= 8;
      count -= 8;
    }
  }
  void align() {
    if (count > 0) put(0, 8 - count);
  }
};

struct Sym {
  uint16_t lit_or_len;  // a literal byte (dist == 0) or a match length 3..258
  uint16_t dist;        // 0 = literal
};

int len_code(int len) {  // index into kLenBase
  int i = 28;
  while (kLenBase[i] > len) --i;
  return i;
}
int dist_code(int dist) {
  int i = 29;
  while (kDistBase[i] > dist) --i;
  return i;
}

// Code lengths for the given frequencies, none longer than `limit`; at least two symbols get a code (a
// one-symbol code is incomplete, which strict decoders refuse).
std::vector<uint8_t> code_lengths(std::vector<uint32_t> freq, int limit) {
  const int n = static_cast<int>(freq.size());
  std::vector<uint8_t> lengths(n, 0);
  int used = 0;
  for (uint32_t f : freq) used += f > 0;
  for (int s = 0; used < 2 && s < n; ++s)
    if (freq[s] == 0) freq[s] = 1, ++used;
  // Huffman tree over the used symbols.
  struct Node {
    uint64_t weight;
    int left, right;  // children (-1 for a leaf)
    int symbol;
  };
  std::vector<Node> nodes;
  for (int s = 0; s < n; ++s)
    if (freq[s]) nodes.push_back({freq[s], -1, -1, s});
  std::vector<int> heap(nodes.size());
  std::iota(heap.begin(), heap.end(), 0);
  auto greater = [&](int a, int b) {
    return nodes[a].weight != nodes[b].weight ? nodes[a].weight > nodes[b].weight : a > b;
  };
  std::make_heap(heap.begin(), heap.end(), greater);
  while (heap.size() > 1) {
    std::pop_heap(heap.begin(), heap.end(), greater);
    int a = heap.back();
    heap.pop_back();
    std::pop_heap(heap.begin(), heap.end(), greater);
    int b = heap.back();
    heap.pop_back();
    nodes.push_back({nodes[a].weight + nodes[b].weight, a, b, -1});
    heap.push_back(static_cast<int>(nodes.size()) - 1);
    std::push_heap(heap.begin(), heap.end(), greater);
  }
  // Depth of each leaf (iteratively), counted per length; lengths over the limit are clamped.
  std::vector<int> num(std::max(limit, kMaxBits) + 1, 0);
  std::vector<std::pair<int, int>> stack = {{heap[0], 0}};
  while (!stack.empty()) {
    auto [id, depth] = stack.back();
    stack.pop_back();
    if (nodes[id].left < 0) {
      num[std::min(std::max(depth, 1), limit)]++;
    } else {
      stack.push_back({nodes[id].left, depth + 1});
      stack.push_back({nodes[id].right, depth + 1});
    }
  }
  // Make the clamped histogram a complete code again (as miniz's tdefl_huffman_enforce_max_code_size).
  uint64_t total = 0;
  for (int i = 1; i <= limit; ++i) total += static_cast<uint64_t>(num[i]) << (limit - i);
  while (total != (uint64_t{1} << limit)) {
    num[limit]--;
    for (int i = limit - 1; i > 0; --i)
      if (num[i]) {
        num[i]--;
        num[i + 1] += 2;
        break;
      }
    total--;
  }
  // The most frequent symbols get the shortest codes.
  std::vector<int> order;
  for (int s = 0; s < n; ++s)
    if (freq[s]) order.push_back(s);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return freq[a] > freq[b]; });
  size_t k = 0;
  for (int len = 1; len <= limit; ++len)
    for (int j = 0; j < num[len]; ++j) lengths[order[k++]] = static_cast<uint8_t>(len);
  return lengths;
}

uint32_t reverse_bits(uint32_t code, int len) {
  uint32_t r = 0;
  for (int i = 0; i < len; ++i, code >>= 1) r = (r << 1) | (code & 1);
  return r;
}

std::vector<uint32_t> canonical_codes(const std::vector<uint8_t>& lengths) {
  std::array<int, kMaxBits + 2> bl_count{};
  for (uint8_t l : lengths) bl_count[l]++;
  bl_count[0] = 0;
  std::array<uint32_t, kMaxBits + 2> next{};
  uint32_t code = 0;
  for (int bits = 1; bits <= kMaxBits; ++bits) {
    code = (code + bl_count[bits - 1]) << 1;
    next[bits] = code;
  }
  std::vector<uint32_t> codes(lengths.size(), 0);
  for (size_t s = 0; s < lengths.size(); ++s)
    if (lengths[s]) codes[s] = reverse_bits(next[lengths[s]]++, lengths[s]);
  return codes;
}

struct Codes {
  std::vector<uint8_t> lit_len, dist;
  std::vector<uint32_t> lit_code, dist_code;
};

const Codes& fixed_codes() {
  static const Codes c = [] {
    Codes x;
    x.lit_len.assign(288, 8);
    for (int s = 144; s < 256; ++s) x.lit_len[s] = 9;
    for (int s = 256; s < 280; ++s) x.lit_len[s] = 7;
    x.dist.assign(30, 5);
    x.lit_code = canonical_codes(x.lit_len);
    x.dist_code = canonical_codes(x.dist);
    return x;
  }();
  return c;
}

uint64_t data_bits(const std::vector<Sym>& syms, size_t from, size_t to, const std::vector<uint8_t>& ll,
                   const std::vector<uint8_t>& dl) {
  uint64_t bits = ll[256];
  for (size_t i = from; i < to; ++i) {
    const Sym& s = syms[i];
    if (s.dist == 0) {
      bits += ll[s.lit_or_len];
    } else {
      int lc = len_code(s.lit_or_len), dc = dist_code(s.dist);
      bits += ll[257 + lc] + kLenExtra[lc] + dl[dc] + kDistExtra[dc];
    }
  }
  return bits;
}

void write_data(BitWriter& w, const std::vector<Sym>& syms, size_t from, size_t to, const Codes& c) {
  for (size_t i = from; i < to; ++i) {
    const Sym& s = syms[i];
    if (s.dist == 0) {
      w.put(c.lit_code[s.lit_or_len], c.lit_len[s.lit_or_len]);
    } else {
      int lc = len_code(s.lit_or_len), dc = dist_code(s.dist);
      w.put(c.lit_code[257 + lc], c.lit_len[257 + lc]);
      if (kLenExtra[lc]) w.put(s.lit_or_len - kLenBase[lc], kLenExtra[lc]);
      w.put(c.dist_code[dc], c.dist[dc]);
      if (kDistExtra[dc]) w.put(s.dist - kDistBase[dc], kDistExtra[dc]);
    }
  }
  w.put(c.lit_code[256], c.lit_len[256]);
}

// The run-length encoded code lengths of a dynamic block header: (symbol 0..18, extra bits value).
std::vector<std::pair<int, int>> rle_lengths(const std::vector<uint8_t>& seq) {
  std::vector<std::pair<int, int>> out;
  size_t i = 0;
  while (i < seq.size()) {
    int l = seq[i];
    size_t run = 1;
    while (i + run < seq.size() && seq[i + run] == l) ++run;
    i += run;
    if (l == 0) {
      while (run >= 11) {
        size_t r = std::min<size_t>(run, 138);
        out.push_back({18, static_cast<int>(r - 11)});
        run -= r;
      }
      if (run >= 3) {
        out.push_back({17, static_cast<int>(run - 3)});
        run = 0;
      }
      while (run--) out.push_back({0, 0});
    } else {
      out.push_back({l, 0});
      --run;
      while (run >= 3) {
        size_t r = std::min<size_t>(run, 6);
        out.push_back({16, static_cast<int>(r - 3)});
        run -= r;
      }
      while (run--) out.push_back({l, 0});
    }
  }
  return out;
}

void write_block(BitWriter& w, std::string_view data, size_t raw_from, size_t raw_to, const std::vector<Sym>& syms,
                 size_t from, size_t to, bool last) {
  // Dynamic code for this block.
  std::vector<uint32_t> lf(kLitLenCodes, 0), df(kDistCodes, 0);
  for (size_t i = from; i < to; ++i) {
    if (syms[i].dist == 0) {
      lf[syms[i].lit_or_len]++;
    } else {
      lf[257 + len_code(syms[i].lit_or_len)]++;
      df[dist_code(syms[i].dist)]++;
    }
  }
  lf[256] = 1;
  Codes dyn;
  dyn.lit_len = code_lengths(lf, kMaxBits);
  dyn.dist = code_lengths(df, kMaxBits);
  int hlit = kLitLenCodes;
  while (hlit > 257 && dyn.lit_len[hlit - 1] == 0) --hlit;
  int hdist = kDistCodes;
  while (hdist > 1 && dyn.dist[hdist - 1] == 0) --hdist;
  std::vector<uint8_t> seq(dyn.lit_len.begin(), dyn.lit_len.begin() + hlit);
  seq.insert(seq.end(), dyn.dist.begin(), dyn.dist.begin() + hdist);
  auto rle = rle_lengths(seq);
  std::vector<uint32_t> cf(kCodeLenCodes, 0);
  for (auto [s, x] : rle) cf[s]++;
  std::vector<uint8_t> cl = code_lengths(cf, 7);
  int hclen = kCodeLenCodes;
  while (hclen > 4 && cl[kCodeLenOrder[hclen - 1]] == 0) --hclen;
  uint64_t dyn_bits = 3 + 5 + 5 + 4 + 3 * static_cast<uint64_t>(hclen);
  for (auto [s, x] : rle) dyn_bits += cl[s] + (s == 16 ? 2 : s == 17 ? 3 : s == 18 ? 7 : 0);
  dyn_bits += data_bits(syms, from, to, dyn.lit_len, dyn.dist);
  const Codes& fix = fixed_codes();
  uint64_t fixed_bits = 3 + data_bits(syms, from, to, fix.lit_len, fix.dist);
  size_t raw = raw_to - raw_from;
  uint64_t stored_bits = (raw / 65535 + 1) * (3 + 7 + 32) + 8 * static_cast<uint64_t>(raw);

  if (stored_bits < dyn_bits && stored_bits < fixed_bits) {
    size_t pos = raw_from;
    do {
      size_t chunk = std::min<size_t>(65535, raw_to - pos);
      bool final_chunk = pos + chunk == raw_to;
      w.put(last && final_chunk ? 1 : 0, 1);
      w.put(0, 2);
      w.align();
      w.put(static_cast<uint32_t>(chunk), 16);
      w.put(static_cast<uint32_t>(~chunk & 0xffff), 16);
      w.out.append(data.substr(pos, chunk));
      pos += chunk;
    } while (pos < raw_to);
    return;
  }
  if (fixed_bits <= dyn_bits) {
    w.put(last ? 1 : 0, 1);
    w.put(1, 2);
    write_data(w, syms, from, to, fix);
    return;
  }
  w.put(last ? 1 : 0, 1);
  w.put(2, 2);
  w.put(static_cast<uint32_t>(hlit - 257), 5);
  w.put(static_cast<uint32_t>(hdist - 1), 5);
  w.put(static_cast<uint32_t>(hclen - 4), 4);
  for (int i = 0; i < hclen; ++i) w.put(cl[kCodeLenOrder[i]], 3);
  std::vector<uint32_t> clc = canonical_codes(cl);
  for (auto [s, x] : rle) {
    w.put(clc[s], cl[s]);
    if (s == 16) w.put(static_cast<uint32_t>(x), 2);
    if (s == 17) w.put(static_cast<uint32_t>(x), 3);
    if (s == 18) w.put(static_cast<uint32_t>(x), 7);
  }
  dyn.lit_code = canonical_codes(dyn.lit_len);
  dyn.dist_code = canonical_codes(dyn.dist);
  write_data(w, syms, from, to, dyn);
}

}  // namespace

InflateResult inflate(std::string_view data, std::string& out, size_t max_out) {
  out.clear();
  BitReader in{reinterpret_cast<const unsigned char*>(data.data()), data.size()};
  try {
    bool last;
    do {
      last = in.bits(1) != 0;
      unsigned type = in.bits(2);
      if (type == 0) {
        stored(in, out, max_out);
      } else if (type == 1) {
        codes(in, out, max_out, fixed_tables().first, fixed_tables().second);
      } else if (type == 2) {
        dynamic(in, out, max_out);
      } else {
        return InflateResult::corrupt;
      }
    } while (!last);
  } catch (const Fail& f) {
    return f.result;
  }
  if (in.pos != in.size) return InflateResult::corrupt;  // bytes after the final block
  return InflateResult::ok;
}

std::string deflate(std::string_view data, int max_chain) {
  const size_t n = data.size();
  const auto* d = reinterpret_cast<const unsigned char*>(data.data());
  constexpr size_t kWindow = 32768, kMask = kWindow - 1;
  constexpr int kHashBits = 15;
  const int kMaxChain = std::max(1, max_chain), kNice = 128;
  std::vector<int32_t> head(size_t{1} << kHashBits, -1), prev(kWindow, -1);
  auto hash = [&](size_t i) {
    uint32_t h = (static_cast<uint32_t>(d[i]) << 16) | (static_cast<uint32_t>(d[i + 1]) << 8) | d[i + 2];
    return (h * 2654435761u) >> (32 - kHashBits);
  };
  auto insert = [&](size_t i) {
    if (i + 2 >= n) return;
    uint32_t h = hash(i);
    prev[i & kMask] = head[h];
    head[h] = static_cast<int32_t>(i);
  };
  struct Match {
    size_t len = 0, dist = 0;
  };
  auto longest = [&](size_t i) {
    Match best;
    if (i + 2 >= n) return best;
    size_t max_len = std::min<size_t>(258, n - i);
    int32_t cand = head[hash(i)];
    for (int tries = kMaxChain; cand >= 0 && tries > 0; --tries) {
      size_t c = static_cast<size_t>(cand);
      if (c >= i || i - c > kWindow) break;
      if (d[c + best.len] == d[i + best.len]) {
        size_t len = 0;
        while (len < max_len && d[c + len] == d[i + len]) ++len;
        if (len > best.len) {
          best = {len, i - c};
          if (len >= max_len) break;
        }
      }
      int32_t next = prev[c & kMask];
      if (next >= cand) break;
      cand = next;
    }
    if (best.len < 3) best = {};
    return best;
  };

  std::vector<Sym> syms;
  std::vector<size_t> sym_pos;  // input position where each symbol starts
  syms.reserve(n / 3 + 16);
  sym_pos.reserve(n / 3 + 16);
  auto emit_match = [&](size_t at, Match m) {
    syms.push_back({static_cast<uint16_t>(m.len), static_cast<uint16_t>(m.dist)});
    sym_pos.push_back(at);
  };
  auto emit_literal = [&](size_t at) {
    syms.push_back({d[at], 0});
    sym_pos.push_back(at);
  };
  size_t i = 0;
  while (i < n) {
    Match m = longest(i);
    if (m.len >= 3 && m.len < kNice && i + 1 < n) {
      insert(i);
      Match next = longest(i + 1);
      if (next.len > m.len) {
        emit_literal(i);
        ++i;
        m = next;
      } else {
        emit_match(i, m);
        for (size_t k = i + 1; k < i + m.len; ++k) insert(k);
        i += m.len;
        continue;
      }
    }
    if (m.len >= 3) {
      emit_match(i, m);
      for (size_t k = i; k < i + m.len; ++k) insert(k);
      i += m.len;
    } else {
      insert(i);
      emit_literal(i);
      ++i;
    }
  }

  BitWriter w;
  w.out.reserve(n / 2 + 16);
  constexpr size_t kBlockSyms = 16384;
  if (syms.empty()) {
    write_block(w, data, 0, 0, syms, 0, 0, true);
  } else {
    for (size_t from = 0; from < syms.size(); from += kBlockSyms) {
      size_t to = std::min(syms.size(), from + kBlockSyms);
      size_t raw_to = to < syms.size() ? sym_pos[to] : n;
      write_block(w, data, sym_pos[from], raw_to, syms, from, to, to == syms.size());
    }
  }
  w.align();
  return std::move(w.out);
}

}  // namespace druzina::share
