// The journey "The table, in combat" (shared/notes/journeys.md) with the base engine: three goblins with
// rolled 2d6 HP, a wizard with 17 maximum HP, rolled initiative, a goblin's hit for 9, a misclick undone,
// the wizard dropping to 0 and making death saves, the fight ending. (The massive-damage save and the injury
// roll are the house-rule modules' part; their scenarios extend this one.)
#include "campaign_fixture.hpp"
#include "core/io/save.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
std::string turn_of(const Campaign& c) { return c.encounter->order[static_cast<size_t>(c.encounter->turn)].creature; }
}  // namespace

TEST_CASE("scenario: the table in combat", "[scenario][combat]") {
  BaseTable t(2024);
  t.run({{"type", "CreateCampaign"}, {"name", "Stříbrný les"}, {"language", "cs"}});
  std::string wizard = t.pc("Mira", 17, {{"level", 3}, {"hit_die", 6}, {"abilities", {{"dex", 14}, {"int", 16}}}});
  std::string fighter = t.pc("Bořek", 28, {{"level", 3}, {"hit_die", 10}, {"race", "dwarf"}});

  // The DM adds three goblins in one go, HP 2d6 rolled.
  const Transaction& add = t.run({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", "2d6"},
                                  {"count", 3}, {"ac", 15}, {"abilities", {{"dex", 14}}}});
  REQUIRE(add.events.size() == 3);
  std::vector<std::string> goblins;
  for (const auto& e : add.events) goblins.push_back(e.data["creature"]["id"]);
  for (const auto& g : goblins) {
    REQUIRE(t.c(g).max_hp >= 2);
    REQUIRE(t.c(g).max_hp <= 12);
  }

  // "Roll initiative": the order appears with the current turn.
  t.run({{"type", "StartEncounter"}});
  const auto& order = t.state().encounter->order;
  REQUIRE(order.size() == 5);
  for (size_t i = 1; i < order.size(); ++i) REQUIRE(order[i - 1].initiative >= order[i].initiative);
  REQUIRE(t.state().encounter->round == 1);

  // Play until a goblin's turn; it hits the wizard for 9.
  while (t.c(turn_of(t.state())).kind != "monster") t.run({{"type", "NextTurn"}});
  std::string attacker = turn_of(t.state());
  t.run({{"type", "ApplyDamage"}, {"target", wizard}, {"amount", 9}, {"damage_type", "slashing"}});
  REQUIRE(t.c(wizard).hp == 8);

  // The fighter strikes back — but the DM taps the wrong goblin; one tap of undo.
  std::string wrong = goblins[0] == attacker ? goblins[1] : goblins[0];
  json before_misclick = to_j(t.state());
  t.run({{"type", "ApplyDamage"}, {"target", wrong}, {"amount", 5}});
  t.session.undo();
  REQUIRE(to_j(t.state()) == before_misclick);
  t.run({{"type", "ApplyDamage"}, {"target", attacker}, {"amount", 12}});
  REQUIRE(t.c(attacker).death_saves.dead);  // a goblin dies at 0 HP

  // Next round she drops to 0: unconscious, death saves.
  int round = t.state().encounter->round;
  while (t.state().encounter->round == round) t.run({{"type", "NextTurn"}});
  t.run({{"type", "ApplyDamage"}, {"target", wizard}, {"amount", 10}});
  REQUIRE(t.c(wizard).hp == 0);
  REQUIRE(has_condition(t.c(wizard), "unconscious"));
  while (turn_of(t.state()) != wizard) t.run({{"type", "NextTurn"}});
  t.run({{"type", "DeathSave"}, {"target", wizard}, {"roll", 12}});
  REQUIRE(t.c(wizard).death_saves.successes == 1);
  t.run({{"type", "Heal"}, {"target", wizard}, {"amount", 4}});  // a potion from the fighter
  REQUIRE(t.c(wizard).hp == 4);
  REQUIRE(t.c(wizard).death_saves.successes == 0);

  // The rest of the goblins fall; the fight ends and took a minute.
  for (const auto& g : goblins)
    if (!t.c(g).death_saves.dead) t.run({{"type", "ApplyDamage"}, {"target", g}, {"amount", 12}});
  t.run({{"type", "EndEncounter"}});
  REQUIRE_FALSE(t.state().encounter);
  REQUIRE(t.state().minutes == 1);

  // The log tells the story in Czech, and the whole evening survives a save.
  auto log = t.session.log_lines(Lang::cs);
  bool saw_initiative = false, saw_zero = false;
  for (const auto& line : log) {
    saw_initiative |= line.find("Boj! Iniciativa:") != std::string::npos;
    saw_zero |= line.find("Mira: bezvědomí.") != std::string::npos;
  }
  REQUIRE(saw_initiative);
  REQUIRE(saw_zero);
  Session back = io::load(io::save(t.session), base_engine());
  REQUIRE(to_j(back.state()) == to_j(t.state()));
}
