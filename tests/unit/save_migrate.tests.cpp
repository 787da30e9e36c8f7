// Save migrations: the v1 fixture (tests/fixtures/save-v1.json) loads into today's schema.
#include <fstream>
#include <sstream>

#include "../scenario/campaign_fixture.hpp"
#include "core/io/migrate.hpp"
#include "core/io/save.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
std::string fixture(const std::string& name) {
  std::ifstream in(std::string(DRUZINA_SOURCE_DIR) + "/tests/fixtures/" + name, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("migrate: the v1 fixture loads after the schema moved to v2", "[save][migrate]") {
  Session s = io::load(fixture("save-v1.json"), base_engine());
  const Campaign& c = s.state();
  REQUIRE(c.name == "Stříbrný les");
  REQUIRE(c.minutes == 1500);
  REQUIRE(c.settings.exhaustion_edition == 2014);
  REQUIRE(c.settings.rules.at("hero-points") == false);
  REQUIRE(c.creatures.size() == 3);
  const Creature& mira = c.creatures[0];
  REQUIRE(mira.id == "c1");
  REQUIRE(mira.hp == 9);
  REQUIRE(mira.max_hp == 17);
  REQUIRE(mira.temp_hp == 2);
  REQUIRE(mira.conditions.size() == 1);
  REQUIRE(mira.conditions[0].id == "poisoned");
  REQUIRE(mira.conditions[0].until.kind == "permanent");
  REQUIRE(mira.extra["favouriteColour"] == "zelená");  // unknown v1 field kept
  REQUIRE(c.encounter->order[0].creature == "c3");
  REQUIRE(c.encounter->round == 2);
  REQUIRE(c.next_id == 4);
  REQUIRE(c.extra["legacy_log"].size() == 2);
  REQUIRE(s.tail().empty());
  REQUIRE(s.extra["exportedBy"] == "druzina 0.0.3 prototype");

  SECTION("the migrated campaign plays on and saves as v2") {
    Rng rng(4);
    s.dispatch({{"type", "NextTurn"}}, rng);
    s.dispatch({{"type", "ApplyDamage"}, {"target", "c3"}, {"amount", 4}}, rng);
    REQUIRE(find_creature(s.state(), "c3")->death_saves.dead);
    json doc = json::parse(io::save(s));
    REQUIRE(doc["schemaVersion"] == 2);
    REQUIRE_FALSE(doc.contains("campaign"));
    Session again = io::load(doc.dump(), base_engine());
    REQUIRE(to_j(again.state()) == to_j(s.state()));
  }
}

TEST_CASE("migrate: v1 → v2 step by step", "[save][migrate]") {
  json v1 = json::parse(fixture("save-v1.json"));
  json v2 = io::migrate_v1_to_v2(v1);
  REQUIRE(v2["snapshot"]["creatures"][1]["id"] == "c2");
  REQUIRE(v2["snapshot"]["creatures"][1]["max_hp"] == 28);
  REQUIRE_FALSE(v2["snapshot"]["encounter"].contains("active"));
  REQUIRE(v2["tail"] == json::array());
  SECTION("a shape the step cannot read is refused with the path") {
    json broken = v1;
    broken["campaign"]["creatures"][0]["id"] = -3;
    try {
      io::migrate_v1_to_v2(broken);
      FAIL("accepted");
    } catch (const UserError& e) {
      REQUIRE(e.key() == "save.err.migrate");
      REQUIRE(e.args()["path"] == "campaign.creatures[0].id");
    }
    broken = v1;
    broken.erase("campaign");
    REQUIRE_REFUSED(io::load(broken.dump(), base_engine()), "save.err.migrate");
  }
}
