// The checksummed saved form: a changed byte is refused (or loads the identical state), a hand-edited file
// imports after a warning, and saves from before the envelope still load.
#include "../scenario/campaign_fixture.hpp"
#include "core/io/guard.hpp"
#include "core/io/save.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
Table played() {
  Table t(11);
  t.run({{"type", "CreateCampaign"}, {"name", "Stříbrný les"}, {"language", "cs"}, {"dm_notes", "Starosta lže."}});
  std::string m = t.pc("Mira", 17, {{"hit_die", 6}, {"level", 3}});
  t.pc("Bořek", 24, {{"hit_die", 10}});
  t.run({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", "2d6"}, {"count", 3}, {"ac", 15}});
  t.run({{"type", "StartEncounter"}});
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 5}});
  t.run({{"type", "SetCondition"}, {"target", m}, {"condition", "prone"}, {"until", "end_of_next_turn"}});
  t.run({{"type", "NextTurn"}});
  t.run({{"type", "AddNote"}, {"text", "Ukradli mapu."}});
  t.session.undo(1);
  return t;
}
std::string fingerprint(const Session& s) { return io::save_body(s); }
}  // namespace

TEST_CASE("checksum: the saved form is an envelope with the checksum of its body", "[save][checksum]") {
  Table t = played();
  std::string text = io::save(t.session);
  json env = json::parse(text);
  REQUIRE(env["format"] == "druzina-save");
  REQUIRE(env["version"] == 2);
  REQUIRE(env["body"]["app"] == "druzina");
  REQUIRE(env["body"]["schemaVersion"] == io::kSchemaVersion);
  std::string body = io::save_body(t.session);
  REQUIRE(env["checksum"] == "fnv1a64w4:" + io::hex64(io::fnv1a64w4(body)));
  REQUIRE(text.find(body) != std::string::npos);
  io::Loaded l = io::load_tolerant(text);
  REQUIRE(l.checksummed);
  REQUIRE(l.warnings.empty());
  REQUIRE(fingerprint(l.session) == body);
}

TEST_CASE("checksum: every single-byte change is refused or loads the identical state", "[save][checksum]") {
  Table t = played();
  const std::string text = io::save(t.session);
  const std::string original = fingerprint(t.session);
  const size_t positions = 320;
  int refused = 0, identical = 0, different = 0;
  const unsigned char changes[] = {0x01, 0x20, 0x02};  // flip a low bit, the case bit, another bit
  for (size_t k = 0; k < positions; ++k) {
    size_t pos = k * (text.size() - 1) / (positions - 1);
    for (unsigned char x : changes) {
      std::string damaged = text;
      damaged[pos] = static_cast<char>(damaged[pos] ^ x);
      try {
        Session s = io::load(damaged);
        if (fingerprint(s) == original) ++identical;
        else {
          ++different;
          INFO("position " << pos << " xor " << int(x) << ": " << damaged.substr(pos > 20 ? pos - 20 : 0, 40));
          CHECK(false);
        }
      } catch (const UserError& e) {
        REQUIRE((e.key().rfind("save.err.", 0) == 0 || e.key().rfind("io.err.", 0) == 0));
        ++refused;
      }
    }
  }
  REQUIRE(different == 0);
  REQUIRE(refused + identical == 3 * static_cast<int>(positions));
  REQUIRE(refused > 900);
}

TEST_CASE("checksum: a mismatch is 'damaged' even when it parses, the tolerant load warns", "[save][checksum]") {
  Table t = played();
  std::string text = io::save(t.session);
  std::string edited = text;  // every "Mira" renamed: still valid JSON, still a valid campaign
  for (size_t at = edited.find("\"Mira\""); at != std::string::npos; at = edited.find("\"Mira\"", at))
    edited.replace(at, 6, "\"Mirka\"");
  REQUIRE(edited != text);
  REQUIRE_REFUSED(io::load(edited), "save.err.checksum");
  io::Loaded l = io::load_tolerant(edited);
  REQUIRE(l.warnings.size() == 1);
  REQUIRE(l.warnings[0].key == "save.warn.checksum");
  REQUIRE(l.warnings[0].message(Lang::cs).find("kontrolní součet") != std::string::npos);
  REQUIRE(l.session.state().creatures[0].name == "Mirka");

  SECTION("a reformatted envelope (an editor pretty-printed it): damaged for the app, a warning on import") {
    std::string pretty = json::parse(text).dump(2);
    REQUIRE_REFUSED(io::load(pretty), "save.err.checksum");
    io::Loaded p = io::load_tolerant(pretty);
    REQUIRE(p.warnings.size() == 1);
    REQUIRE(to_j(p.session.state()) == to_j(t.state()));
  }
  SECTION("content that does not validate is refused by both") {
    json env = json::parse(text);
    env["body"]["snapshot"]["creatures"] = json::array({{{"id", "c1"}, {"name", "X"}, {"hp", 50}, {"max_hp", 5}}});
    REQUIRE_REFUSED(io::load(env.dump()), "save.err.checksum");
    REQUIRE_REFUSED(io::load_tolerant(env.dump()), "save.err.invalid");
  }
  SECTION("a newer format, another format, no body") {
    json env = json::parse(text);
    env["version"] = 3;
    REQUIRE_REFUSED(io::load(env.dump()), "save.err.format_too_new");
    std::string newer = text;
    newer.replace(newer.find("\"version\":2"), 11, "\"version\":7");
    REQUIRE_REFUSED(io::load(newer), "save.err.format_too_new");
    env["version"] = 2;
    env["format"] = "foundry";
    REQUIRE_REFUSED(io::load_tolerant(env.dump()), "save.err.not_druzina");
    env["format"] = "druzina-save";
    env.erase("body");
    REQUIRE_REFUSED(io::load_tolerant(env.dump()), "save.err.invalid");
  }
}

TEST_CASE("checksum: saves from before the envelope still load (no checksum to verify)", "[save][checksum]") {
  Table t = played();
  std::string legacy = io::save_body(t.session);  // what the app stored until now
  io::Loaded l = io::load_tolerant(legacy);
  REQUIRE_FALSE(l.checksummed);
  REQUIRE(l.warnings.empty());
  REQUIRE(to_j(io::load(legacy).state()) == to_j(t.state()));
  // and the next save writes the envelope
  REQUIRE(io::save(l.session).rfind("{\"format\":\"druzina-save\",\"version\":2,\"checksum\":\"fnv1a64w4:", 0) == 0);
}

TEST_CASE("checksum: envelope version 1 (fnv1a64) still loads and is still checked", "[save][checksum]") {
  Table t = played();
  const std::string body = io::save_body(t.session);
  const std::string v1 = "{\"format\":\"druzina-save\",\"version\":1,\"checksum\":\"fnv1a64:" +
                         io::hex64(io::fnv1a64(body)) + "\",\"body\":" + body + "}";
  io::Loaded l = io::load_tolerant(v1);
  REQUIRE(l.checksummed);
  REQUIRE(l.warnings.empty());
  REQUIRE(fingerprint(l.session) == fingerprint(t.session));
  // a changed byte in its body is refused, as in version 2
  std::string damaged = v1;
  damaged[damaged.size() - 40] ^= 0x01;
  REQUIRE_REFUSED(io::load(damaged), "save.err.checksum");
  // version 1 with the new checksum (or version 2 with the old) is not as save() writes it: refused as edited
  std::string mixed = "{\"format\":\"druzina-save\",\"version\":1,\"checksum\":\"fnv1a64w4:" +
                      io::hex64(io::fnv1a64w4(body)) + "\",\"body\":" + body + "}";
  REQUIRE_REFUSED(io::load(mixed), "save.err.checksum");
  REQUIRE(io::load_tolerant(mixed).warnings.size() == 1);
  // the next save is version 2
  REQUIRE(io::save(l.session).rfind("{\"format\":\"druzina-save\",\"version\":2,\"checksum\":\"fnv1a64w4:", 0) == 0);
}

TEST_CASE("checksum: fnv1a64w4 is fixed, and one changed byte anywhere or another length changes it", "[checksum]") {
  // Pinned: a change here would make every stored save fail its checksum.
  REQUIRE(io::hex64(io::fnv1a64w4("")) == "df62560c086a651e");
  const std::string text = "{\"app\":\"druzina\",\"snapshot\":{\"name\":\"Stříbrný les\",\"notes\":[]}}";
  const std::uint64_t sum = io::fnv1a64w4(text);
  REQUIRE(io::hex64(sum) == "f8b5ef5f3e12e847");  // 66 bytes: two rounds of the lanes, two bytes one by one
  for (size_t pos = 0; pos < text.size(); ++pos)
    for (unsigned char x : {0x01, 0x80, 0xFF}) {
      std::string changed = text;
      changed[pos] = static_cast<char>(changed[pos] ^ x);
      INFO("position " << pos);
      REQUIRE(io::fnv1a64w4(changed) != sum);
    }
  REQUIRE(io::fnv1a64w4(text + " ") != sum);
  REQUIRE(io::fnv1a64w4(text.substr(0, text.size() - 1)) != sum);
  REQUIRE(io::fnv1a64w4(std::string(64, '\0')) != io::fnv1a64w4(std::string(65, '\0')));
}
