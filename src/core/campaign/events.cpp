// The base events: how each one changes the state (apply) and how it reads in the log (render).
//
// apply functions never roll and never run hooks; they read their data strictly (.at(), typed reads), so a
// corrupt or hand-edited history throws instead of half-working. Data formats are listed in docs/engine.md.
//
// [SECTION] helpers
// [SECTION] campaign, settings, creatures
// [SECTION] HP, death, conditions, exhaustion
// [SECTION] time, rests, encounter
// [SECTION] prompts, notes, injuries, projects, tables, module data
#include <algorithm>
#include <cmath>

#include "core/campaign/derived.hpp"
#include "core/campaign/engine.hpp"
#include "core/campaign/json_read.hpp"
#include "core/tables/table.hpp"

namespace druzina::campaign {

namespace {

constexpr const char* kDiedPrefix = "event.died.";
constexpr const char* kDeathSavePrefix = "event.death_save.";
constexpr const char* kDeathSavesPrefix = "event.death_saves.";

// =====================================================================================================
// [SECTION] helpers
// =====================================================================================================
const std::string& s(const json& d, const char* key) { return d.at(key).get_ref<const std::string&>(); }

// A text set into a log line that ends the sentence itself: without its own final full stop (table rows end with
// one), so "… {text}." does not print "..".
std::string without_final_stop(std::string text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n')) text.pop_back();
  while (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}
int i(const json& d, const char* key) {
  int v = 0;
  jr::get(d.at(key), v);
  return v;
}
long long ll(const json& d, const char* key) {
  long long v = 0;
  jr::get(d.at(key), v);
  return v;
}
std::string opt_s(const json& d, const char* key) {
  auto it = d.find(key);
  return it != d.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string name_of(const LogContext& lc, const json& d, const char* key = "creature") {
  std::string id = opt_s(d, key);
  return lc.name ? lc.name(id) : id;
}

std::string translated_or(Lang lang, const std::string& key, const std::string& fallback) {
  return has_key(lang, key) ? tr(lang, key) : fallback;
}

// A key with a variable last part (prefix + cause); the i18n check cannot see these, so every
// variant's key is listed in assets/i18n/*/campaign.json by hand.
std::string prefixed(const char* prefix, const std::string& rest) {
  std::string out = prefix;
  out += rest;
  return out;
}

std::string parenthesized(const std::string& text) {
  std::string out = " (";
  out += text;
  out += ")";
  return out;
}

std::string condition_name(Lang lang, const std::string& id) { return translated_or(lang, "campaign.condition." + id, id); }

// "2 days 3 hours"; `span`: the form after "for" ("na 1 hodinu", "на 1 годину": accusative in cs/uk).
std::string duration_text(Lang lang, long long minutes, bool span = false) {
  long long d = minutes / 1440, h = (minutes % 1440) / 60, m = minutes % 60;
  std::string out;
  auto add = [&](const char* key, long long n) {
    if (!n) return;
    if (!out.empty()) out += " ";
    out += tr(lang, key, {{"n", n}});
  };
  add(span ? "campaign.time.days_span" : "campaign.time.days", d);
  add(span ? "campaign.time.hours_span" : "campaign.time.hours", h);
  add(span ? "campaign.time.minutes_span" : "campaign.time.minutes", m);
  return out.empty() ? tr(lang, "campaign.time.minutes", {{"n", 0}}) : out;
}

std::string clock_text(Lang lang, long long minutes) {
  long long day = minutes / 1440 + 1, h = (minutes % 1440) / 60, m = minutes % 60;
  char hm[16];
  std::snprintf(hm, sizeof hm, "%02lld:%02lld", h, m);
  return tr(lang, "campaign.time.clock", {{"day", day}, {"time", hm}});
}

std::string until_text(const LogContext& lc, const json& until, const std::string& bearer) {
  std::string kind = opt_s(until, "kind");
  std::string turn_of = opt_s(until, "turn_of");
  bool own = turn_of.empty() || turn_of == bearer;
  json args = {{"whose", lc.name ? lc.name(turn_of) : turn_of}};
  if (kind == "end_of_next_turn") return tr(lc.lang, own ? "campaign.until.end_of_own_turn" : "campaign.until.end_of_turn", args);
  if (kind == "start_of_next_turn") return tr(lc.lang, own ? "campaign.until.start_of_own_turn" : "campaign.until.start_of_turn", args);
  if (kind == "rounds") return tr(lc.lang, "campaign.until.rounds", {{"n", until.value("rounds", 0)}});
  if (kind == "minutes") return tr(lc.lang, "campaign.until.minutes", {{"duration", duration_text(lc.lang, until.value("minutes", 0LL), true)}});
  if (kind == "long_rest") return tr(lc.lang, "campaign.until.long_rest");
  return {};
}

void erase_creature_refs(Campaign& c, const std::string& id) {
  if (c.encounter) {
    auto& e = *c.encounter;
    for (size_t k = e.order.size(); k-- > 0;) {
      if (e.order[k].creature != id) continue;
      e.order.erase(e.order.begin() + static_cast<long>(k));
      if (static_cast<int>(k) < e.turn) --e.turn;
    }
    e.legendary.erase(id);
    if (e.order.empty())
      c.encounter.reset();
    else if (e.turn >= static_cast<int>(e.order.size()))
      e.turn = 0;
  }
  c.prompts.erase(std::remove_if(c.prompts.begin(), c.prompts.end(), [&](const Prompt& p) { return p.creature == id; }),
                  c.prompts.end());
  for (auto& n : c.notes)
    if (n.creature == id) n.creature.clear();
  for (auto& p : c.projects) p.owners.erase(std::remove(p.owners.begin(), p.owners.end(), id), p.owners.end());
}

// JSON merge patch applied to a struct through its JSON form.
template <class T>
void patch_struct(T& target, const json& patch) {
  if (!patch.is_object()) throw std::invalid_argument("patch must be an object");
  json j = target;
  j.merge_patch(patch);
  T fresh;
  from_json(j, fresh);
  std::swap(target, fresh);
}

void reg(Engine& e, const char* type, std::function<void(Campaign&, const json&)> apply,
         std::function<std::string(const json&, const LogContext&)> render = {}, bool silent = false) {
  EventDef def;
  def.apply = std::move(apply);
  def.render = std::move(render);
  def.silent = silent;
  e.register_event(type, std::move(def));
}

}  // namespace

void register_base_events(Engine& e) {
  // =====================================================================================================
  // [SECTION] campaign, settings, creatures
  // =====================================================================================================
  reg(
      e, "campaign_created",
      [](Campaign& c, const json& d) {
        c.name = s(d, "name");
        Settings st;
        jr::get(d.at("settings"), st);
        c.settings = std::move(st);
      },
      [](const json& d, const LogContext& lc) { return tr(lc.lang, "event.campaign_created", {{"campaign", s(d, "name")}}); });

  reg(
      e, "settings_changed",
      [](Campaign& c, const json& d) {
        if (d.contains("name")) c.name = s(d, "name");
        patch_struct(c.settings, d.at("patch"));
      },
      [](const json& d, const LogContext& lc) {
        std::string fields;
        if (d.contains("name")) fields = tr(lc.lang, "campaign.field.name");
        for (auto it = d.at("patch").begin(); it != d.at("patch").end(); ++it)
          fields += (fields.empty() ? "" : ", ") + translated_or(lc.lang, "campaign.setting." + it.key(), it.key());
        return tr(lc.lang, "event.settings_changed", {{"fields", fields}});
      });

  reg(
      e, "creature_added",
      [](Campaign& c, const json& d) {
        Creature x;
        jr::get(d.at("creature"), x);
        if (find_creature(c, x.id)) throw std::invalid_argument("duplicate creature id " + x.id);
        claim_id(c, x.id);
        c.creatures.push_back(std::move(x));
      },
      [](const json& d, const LogContext& lc) {
        const json& cr = d.at("creature");
        json args = {{"name", cr.value("name", "")},
                     {"kind", translated_or(lc.lang, "campaign.kind." + cr.value("kind", "pc"), cr.value("kind", "pc"))},
                     {"hp", cr.value("max_hp", 1)}};
        auto roll = d.find("hp_roll");
        if (roll != d.end() && roll->contains("text")) {
          args["roll"] = roll->value("text", "");
          return tr(lc.lang, "event.creature_added_rolled", args);
        }
        if (roll != d.end()) {
          args["expr"] = roll->value("expr", "");
          return tr(lc.lang, "event.creature_added_average", args);
        }
        return tr(lc.lang, "event.creature_added", args);
      });

  reg(
      e, "creature_updated",
      [](Campaign& c, const json& d) { patch_struct(creature_ref(c, s(d, "creature")), d.at("patch")); },
      [](const json& d, const LogContext& lc) {
        std::string fields;
        for (auto it = d.at("patch").begin(); it != d.at("patch").end(); ++it)
          fields += (fields.empty() ? "" : ", ") + translated_or(lc.lang, "campaign.field." + it.key(), it.key());
        return tr(lc.lang, "event.creature_updated", {{"name", name_of(lc, d)}, {"fields", fields}});
      });

  reg(
      e, "creature_removed",
      [](Campaign& c, const json& d) {
        const std::string& id = s(d, "creature");
        auto it = std::find_if(c.creatures.begin(), c.creatures.end(), [&](const Creature& x) { return x.id == id; });
        if (it == c.creatures.end()) throw std::out_of_range("no creature " + id);
        c.creatures.erase(it);
        erase_creature_refs(c, id);
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.creature_removed", {{"name", d.value("name", name_of(lc, d))}});
      });

  // =====================================================================================================
  // [SECTION] HP, death, conditions, exhaustion
  // =====================================================================================================
  reg(
      e, "hp_changed",
      [](Campaign& c, const json& d) {
        Creature& x = creature_ref(c, s(d, "creature"));
        x.hp = i(d, "new");
        if (d.contains("temp_new")) x.temp_hp = i(d, "temp_new");  // absent: temp HP untouched
      },
      [](const json& d, const LogContext& lc) {
        std::string cause = opt_s(d, "cause");
        json args = d;
        args["name"] = name_of(lc, d);
        args["gained"] = d.value("new", 0) - d.value("old", 0);
        std::string type = opt_s(d, "damage_type");
        args["damage_type"] = type.empty() ? std::string() : parenthesized(translated_or(lc.lang, "campaign.damage." + type, type));
        if (cause == "damage" || (d.contains("damage_type") && cause != "temp_hp")) {
          bool temp = d.value("temp_old", 0) != d.value("temp_new", 0);
          return tr(lc.lang, temp ? "event.damage_temp" : "event.damage", args);
        }
        if (cause == "temp_hp") return tr(lc.lang, "event.temp_hp", args);
        if (cause == "heal" || cause == "hit_dice") return tr(lc.lang, "event.heal", args);
        if (cause == "death_save_20") return std::string();  // the death-save line says it
        return tr(lc.lang, "event.hp_set", args);
      });

  reg(
      e, "died",
      [](Campaign& c, const json& d) {
        Creature& x = creature_ref(c, s(d, "creature"));
        x.death_saves.dead = true;
        x.death_saves.stable = false;
      },
      [](const json& d, const LogContext& lc) {
        std::string specific = prefixed(kDiedPrefix, opt_s(d, "cause"));
        return tr(lc.lang, has_key(lc.lang, specific) ? specific : "event.died", {{"name", name_of(lc, d)}});
      });

  reg(
      e, "death_saves_set",
      [](Campaign& c, const json& d) {
        Creature& x = creature_ref(c, s(d, "creature"));
        x.death_saves.successes = i(d, "successes");
        x.death_saves.failures = i(d, "failures");
        x.death_saves.stable = d.at("stable").get<bool>();
      },
      [](const json& d, const LogContext& lc) {
        std::string cause = opt_s(d, "cause");
        json args = d;
        args["name"] = name_of(lc, d);
        if (cause == "roll") return tr(lc.lang, prefixed(kDeathSavePrefix, opt_s(d, "outcome")), args);
        // A success / failure the table told without a die: event.death_save.result_success …
        if (cause == "result") return tr(lc.lang, prefixed(kDeathSavePrefix, "result_" + opt_s(d, "outcome")), args);
        if (cause == "healed") return std::string();
        std::string specific = prefixed(kDeathSavesPrefix, cause);
        return has_key(lc.lang, specific) ? tr(lc.lang, specific, args) : std::string();
      });

  reg(
      e, "condition_added",
      [](Campaign& c, const json& d) {
        Creature& x = creature_ref(c, s(d, "creature"));
        Condition cond;
        jr::get(d.at("condition"), cond);
        auto it = std::find_if(x.conditions.begin(), x.conditions.end(),
                               [&](const Condition& y) { return y.id == cond.id && y.source == cond.source; });
        if (it != x.conditions.end())
          *it = std::move(cond);
        else
          x.conditions.push_back(std::move(cond));
      },
      [](const json& d, const LogContext& lc) {
        const json& cond = d.at("condition");
        std::string until = until_text(lc, cond.value("until", json::object()), opt_s(d, "creature"));
        return tr(lc.lang, "event.condition_added",
                  {{"name", name_of(lc, d)},
                   {"condition", condition_name(lc.lang, cond.value("id", ""))},
                   {"until", until.empty() ? std::string() : parenthesized(until)}});
      });

  reg(
      e, "condition_removed",
      [](Campaign& c, const json& d) {
        Creature& x = creature_ref(c, s(d, "creature"));
        const std::string& id = s(d, "condition");
        std::string source = opt_s(d, "source");
        auto it = std::find_if(x.conditions.begin(), x.conditions.end(),
                               [&](const Condition& y) { return y.id == id && y.source == source; });
        if (it == x.conditions.end()) throw std::out_of_range("no condition " + id);
        x.conditions.erase(it);
      },
      [](const json& d, const LogContext& lc) {
        std::string reason = opt_s(d, "reason");
        if (reason == "healed") return std::string();
        json args = {{"name", name_of(lc, d)}, {"condition", condition_name(lc.lang, opt_s(d, "condition"))}};
        return tr(lc.lang, reason == "removed" ? "event.condition_removed" : "event.condition_ended", args);
      });

  reg(
      e, "exhaustion_changed",
      [](Campaign& c, const json& d) {
        Creature& x = creature_ref(c, s(d, "creature"));
        x.exhaustion = i(d, "new");
        std::map<std::string, int> sources;
        jr::get(d.at("sources"), sources);
        x.exhaustion_sources = std::move(sources);
      },
      [](const json& d, const LogContext& lc) {
        json args = {{"name", name_of(lc, d)}, {"old", d.value("old", 0)}, {"new", d.value("new", 0)}};
        std::string src = opt_s(d, "source");
        args["source"] = src.empty() ? std::string() : parenthesized(translated_or(lc.lang, "campaign.source." + src, src));
        return tr(lc.lang, "event.exhaustion_changed", args);
      });

  // =====================================================================================================
  // [SECTION] time, rests, encounter
  // =====================================================================================================
  reg(
      e, "time_advanced",
      [](Campaign& c, const json& d) {
        long long to = ll(d, "to");
        if (to < c.minutes) throw std::invalid_argument("time runs backwards");
        c.minutes = to;
      },
      [](const json& d, const LogContext& lc) {
        long long from = d.value("from", 0LL), to = d.value("to", 0LL);
        return tr(lc.lang, "event.time_advanced",
                  {{"duration", duration_text(lc.lang, to - from)}, {"clock", clock_text(lc.lang, to)}});
      });

  reg(
      e, "hit_dice_spent",
      [](Campaign& c, const json& d) { creature_ref(c, s(d, "creature")).hit_dice_used = i(d, "used"); },
      [](const json& d, const LogContext& lc) {
        std::string rolls;
        for (const auto& r : d.value("rolls", json::array())) rolls += (rolls.empty() ? "" : ", ") + r.dump();
        int con = d.value("con_mod", 0);
        return tr(lc.lang, "event.hit_dice_spent",
                  {{"name", name_of(lc, d)},
                   {"n", d.value("dice", 0)},
                   {"die", d.value("die", 0)},
                   {"rolls", rolls},
                   {"con", con >= 0 ? std::string(1, '+').append(std::to_string(con)) : std::to_string(con)},
                   {"healed", d.value("healed", 0)}});
      });

  reg(
      e, "long_rest_applied",
      [](Campaign& c, const json& d) {
        Creature& x = creature_ref(c, s(d, "creature"));
        x.hp = i(d, "hp");
        x.temp_hp = i(d, "temp_hp");
        x.hit_dice_used = i(d, "hit_dice_used");
        x.death_saves.successes = x.death_saves.failures = 0;
        x.death_saves.stable = false;
        x.potions_drunk_since_long_rest = 0;
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.long_rest_applied",
                  {{"name", name_of(lc, d)}, {"hp", d.value("hp", 0)}, {"n", d.value("recovered", 0)}});
      });

  reg(
      e, "rest_skipped", [](Campaign&, const json&) {},
      [](const json& d, const LogContext& lc) { return tr(lc.lang, "event.rest_skipped", {{"name", name_of(lc, d)}}); });

  reg(
      e, "rest_finished", [](Campaign&, const json&) {},
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, opt_s(d, "kind") == "long" ? "event.long_rest_finished" : "event.short_rest_finished");
      });

  reg(
      e, "encounter_started",
      [](Campaign& c, const json& d) {
        Encounter enc;
        jr::get(d.at("order"), enc.order);
        if (enc.order.empty()) throw std::invalid_argument("empty initiative order");
        for (const auto& entry : enc.order) creature_ref(c, entry.creature);
        enc.round = 1;
        enc.turn = 0;
        c.encounter = std::move(enc);
      },
      [](const json& d, const LogContext& lc) {
        std::string order;
        for (const auto& entry : d.at("order")) {
          std::string who = lc.name ? lc.name(entry.value("creature", "")) : entry.value("creature", "");
          if (entry.value("lair", false)) who = tr(lc.lang, "campaign.lair", {{"name", who}});
          order += (order.empty() ? "" : ", ") + who + " " + std::to_string(entry.value("initiative", 0));
        }
        return tr(lc.lang, "event.encounter_started", {{"order", order}});
      });

  reg(
      e, "round_started",
      [](Campaign& c, const json& d) {
        if (!c.encounter) throw std::logic_error("no encounter");
        c.encounter->round = i(d, "round");
      },
      [](const json& d, const LogContext& lc) { return tr(lc.lang, "event.round_started", {{"round", d.value("round", 0)}}); });

  reg(
      e, "turn_started",
      [](Campaign& c, const json& d) {
        if (!c.encounter) throw std::logic_error("no encounter");
        auto& enc = *c.encounter;
        int turn = i(d, "turn");
        if (turn < 0 || turn >= static_cast<int>(enc.order.size())) throw std::out_of_range("turn");
        enc.turn = turn;
        enc.round = i(d, "round");
        if (!d.value("lair", false)) {
          const Creature& x = creature_ref(c, s(d, "creature"));
          if (x.legendary_actions > 0) enc.legendary[x.id] = x.legendary_actions;
        }
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, d.value("lair", false) ? "event.lair_turn" : "event.turn_started", {{"name", name_of(lc, d)}});
      });

  reg(
      e, "turn_ended", [](Campaign& c, const json&) {
        if (!c.encounter) throw std::logic_error("no encounter");
      },
      {}, true);

  reg(
      e, "turn_moved",
      [](Campaign& c, const json& d) {
        if (!c.encounter) throw std::logic_error("no encounter");
        int turn = i(d, "turn");
        if (turn < 0 || turn >= static_cast<int>(c.encounter->order.size())) throw std::out_of_range("turn");
        c.encounter->turn = turn;
        c.encounter->round = i(d, "round");
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.turn_moved", {{"name", name_of(lc, d)}, {"round", d.value("round", 0)}});
      });

  reg(
      e, "encounter_ended", [](Campaign& c, const json&) { c.encounter.reset(); },
      [](const json& d, const LogContext& lc) { return tr(lc.lang, "event.encounter_ended", {{"n", d.value("rounds", 0)}}); });

  reg(
      e, "legendary_used",
      [](Campaign& c, const json& d) {
        if (!c.encounter) throw std::logic_error("no encounter");
        c.encounter->legendary[s(d, "creature")] = i(d, "left");
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.legendary_used", {{"name", name_of(lc, d)}, {"n", d.value("left", 0)}});
      });

  reg(
      e, "inspiration_set",
      [](Campaign& c, const json& d) { creature_ref(c, s(d, "creature")).inspiration = d.at("value").get<bool>(); },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, d.value("value", false) ? "event.inspiration_gained" : "event.inspiration_lost",
                  {{"name", name_of(lc, d)}});
      });

  reg(
      e, "legendary_resistance_used",
      [](Campaign& c, const json& d) {
        Creature& x = creature_ref(c, s(d, "creature"));
        const int used = i(d, "used");
        if (used < 0 || used > x.legendary_resistances) throw std::out_of_range("legendary_resistances_used");
        x.legendary_resistances_used = used;
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.legendary_resistance_used", {{"name", name_of(lc, d)}, {"n", d.value("left", 0)}});
      });

  reg(
      e, "legendary_resistances_reset",
      [](Campaign& c, const json& d) { creature_ref(c, s(d, "creature")).legendary_resistances_used = 0; },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.legendary_resistances_reset", {{"name", name_of(lc, d)}, {"n", d.value("n", 0)}});
      });

  reg(
      e, "hero_points_set", [](Campaign& c, const json& d) { creature_ref(c, s(d, "creature")).hero_points = i(d, "new"); },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.hero_points_set",
                  {{"name", name_of(lc, d)}, {"old", d.value("old", 0)}, {"new", d.value("new", 0)}});
      });

  // =====================================================================================================
  // [SECTION] prompts, notes, injuries, projects, tables, module data
  // =====================================================================================================
  auto question = [](const LogContext& lc, const json& d) {
    std::string kind = opt_s(d, "kind");
    json args = d.value("data", json::object());
    if (!args.is_object()) args = json::object();
    args["name"] = name_of(lc, d);
    std::string key = "prompt." + kind;
    return has_key(lc.lang, key) ? tr(lc.lang, key, args) : kind;
  };

  reg(
      e, "prompt_created",
      [](Campaign& c, const json& d) {
        Prompt p;
        jr::get(d.at("prompt"), p);
        if (find_prompt(c, p.id)) throw std::invalid_argument("duplicate prompt id " + p.id);
        if (!p.creature.empty()) creature_ref(c, p.creature);
        claim_id(c, p.id);
        c.prompts.push_back(std::move(p));
      },
      [question](const json& d, const LogContext& lc) {
        const json& p = d.at("prompt");
        return tr(lc.lang, "event.prompt_created", {{"question", question(lc, p)}});
      });

  auto remove_prompt = [](Campaign& c, const json& d) {
    const std::string& id = s(d, "prompt");
    auto it = std::find_if(c.prompts.begin(), c.prompts.end(), [&](const Prompt& p) { return p.id == id; });
    if (it == c.prompts.end()) throw std::out_of_range("no prompt " + id);
    c.prompts.erase(it);
  };

  reg(e, "prompt_resolved", remove_prompt, [question](const json& d, const LogContext& lc) {
    json args = {{"question", question(lc, d)}};
    if (d.contains("choice")) {
      args["choice"] = d.at("choice").is_string() ? d.at("choice").get<std::string>() : d.at("choice").dump();
      return tr(lc.lang, "event.prompt_choice", args);
    }
    args["total"] = d.value("total", 0);
    if (d.contains("dc")) {
      args["dc"] = d.value("dc", 0);
      return tr(lc.lang, d.value("success", false) ? "event.prompt_success" : "event.prompt_failure", args);
    }
    return tr(lc.lang, "event.prompt_roll", args);
  });

  reg(e, "prompt_dismissed", remove_prompt, [question](const json& d, const LogContext& lc) {
    return tr(lc.lang, "event.prompt_dismissed", {{"question", question(lc, d)}});
  });

  reg(
      e, "note_added",
      [](Campaign& c, const json& d) {
        Note n;
        jr::get(d.at("note"), n);
        if (!n.creature.empty()) creature_ref(c, n.creature);
        claim_id(c, n.id);
        c.notes.push_back(std::move(n));
      },
      [](const json& d, const LogContext& lc) {
        const json& n = d.at("note");
        return tr(lc.lang, n.value("secret", false) ? "event.secret_note_added" : "event.note_added",
                  {{"text", n.value("text", "")}});
      });

  reg(
      e, "note_removed",
      [](Campaign& c, const json& d) {
        const std::string& id = s(d, "note");
        auto it = std::find_if(c.notes.begin(), c.notes.end(), [&](const Note& n) { return n.id == id; });
        if (it == c.notes.end()) throw std::out_of_range("no note " + id);
        c.notes.erase(it);
      },
      [](const json&, const LogContext& lc) { return tr(lc.lang, "event.note_removed"); });

  reg(
      e, "injury_added",
      [](Campaign& c, const json& d) {
        Creature& x = creature_ref(c, s(d, "creature"));
        Injury inj;
        jr::get(d.at("injury"), inj);
        claim_id(c, inj.id);
        x.injuries.push_back(std::move(inj));
      },
      [](const json& d, const LogContext& lc) {
        Text t;
        jr::get(d.at("injury").value("text", json::object()), t);
        return tr(lc.lang, "event.injury_added", {{"name", name_of(lc, d)}, {"text", without_final_stop(t.in(lc.lang))}});
      });

  reg(
      e, "injury_cured",
      [](Campaign& c, const json& d) {
        Creature& x = creature_ref(c, s(d, "creature"));
        const std::string& id = s(d, "injury");
        auto it = std::find_if(x.injuries.begin(), x.injuries.end(), [&](const Injury& j) { return j.id == id; });
        if (it == x.injuries.end()) throw std::out_of_range("no injury " + id);
        it->cured = true;
        if (d.contains("scar")) {
          Scar sc;
          jr::get(d.at("scar"), sc);
          x.scars.push_back(std::move(sc));
        }
      },
      [](const json& d, const LogContext& lc) {
        json args = {{"name", name_of(lc, d)}, {"injury", opt_s(d, "injury")}};
        if (d.contains("scar")) {
          Text t;
          jr::get(d.at("scar").value("text", json::object()), t);
          args["scar"] = t.in(lc.lang);
          return tr(lc.lang, "event.injury_cured_scar", args);
        }
        return tr(lc.lang, "event.injury_cured", args);
      });

  reg(
      e, "project_added",
      [](Campaign& c, const json& d) {
        Project p;
        jr::get(d.at("project"), p);
        for (const auto& o : p.owners) creature_ref(c, o);
        claim_id(c, p.id);
        c.projects.push_back(std::move(p));
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.project_added", {{"project", d.at("project").value("name", "")}});
      });

  auto project_ref = [](Campaign& c, const std::string& id) -> Project& {
    for (auto& p : c.projects)
      if (p.id == id) return p;
    throw std::out_of_range("no project " + id);
  };
  reg(
      e, "project_updated", [project_ref](Campaign& c, const json& d) { patch_struct(project_ref(c, s(d, "project")), d.at("patch")); },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.project_updated", {{"project", d.value("name", opt_s(d, "project"))}});
      });
  reg(
      e, "project_removed",
      [](Campaign& c, const json& d) {
        const std::string& id = s(d, "project");
        auto it = std::find_if(c.projects.begin(), c.projects.end(), [&](const Project& p) { return p.id == id; });
        if (it == c.projects.end()) throw std::out_of_range("no project " + id);
        c.projects.erase(it);
      },
      [](const json& d, const LogContext& lc) {
        return tr(lc.lang, "event.project_removed", {{"project", d.value("name", opt_s(d, "project"))}});
      });

  reg(
      e, "table_rolled", [](Campaign&, const json&) {},
      [](const json& d, const LogContext& lc) {
        Text t;
        if (d.contains("text")) jr::get(d.at("text"), t);
        std::string table = opt_s(d, "table");
        json args = {{"table", tables::has_table(table) ? tables::table(table).title.in(lc.lang) : table},
                     {"roll", d.value("roll", 0)},
                     {"text", t.in(lc.lang)}};
        if (d.contains("creature")) {
          args["name"] = name_of(lc, d);
          return tr(lc.lang, "event.table_rolled_for", args);
        }
        return tr(lc.lang, "event.table_rolled", args);
      });

  reg(
      e, "module_data_set",
      [](Campaign& c, const json& d) {
        const std::string& m = s(d, "module");
        const json& patch = d.at("patch");
        if (!c.modules.contains(m)) c.modules[m] = json::object();
        c.modules[m].merge_patch(patch);
        if (c.modules[m].is_null()) c.modules.erase(m);
      },
      {}, true);
}

}  // namespace druzina::campaign
