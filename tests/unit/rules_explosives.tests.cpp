// DM rule "explosives": the DMG's firearms and explosives as data, dynamite's bundle (1 stick, the radius cap at 4,
// the damage cap at 8, beyond), the calculators `dynamite` and `firearm` through the CLI (bad input exits 2),
// ammunition per weapon (FireFirearm refusing when empty, ReloadFirearm), burst fire (ten rounds, DEX save DC 15 at
// the boundary) and Detonate (half on a success, the bomb's none, dynamite's sticks), undo and refusals.
#include "../support/cli.hpp"
#include "core/rules/explosives/explosives.hpp"
#include "rules_helpers.hpp"

using namespace druzina;
using namespace druzina::test;

TEST_CASE("explosives: the firearms of the three eras with damage, range, shots, price and weight", "[rules][explosives]") {
  struct Case { const char* id; const char* era; const char* damage; const char* type; int normal, long_range, shots; int price; double lb; };
  const Case cases[] = {{"pistol", "renaissance", "1d10", "piercing", 30, 90, 1, 250, 3},
                        {"musket", "renaissance", "1d12", "piercing", 40, 120, 1, 500, 10},
                        {"automatic-pistol", "modern", "2d6", "piercing", 50, 150, 15, 0, 3},
                        {"revolver", "modern", "2d8", "piercing", 40, 120, 6, 0, 3},
                        {"hunting-rifle", "modern", "2d10", "piercing", 80, 240, 5, 0, 8},
                        {"automatic-rifle", "modern", "2d8", "piercing", 80, 240, 30, 0, 8},
                        {"shotgun", "modern", "2d8", "piercing", 30, 90, 2, 0, 7},
                        {"laser-pistol", "futuristic", "3d6", "radiant", 40, 120, 50, 0, 2},
                        {"antimatter-rifle", "futuristic", "6d8", "necrotic", 120, 360, 2, 0, 10},
                        {"laser-rifle", "futuristic", "3d8", "radiant", 100, 300, 30, 0, 7}};
  REQUIRE(rules::firearm_list().size() == std::size(cases));
  for (size_t i = 0; i < std::size(cases); ++i) {
    const auto& c = cases[i];
    CAPTURE(c.id);
    const rules::Firearm* f = rules::find_firearm(c.id);
    REQUIRE(f != nullptr);
    CHECK(rules::firearm_list()[i].id == c.id);
    CHECK(f->era == c.era);
    CHECK(f->damage == c.damage);
    CHECK(f->damage_type == c.type);
    CHECK(f->range == std::pair<int, int>{c.normal, c.long_range});
    CHECK(f->shots == c.shots);
    CHECK(f->weight_lb == c.lb);
    if (c.price) CHECK(f->price_gp == c.price); else CHECK_FALSE(f->price_gp);  // modern and futuristic: priceless
    CHECK(f->burst_fire() == (std::string(c.id) == "automatic-rifle"));
    CHECK_FALSE(f->name.cs.empty());
    CHECK_FALSE(f->name.uk.empty());
  }
  CHECK(rules::find_firearm("musket")->properties == std::vector<std::string>{"ammunition", "loading", "two-handed"});
  CHECK(rules::find_firearm("laser-rifle")->ammunition == "energy-cell");
  CHECK(rules::find_firearm("blaster") == nullptr);

  REQUIRE(rules::explosive_list().size() == 7);
  const auto* bomb = rules::find_explosive("bomb");
  CHECK((bomb->price_gp == 150 && bomb->damage == "3d6" && bomb->damage_type == "fire" && bomb->radius_ft == 5 &&
         bomb->save_dc == 12 && !bomb->half_on_success));
  CHECK((rules::find_explosive("gunpowder-horn")->damage == "3d6" && rules::find_explosive("gunpowder-horn")->price_gp == 35));
  CHECK((rules::find_explosive("gunpowder-keg")->damage == "7d6" && rules::find_explosive("gunpowder-keg")->radius_ft == 10 &&
         rules::find_explosive("gunpowder-keg")->weight_lb == 20));
  const auto* frag = rules::find_explosive("fragmentation-grenade");
  CHECK((frag->damage == "5d6" && frag->damage_type == "piercing" && frag->radius_ft == 20 && frag->save_dc == 15 && frag->half_on_success));
  CHECK(rules::find_explosive("smoke-grenade")->damage.empty());
  CHECK(rules::find_explosive("grenade-launcher")->throw_ft == 120);
}

TEST_CASE("explosives: dynamite — 1 stick 3d6 / 5 ft, +1d6 and +5 ft a stick, caps 20 ft at 4 sticks and 10d6 at 8",
          "[rules][explosives]") {
  struct Case { int sticks, dice, radius; };
  const Case cases[] = {{1, 3, 5}, {2, 4, 10}, {3, 5, 15}, {4, 6, 20}, {5, 7, 20},
                        {7, 9, 20}, {8, 10, 20}, {9, 10, 20}, {100, 10, 20}};
  for (const auto& c : cases) {
    CAPTURE(c.sticks);
    const auto b = rules::dynamite_blast(c.sticks);
    REQUIRE(b);
    CHECK(b->dice == c.dice);
    CHECK(b->radius_ft == c.radius);
  }
  CHECK_FALSE(rules::dynamite_blast(0));
  CHECK_FALSE(rules::dynamite_blast(-3));
}

TEST_CASE("cli rule dynamite and firearm: the numbers, bad input exits 2", "[cli][calc][explosives]") {
  CHECK(cli_json("rule dynamite --sticks 1") == json{{"damage", "3d6"}, {"radius_ft", 5}});
  CHECK(cli_json("rule dynamite --sticks 4") == json{{"damage", "6d6"}, {"radius_ft", 20}});
  CHECK(cli_json("rule dynamite --sticks 8") == json{{"damage", "10d6"}, {"radius_ft", 20}});
  CHECK(cli_json("rule dynamite --sticks 12") == json{{"damage", "10d6"}, {"radius_ft", 20}});
  for (const char* bad : {"--sticks 0", "--sticks -1", "--sticks 101", "--sticks x", ""}) {
    CAPTURE(bad);
    CHECK(cli(std::string("rule dynamite ") + bad, Output::err).code == 2);
  }
  auto cs = cli("--lang cs rule dynamite --sticks 0", Output::err);
  CHECK(cs.code == 2);
  CHECK(cs.out.find("1") != std::string::npos);
  CHECK(cli_json("rule firearm --id revolver") == json{{"era", "modern"}, {"damage", "2d8"}, {"damage_type", "piercing"},
                                                      {"range", {40, 120}}, {"shots", 6}, {"price_gp", nullptr},
                                                      {"weight_lb", 3}, {"properties", "ammunition, reload"}});
  CHECK(cli_json("rule firearm --id musket")["price_gp"] == 500);
  auto bad = cli("--lang uk rule firearm --id blaster", Output::err);
  CHECK(bad.code == 2);
  CHECK(bad.out.find("laser-pistol") != std::string::npos);
}

namespace {

std::string line(const Table& t, const Event& e, Lang lang) {
  LogContext lc{lang, [&](const std::string& id) { return t.c(id).name; }};
  return Engine::standard().render(e, lc);
}

json fire(const std::string& who, const std::string& weapon) { return {{"type", "FireFirearm"}, {"target", who}, {"weapon", weapon}}; }

}  // namespace

TEST_CASE("explosives: ammunition per weapon — fire until empty, refused, reload, undo", "[rules][explosives]") {
  RulesTable t(5);
  new_campaign(t);
  std::string m = t.pc("Mira", 30);
  // Off by default: guns only if the DM allows them.
  REQUIRE_REFUSED(t.run(fire(m, "shotgun")), "campaign.err.rule_off");
  t.run({{"type", "SetSettings"}, {"rules", {{"explosives", true}}}});
  const auto* shotgun = rules::find_firearm("shotgun");
  CHECK(rules::rounds_left(t.c(m), *shotgun) == 2);  // absent = loaded
  CHECK(t.c(m).modules.is_object());
  const auto& one = t.run(fire(m, "shotgun"));
  const Event* ev = find_event(one, "firearm_fired");
  REQUIRE(ev != nullptr);
  CHECK(ev->data["left"] == 1);
  CHECK(line(t, *ev, Lang::en) == "Mira fires the Shotgun (1 left).");
  CHECK(line(t, *ev, Lang::cs) == "Mira vystřelí ze zbraně Brokovnice (zbývá 1).");
  CHECK(line(t, *ev, Lang::uk) == "Mira стріляє: Дробовик (лишилося 1).");
  CHECK(t.c(m).modules["explosives"]["rounds"]["shotgun"] == 1);
  t.run(fire(m, "shotgun"));
  CHECK(rules::rounds_left(t.c(m), *shotgun) == 0);
  REQUIRE_REFUSED(t.run(fire(m, "shotgun")), "rules.err.firearm_empty");
  // Another weapon has its own ammunition.
  t.run(fire(m, "revolver"));
  CHECK(rules::rounds_left(t.c(m), *rules::find_firearm("revolver")) == 5);
  auto view = rules::explosives_view(t.state(), t.c(m));
  CHECK(view.on);
  REQUIRE(view.fired.size() == 2);
  CHECK(view.fired[0].firearm->id == "revolver");  // the table's order
  CHECK(view.fired[1].left == 0);
  // Reload: all its shots again; a full weapon is refused.
  const auto& r = t.run({{"type", "ReloadFirearm"}, {"target", m}, {"weapon", "shotgun"}});
  CHECK(find_event(r, "firearm_reloaded")->data["old"] == 0);
  CHECK(line(t, *find_event(r, "firearm_reloaded"), Lang::en) == "Mira reloads the Shotgun (2 shots).");
  CHECK(rules::rounds_left(t.c(m), *shotgun) == 2);
  CHECK_FALSE(t.c(m).modules["explosives"]["rounds"].contains("shotgun"));  // loaded = absent
  REQUIRE_REFUSED(t.run({{"type", "ReloadFirearm"}, {"target", m}, {"weapon", "shotgun"}}), "rules.err.firearm_full");
  // A loading weapon holds one shot.
  t.run(fire(m, "musket"));
  REQUIRE_REFUSED(t.run(fire(m, "musket")), "rules.err.firearm_empty");
  t.session.undo();  // the musket's shot
  CHECK(rules::rounds_left(t.c(m), *rules::find_firearm("musket")) == 1);
  t.session.undo();  // the reload
  CHECK(rules::rounds_left(t.c(m), *shotgun) == 0);
  REQUIRE_REFUSED(t.run(fire(m, "blaster")), "rules.err.firearm_unknown");
  REQUIRE_REFUSED(t.run({{"type", "FireFirearm"}, {"target", m}, {"weapon", "revolver"}, {"targets", {m}}}),
                  "rules.err.firearm_targets_burst");
}

TEST_CASE("explosives: burst fire — ten rounds, a 10-ft cube, DEX save DC 15 at the boundary", "[rules][explosives]") {
  RulesTable t(7);
  new_campaign(t, {{"rules", {{"explosives", true}}}});
  std::string s = t.pc("Sam", 30);
  std::string a = t.monster("Orc A", 40);
  std::string b = t.monster("Orc B", 40);
  auto burst = [&](json saves) {
    return json{{"type", "FireFirearm"}, {"target", s}, {"weapon", "automatic-rifle"}, {"burst", true},
                {"targets", {a, b}}, {"saves", std::move(saves)}};
  };
  REQUIRE_REFUSED(t.run({{"type", "FireFirearm"}, {"target", s}, {"weapon", "revolver"}, {"burst", true}}), "rules.err.firearm_no_burst");
  const auto& tx = t.run(burst({{a, 14}, {b, 15}}));
  CHECK(find_event(tx, "firearm_fired")->data["shots"] == 10);
  CHECK(find_event(tx, "firearm_fired")->data["left"] == 20);
  const Event* bf = find_event(tx, "burst_fire");
  REQUIRE(bf != nullptr);
  const int rolled = bf->data["rolled"].get<int>();
  CHECK(rolled >= 2);
  CHECK(rolled <= 16);
  CHECK(bf->data["dc"] == 15);
  CHECK(t.c(a).hp == 40 - rolled);  // 14 vs 15: failed, the full damage
  CHECK(t.c(b).hp == 40);           // 15 vs 15: a success, nothing (burst fire has no half)
  CHECK(count_events(tx, "blast_save") == 2);
  CHECK(line(t, *bf, Lang::en).find("Burst fire from Sam's Automatic rifle: 2d8 = ") == 0);
  t.run(burst({{a, 20}, {b, 20}}));
  t.run(fire(s, "automatic-rifle"));  // 9 left: a single shot, but no burst
  CHECK(rules::rounds_left(t.c(s), *rules::find_firearm("automatic-rifle")) == 9);
  REQUIRE_REFUSED(t.run(burst({{a, 20}})), "rules.err.firearm_burst_ammo");
  t.session.undo();  // 10 left: exactly one more burst
  t.run(burst({{a, 20}}));
  CHECK(rules::rounds_left(t.c(s), *rules::find_firearm("automatic-rifle")) == 0);
  REQUIRE_REFUSED(t.run(burst({{a, 20}})), "rules.err.firearm_empty");
}

TEST_CASE("explosives: Detonate — dynamite bundle, half on a success, the bomb's none, refusals", "[rules][explosives]") {
  RulesTable t(11);
  new_campaign(t, {{"rules", {{"explosives", true}}}});
  std::string a = t.monster("Goblin", 200, {{"abilities", {{"dex", 14}}}});
  std::string b = t.monster("Ogre", 200);
  const auto& tx = t.run({{"type", "Detonate"}, {"explosive", "dynamite"}, {"sticks", 8}, {"targets", {a, b}}, {"saves", {{b, 12}}}});
  const Event* ex = find_event(tx, "explosion");
  REQUIRE(ex != nullptr);
  CHECK(ex->data["dice"] == "10d6");
  CHECK(ex->data["radius_ft"] == 20);
  CHECK(ex->data["dc"] == 12);
  const int rolled = ex->data["rolled"].get<int>();
  CHECK(rolled >= 10);
  CHECK(rolled <= 60);
  CHECK(line(t, *ex, Lang::en) == "Dynamite (stick) ×8 explodes: 10d6 = " + std::to_string(rolled) +
                                      " damage (bludgeoning) in a 20-ft radius, DEX save DC 12.");
  // The goblin's save rolled by the engine: d20 + its DEX save bonus (+2).
  const Event* ga = nullptr;
  for (const auto& e : tx.events)
    if (e.type == "blast_save" && e.data["creature"] == a) ga = &e;
  REQUIRE(ga != nullptr);
  CHECK(ga->data["rolled"] == true);
  CHECK(ga->data["modifier"] == 2);
  CHECK(ga->data["total"] == ga->data["roll"].get<int>() + 2);
  const int goblin_took = ga->data["success"] == true ? rolled / 2 : rolled;
  CHECK(t.c(a).hp == 200 - goblin_took);
  CHECK(t.c(b).hp == 200 - rolled / 2);  // 12 vs 12: half
  // One stick without `sticks`.
  CHECK(find_event(t.run({{"type", "Detonate"}, {"explosive", "dynamite"}}), "explosion")->data["dice"] == "3d6");
  // The bomb: a success takes nothing.
  const int hp = t.c(b).hp;
  const auto& bomb = t.run({{"type", "Detonate"}, {"explosive", "bomb"}, {"targets", {b}}, {"saves", {{b, 12}}}});
  CHECK(t.c(b).hp == hp);
  const Event* bs = find_event(bomb, "blast_save");
  CHECK(line(t, *bs, Lang::en) == "Ogre: DEX save 12 vs DC 12 — success, no damage.");
  CHECK(line(t, *bs, Lang::uk) == "Ogre: рятівний кидок Спритності 12 проти СК 12 — успіх, без шкоди.");
  // The keg: 7d6 fire.
  CHECK(find_event(t.run({{"type", "Detonate"}, {"explosive", "gunpowder-keg"}}), "explosion")->data["dice"] == "7d6");
  REQUIRE_REFUSED(t.run({{"type", "Detonate"}, {"explosive", "smoke-grenade"}}), "rules.err.explosive_no_damage");
  REQUIRE_REFUSED(t.run({{"type", "Detonate"}, {"explosive", "bomb"}, {"sticks", 2}}), "rules.err.explosive_sticks_dynamite");
  REQUIRE_REFUSED(t.run({{"type", "Detonate"}, {"explosive", "dynamite"}, {"sticks", 0}}), "campaign.err.param_range");
  REQUIRE_REFUSED(t.run({{"type", "Detonate"}, {"explosive", "nuke"}}), "rules.err.explosive_unknown");
  REQUIRE_REFUSED(t.run({{"type", "Detonate"}, {"explosive", "bomb"}, {"targets", {a}}, {"saves", {{b, 3}}}}),
                  "rules.err.blast_save_not_target");
}

TEST_CASE("explosives: a lit fuse joins the initiative, burns a round on each of its turns and sets the dynamite off", "[rules][explosives]") {
  RulesTable t(31);
  new_campaign(t, {{"rules", {{"explosives", true}}}});
  std::string a = t.pc("Ana", 200);
  std::string g = t.monster("Goblin", 200);
  REQUIRE_REFUSED(t.run({{"type", "LightFuse"}, {"sticks", 2}, {"rounds", 2}}), "campaign.err.no_encounter");
  t.run({{"type", "StartEncounter"}, {"initiative", {{a, 30}, {g, 1}}}});
  REQUIRE_REFUSED(t.run({{"type", "LightFuse"}, {"sticks", 2}, {"rounds", 7}}), "campaign.err.param_range");
  const auto& lit = t.run({{"type", "LightFuse"}, {"sticks", 2}, {"rounds", 2}, {"targets", {g}}});
  const Event* l = find_event(lit, "fuse_lit");
  REQUIRE(l != nullptr);
  const std::string fuse = l->data["creature"].get<std::string>();
  CHECK(t.c(fuse).name == "Dynamite (stick) ×2");
  REQUIRE(has_event(lit, "encounter_joined"));
  REQUIRE(t.state().encounter->order.size() == 3);
  auto fuses = rules::lit_fuses(t.state());
  REQUIRE(fuses.size() == 1);
  CHECK(fuses[0].creature == fuse);
  CHECK(fuses[0].left == 2);
  CHECK(fuses[0].targets == std::vector<std::string>{g});
  // Its turns: the first burns a round, the second sets it off (4d6 in 10 ft on the goblin, DEX DC 12, half).
  int turns = 0, explosions = 0;
  for (int k = 0; k < 12 && explosions == 0; ++k) {
    const auto& n = t.run({{"type", "NextTurn"}});
    if (find_event(n, "turn_started")->data["creature"] == fuse) {
      ++turns;
      const Event* b = find_event(n, "fuse_burned");
      REQUIRE(b != nullptr);
      CHECK(b->data["left"] == 2 - turns);
      if (const Event* ex = find_event(n, "explosion")) {
        ++explosions;
        CHECK(ex->data["dice"] == "4d6");
        CHECK(ex->data["radius_ft"] == 10);
        CHECK(has_event(n, "blast_save"));
        CHECK(t.c(fuse).death_saves.dead);
      }
    }
  }
  CHECK(turns == 2);
  CHECK(explosions == 1);
  CHECK(t.c(g).hp < 200);
  CHECK(rules::lit_fuses(t.state()).empty());
  // Its turns are over: the next rounds skip it.
  for (int k = 0; k < 4; ++k) CHECK(find_event(t.run({{"type", "NextTurn"}}), "turn_started")->data["creature"] != fuse);
  // A fuse still burning when the fight ends is put out: no data left behind, a line in the log, undoable.
  t.run({{"type", "LightFuse"}, {"sticks", 3}, {"rounds", 6}});
  REQUIRE(rules::lit_fuses(t.state()).size() == 1);
  const std::string bundle = rules::lit_fuses(t.state())[0].creature;
  const auto& end = t.run({{"type", "EndEncounter"}});
  const Event* doused = find_event(end, "fuse_doused");
  REQUIRE(doused != nullptr);
  CHECK(doused->data["sticks"] == 3);
  CHECK(line(t, *doused, Lang::en) == t.c(bundle).name + ": the fight is over, the fuse is put out.");
  CHECK(rules::lit_fuses(t.state()).empty());
  CHECK_FALSE(t.state().modules.contains("explosives"));
  t.session.undo(1);
  CHECK(rules::lit_fuses(t.state()).size() == 1);
}
