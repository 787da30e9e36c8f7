// Packed (compressed) stored values (core/store/packed.hpp), what the library keeps its backups in: the round trip
// on real saves, and hostile input (truncated, corrupted, a huge declared size, a stream that inflates past what
// it declares) refused with a status, never a crash or an allocation of the declared size.
#include <fstream>
#include <sstream>

#include "../scenario/campaign_fixture.hpp"
#include "../support/paths.hpp"
#include "core/io/guard.hpp"
#include "core/io/save.hpp"
#include "core/share/deflate.hpp"
#include "core/share/link.hpp"
#include "core/store/packed.hpp"

using namespace druzina;
using namespace druzina::test;
using store::UnpackStatus;

namespace {

std::string fixture(const std::string& name) {
  std::ifstream in(std::string(DRUZINA_SOURCE_DIR) + "/tests/fixtures/" + name, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A campaign of a few hundred commands: creatures, notes in cs and uk, damage — saved by io::save.
std::string long_save() {
  Session s;
  Rng rng(7);
  s.dispatch({{"type", "CreateCampaign"}, {"name", "Dlouhá kampaň — Довга"}}, rng);
  for (int i = 0; i < 120; ++i) {
    s.dispatch({{"type", "AddCreature"}, {"name", "Skřet " + std::to_string(i)}, {"kind", "monster"}, {"hp", 7 + i % 9}}, rng);
    s.dispatch({{"type", "AddNote"}, {"text", "Poznámka č. " + std::to_string(i) + ": гобліни біля мосту"}}, rng);
  }
  return io::save(s);
}

UnpackStatus unpacked(std::string_view value) {
  std::string out;
  return store::unpack(value, out);
}

}  // namespace

TEST_CASE("packed: real saves pack to printable ASCII and unpack to the same bytes", "[store][packed]") {
  std::vector<std::string> texts = {fixture("save-v1.json"), fixture("save-v3.json"), fixture("save-v5.json"),
                                    long_save(), std::string(), "{}"};
  for (const auto& text : texts) {
    const std::string packed = store::pack(text);
    REQUIRE(store::is_packed(packed));
    for (unsigned char ch : packed) REQUIRE((ch >= 0x20 && ch < 0x7f));
    std::string out = "stale";
    REQUIRE(store::unpack(packed, out) == UnpackStatus::ok);
    REQUIRE(out == text);
    REQUIRE(store::pack(text) == packed);  // deterministic
  }
  const std::string big = long_save();
  CHECK(store::pack(big).size() * 4 < big.size());  // a campaign's JSON packs well
  // A plain save text is not packed (an older app's backup stays readable as it is).
  std::string out;
  REQUIRE(store::unpack(big, out) == UnpackStatus::not_packed);
  REQUIRE(!store::is_packed(big));
}

TEST_CASE("packed: truncated, corrupted and malformed values are refused as damaged", "[store][packed]") {
  const std::string text = long_save();
  const std::string packed = store::pack(text);
  // Truncated anywhere: the header, the data, one character short.
  for (size_t cut : {size_t{3}, size_t{9}, size_t{14}, size_t{30}, packed.size() / 2, packed.size() - 1}) {
    auto st = unpacked(std::string_view(packed).substr(0, cut));
    INFO("cut at " << cut);
    REQUIRE(st != UnpackStatus::ok);
  }
  // One character of the data changed, at many places: never ok, never a crash. (Not the last few: their low
  // bits may be the base64 or DEFLATE padding nobody reads.)
  for (size_t at = 40; at + 4 < packed.size(); at += 97) {
    std::string bad = packed;
    bad[at] = bad[at] == 'A' ? 'B' : 'A';
    INFO("changed at " << at);
    REQUIRE(unpacked(bad) == UnpackStatus::damaged);
  }
  // A character outside base64url, a wrong checksum, a wrong length.
  std::string bad = packed;
  bad.back() = '*';
  REQUIRE(unpacked(bad) == UnpackStatus::damaged);
  const std::string data = packed.substr(packed.rfind(':') + 1);
  const std::string len = std::to_string(text.size());
  REQUIRE(unpacked("dzpack1:" + len + ":0000000000000000:" + data) == UnpackStatus::damaged);
  REQUIRE(unpacked("dzpack1:" + std::to_string(text.size() - 1) + ":" + io::hex64(io::fnv1a64(text)) + ":" + data) ==
          UnpackStatus::damaged);
  // Malformed headers.
  for (std::string h : {"dzpack1:", "dzpack1:12", "dzpack1::0000000000000000:", "dzpack1:-5:0000000000000000:",
                        "dzpack1:12:xyz:", "dzpack1:1x:0000000000000000:", "dzpack1:12:00000000000000000000:"})
    REQUIRE(unpacked(h) == UnpackStatus::bad_header);
  REQUIRE(unpacked("{\"format\":\"druzina-save\"}") == UnpackStatus::not_packed);
  REQUIRE(std::string(store::unpack_error_key(UnpackStatus::damaged)) == "store.err.packed_damaged");
}

TEST_CASE("packed: a huge declared size is refused before decoding, a bomb stops at the declared size",
          "[store][packed]") {
  // Declared sizes past the cap (and past any integer) are refused from the header alone.
  REQUIRE(unpacked("dzpack1:" + std::to_string(store::kMaxUnpacked + 1) + ":0000000000000000:AAAA") ==
          UnpackStatus::too_large);
  REQUIRE(unpacked("dzpack1:99999999999999999999999:0000000000000000:AAAA") == UnpackStatus::too_large);
  REQUIRE(std::string(store::unpack_error_key(UnpackStatus::too_large)) == "store.err.packed_too_large");
  // 33 MB of zeros deflate to a few kB: declared as 1 kB, inflating stops at 1 kB and the value is damaged.
  const std::string zeros(store::kMaxUnpacked + 1024 * 1024, '\0');
  const std::string bomb = share::base64url_encode(share::deflate(zeros, store::kPackEffort));
  REQUIRE(bomb.size() < 100000);
  REQUIRE(unpacked("dzpack1:1024:" + io::hex64(io::fnv1a64(zeros)) + ":" + bomb) == UnpackStatus::damaged);
  // Declared honestly it is still over the cap: refused before anything is inflated.
  REQUIRE(unpacked("dzpack1:" + std::to_string(zeros.size()) + ":" + io::hex64(io::fnv1a64(zeros)) + ":" + bomb) ==
          UnpackStatus::too_large);
}
