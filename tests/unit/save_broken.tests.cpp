// Broken saves are refused with a clear message and never half-applied.
#include "../scenario/campaign_fixture.hpp"
#include "core/io/save.hpp"

using namespace druzina;
using namespace druzina::test;

namespace {
std::string good_save() {
  BaseTable t(8);
  t.run({{"type", "CreateCampaign"}, {"name", "Les"}});
  std::string m = t.pc("Mira", 17);
  t.run({{"type", "AddCreature"}, {"name", "Goblin"}, {"kind", "monster"}, {"hp", "2d6"}, {"count", 2}});
  t.run({{"type", "ApplyDamage"}, {"target", m}, {"amount", 5}});
  t.session.set_tail_limit(2);  // two creatures in the snapshot, two transactions in the tail
  return io::save(t.session);
}

// Loads text into `session` the way the app does: assign only on success.
std::string try_load(Session& session, const std::string& text) {
  return error_key([&] { session = io::load(text); });
}
}  // namespace

TEST_CASE("broken saves: refused with a message, the previous session untouched", "[save][broken]") {
  const std::string good = good_save();
  Session session = io::load(good);
  const json before = to_j(session.state());
  const json doc = json::parse(good).at("body");  // the save document inside the checksummed envelope

  struct Case {
    const char* what;
    std::function<std::string()> text;
    const char* key;
    const char* says;  // a piece of the English message
  };
  auto edited = [&](std::function<void(json&)> f) {
    return [&doc, f] {
      json d = doc;
      f(d);
      return d.dump();
    };
  };
  std::vector<Case> cases = {
      {"truncated JSON", [&] { return good.substr(0, good.size() / 2); }, "save.err.not_json", "line 1, column"},
      {"not JSON at all", [] { return std::string("hello\nworld"); }, "save.err.not_json", "line 1"},
      {"a JSON array", [] { return std::string("[1,2]"); }, "save.err.not_druzina", "Družina"},
      {"another app's file", edited([](json& d) { d["app"] = "foundry"; }), "save.err.not_druzina", "Družina"},
      {"no schema version", edited([](json& d) { d.erase("schemaVersion"); }), "save.err.no_version", "schemaVersion"},
      {"a newer schema", edited([](json& d) { d["schemaVersion"] = 99; }), "save.err.too_new", "99"},
      {"hp of the wrong type", edited([](json& d) { d["snapshot"]["creatures"][0]["hp"] = "full"; }), "save.err.invalid",
       "snapshot.creatures[0].hp"},
      {"negative hp", edited([](json& d) { d["snapshot"]["creatures"][0]["hp"] = -4; }), "save.err.invalid",
       "snapshot.creatures[0].hp"},
      {"hp above the maximum", edited([](json& d) { d["snapshot"]["creatures"][0]["hp"] = 999; }), "save.err.invalid", "maximum"},
      {"an event about an unknown creature",
       edited([](json& d) { d["tail"][1]["events"][0]["data"]["creature"] = "c42"; }), "save.err.bad_event", "c42"},
      {"an event that makes hp negative",
       edited([](json& d) { d["tail"][1]["events"][0]["data"]["new"] = -5; }), "save.err.invalid", "hp"},
      {"an unknown event type", edited([](json& d) { d["tail"][0]["events"][0]["type"] = "dragon_arrives"; }),
       "save.err.bad_event", "dragon_arrives"},
      {"transactions out of order", edited([](json& d) { std::swap(d["tail"][0], d["tail"][1]); }), "save.err.bad_history", "transaction"},
      {"a tail that is not a list", edited([](json& d) { d["tail"] = {{"id", 1}}; }), "save.err.invalid", "tail"},
      {"a transaction without a command", edited([](json& d) { d["tail"][0].erase("command"); }), "save.err.invalid", "tail[0].command"},
      {"an encounter naming a missing creature",
       edited([](json& d) {
         d["snapshot"]["encounter"] = {{"order", {{{"creature", "c77"}, {"initiative", 3}}}}, {"round", 1}, {"turn", 0}};
       }),
       "save.err.invalid", "c77"},
      {"a broken redo stack", edited([](json& d) { d["redo"] = json::array({d["tail"][0]}); }), "save.err.bad_history", "redo"},
      {"a bad tail limit", edited([](json& d) { d["tailLimit"] = 0; }), "save.err.invalid", "tailLimit"},
  };
  for (const auto& k : cases) {
    SECTION(k.what) {
      std::string text = k.text();
      std::string key = try_load(session, text);
      REQUIRE(key == k.key);
      try {
        io::load(text);
      } catch (const UserError& e) {
        std::string en = e.message(Lang::en);
        INFO(en);
        REQUIRE(en.find(k.says) != std::string::npos);
        for (Lang lang : kLangs) REQUIRE(e.message(lang).find("save.err") == std::string::npos);
      }
      REQUIRE(to_j(session.state()) == before);
    }
  }
}

TEST_CASE("broken saves: the message is translated", "[save][broken]") {
  try {
    io::load("{\"app\": \"druzina\", \"schemaVersion\": 2, \"snapshot\": {\"creatures\": [{\"id\": \"c1\", \"name\": \"A\", \"hp\": true}], \"next_id\": 2}}");
    FAIL("accepted");
  } catch (const UserError& e) {
    REQUIRE(e.message(Lang::cs) == "Uložená kampaň je poškozená: snapshot.creatures[0].hp: očekává se integer.");
    REQUIRE(e.message(Lang::en) == "The save is damaged: snapshot.creatures[0].hp: expected integer.");
    REQUIRE(e.message(Lang::uk).rfind("Збереження пошкоджене: snapshot.creatures[0].hp", 0) == 0);
  }
}

TEST_CASE("broken saves: random damage either loads a valid campaign or is refused, never crashes", "[save][broken]") {
  const json doc = json::parse(good_save()).at("body");
  // every value's location in the document
  std::vector<json::json_pointer> paths;
  std::function<void(const json&, json::json_pointer)> walk = [&](const json& j, json::json_pointer at) {
    paths.push_back(at);
    if (j.is_object())
      for (auto it = j.begin(); it != j.end(); ++it) walk(it.value(), at / it.key());
    else if (j.is_array())
      for (size_t i = 0; i < j.size(); ++i) walk(j[i], at / i);
  };
  walk(doc, json::json_pointer());
  Rng rng(2024);
  const json replacements[] = {nullptr, -1, 0, 1000000, 2.5, "", "c9", "x", true, json::array(), json::object(), 1e300};
  int loaded = 0, refused = 0;
  for (int i = 0; i < 1500; ++i) {
    json d = doc;
    for (int k = 0, n = 1 + static_cast<int>(rng.below(3)); k < n; ++k) {
      const auto& p = paths[rng.below(static_cast<std::uint32_t>(paths.size()))];
      if (p.empty() || !d.contains(p)) continue;  // gone with an earlier change
      if (rng.below(4) == 0) {
        json& parent = d.at(p.parent_pointer());
        if (parent.is_object()) parent.erase(p.back());
        else if (parent.is_array() && !parent.empty()) parent.erase(parent.size() - 1);
      } else if (d.contains(p)) {
        d.at(p) = replacements[rng.below(12)];
      }
    }
    std::string text = d.dump();
    if (rng.below(10) == 0) text = text.substr(0, rng.below(static_cast<std::uint32_t>(text.size())));
    try {
      Session s = io::load(text, base_engine());
      validate_campaign(s.state());  // whatever loads is valid
      ++loaded;
    } catch (const UserError& e) {
      REQUIRE(e.key().rfind("save.err.", 0) == 0);
      ++refused;
    }
  }
  REQUIRE(loaded + refused == 1500);
  REQUIRE(refused > 500);
}
