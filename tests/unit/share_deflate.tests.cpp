// The core's own DEFLATE: round trips, interoperability with zlib (through python3's zlib module, so the
// tests need no extra library), and a decoder that refuses every damaged, truncated or oversized stream.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "core/rng.hpp"
#include "core/share/deflate.hpp"
#include "../support/paths.hpp"

using namespace druzina;
using share::InflateResult;

namespace {

std::vector<std::string> samples() {
  std::vector<std::string> out = {"", "a", "ab", std::string(1000, 'x'), "hello hello hello hello world",
                                  std::string(70000, '\0')};
  std::ifstream doc(std::string(DRUZINA_SOURCE_DIR) + "/docs/engine.md", std::ios::binary);
  std::stringstream ss;
  ss << doc.rdbuf();
  out.push_back(ss.str());  // ~30 KB of text
  Rng rng(77);
  for (int k = 0; k < 40; ++k) {
    size_t n = rng.below(k < 30 ? 3000 : 150000);
    std::uint32_t alphabet = 1 + rng.below(256);
    std::string s;
    while (s.size() < n) {
      if (s.size() > 10 && rng.below(3) == 0) {
        size_t from = rng.below(static_cast<std::uint32_t>(s.size())), len = rng.below(300);
        for (size_t q = 0; q < len && s.size() < n; ++q) s.push_back(s[from + q]);
      } else {
        s.push_back(static_cast<char>(rng.below(alphabet)));
      }
    }
    out.push_back(s);
  }
  return out;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("deflate: every sample inflates back to itself", "[share][deflate]") {
  for (const auto& s : samples()) {
    std::string packed = share::deflate(s);
    std::string back;
    REQUIRE(share::inflate(packed, back, s.size()) == InflateResult::ok);
    REQUIRE(back == s);
    REQUIRE(share::deflate(s) == packed);  // deterministic
    if (s.size() >= 1000 && s.find_first_not_of(s[0]) == std::string::npos) REQUIRE(packed.size() < s.size() / 50);
    if (s.size() > 100) REQUIRE(packed.size() <= s.size() + 5 * (s.size() / 65535 + 1) + 8);  // never much larger
  }
}

TEST_CASE("deflate: zlib reads our streams and we read zlib's", "[share][deflate]") {
  auto list = samples();
  std::string dir = druzina::test::temp_file("deflate-test");
  REQUIRE(std::system(("mkdir -p '" + dir + "'").c_str()) == 0);
  for (size_t i = 0; i < list.size(); ++i) {
    std::ofstream(dir + "/" + std::to_string(i) + ".raw", std::ios::binary) << list[i];
    std::ofstream(dir + "/" + std::to_string(i) + ".ours", std::ios::binary) << share::deflate(list[i]);
  }
  // For each sample: zlib inflates ours (must equal the raw bytes) and deflates the raw bytes for us.
  std::string py =
      "import zlib,sys,os\n"
      "d=sys.argv[1]\n"
      "for i in range(int(sys.argv[2])):\n"
      "  raw=open(f'{d}/{i}.raw','rb').read()\n"
      "  ours=open(f'{d}/{i}.ours','rb').read()\n"
      "  z=zlib.decompressobj(-15); out=z.decompress(ours)+z.flush()\n"
      "  assert out==raw and z.eof and not z.unused_data, i\n"
      "  for lvl in (1,6,9):\n"
      "    c=zlib.compressobj(lvl,zlib.DEFLATED,-15); open(f'{d}/{i}.z{lvl}','wb').write(c.compress(raw)+c.flush())\n";
  std::ofstream(dir + "/check.py") << py;
  REQUIRE(std::system(("python3 '" + dir + "/check.py' '" + dir + "' " + std::to_string(list.size())).c_str()) == 0);
  for (size_t i = 0; i < list.size(); ++i)
    for (int lvl : {1, 6, 9}) {
      std::string z = slurp(dir + "/" + std::to_string(i) + ".z" + std::to_string(lvl));
      std::string back;
      INFO(i << " level " << lvl);
      REQUIRE(share::inflate(z, back, list[i].size()) == InflateResult::ok);
      REQUIRE(back == list[i]);
    }
}

TEST_CASE("inflate: truncated, damaged, trailing and oversized streams are refused", "[share][deflate]") {
  std::string text;
  for (int i = 0; i < 200; ++i) text += "Goblin " + std::to_string(i % 17) + " takes " + std::to_string(i % 9) + " damage. ";
  std::string packed = share::deflate(text);
  std::string out;
  for (size_t len = 0; len < packed.size(); ++len) {
    INFO(len);
    REQUIRE(share::inflate(packed.substr(0, len), out, 1 << 20) != InflateResult::ok);
  }
  REQUIRE(share::inflate(packed + "x", out, 1 << 20) == InflateResult::corrupt);
  REQUIRE(share::inflate(packed, out, text.size() - 1) == InflateResult::too_large);
  REQUIRE(share::inflate(packed, out, text.size()) == InflateResult::ok);
  // A bomb: 64 MiB of zeros stop at the cap.
  std::string bomb = share::deflate(std::string(64u << 20, '\0'));
  REQUIRE(bomb.size() < 200000);
  REQUIRE(share::inflate(bomb, out, 1 << 20) == InflateResult::too_large);
  REQUIRE(out.size() <= (1u << 20));
  REQUIRE(share::inflate(std::string("\x07", 1), out, 100) == InflateResult::corrupt);  // block type 3
  // Random bytes and flipped bits: never a crash, never more than the cap.
  Rng rng(5);
  for (int k = 0; k < 3000; ++k) {
    std::string junk;
    if (k % 2) {
      junk = packed;
      junk[rng.below(static_cast<std::uint32_t>(junk.size()))] ^= static_cast<char>(1 << rng.below(8));
    } else {
      for (std::uint32_t i = 0, n = rng.below(300); i < n; ++i) junk.push_back(static_cast<char>(rng.below(256)));
    }
    auto r = share::inflate(junk, out, 1 << 16);
    REQUIRE(out.size() <= (1u << 16));
    if (r == InflateResult::ok && k % 2) CHECK(out.size() > 0);
  }
}
