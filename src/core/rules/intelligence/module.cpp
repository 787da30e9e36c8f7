// House rule "Inteligence": INT ≤ 9 cannot read and write (can learn it in play), INT ≤ 6 cannot count (can
// learn it) and can never learn to read and write, INT ≤ 3 cannot speak (calc::intelligence). Intelligence
// points = the positive INT modifier; each buys a skill or tool proficiency, a language, or expertise in a skill
// or tool — only at creation or at a level-up. When INT drops, the newest picks go inactive (derived, nothing is
// deleted) and they come back when INT recovers: active_int_picks().
//
// Commands:
//   PickIntelligence {target, kind: skill | tool | language | expertise, name} — only while the creature's pick
//     window is open and it has a free point
//   RemoveIntelligencePick {target, kind, name}               — DM correction
//   OpenIntelligencePicks {target} / CloseIntelligencePicks {target} — the DM opens / closes the window
//   LearnLiteracy {target, skill: reading | counting}          — learned in play (reading needs INT ≥ 7)
// The window: open at creation (until the DM closes it or the creature levels up) and after each LevelUp (for
// that level, until closed). Campaign data (Campaign::modules["intelligence"]): {"windows": {"<id>": level},
// "closed": {"<id>": true}, "learned": {"<id>": {"reading": true, "counting": true}}}. Per-creature data
// (Creature::modules["intelligence"]): {"picks": [{kind, name, taken_at_level, order}, …]} (absent = none).
#include <algorithm>

#include "core/rules/intelligence/intelligence.hpp"

#include "core/campaign/json_read.hpp"
#include "core/rules/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* M = kIntelligence;
const std::vector<std::string> kKinds = {"skill", "tool", "language", "expertise"};

bool window_open(const Campaign& c, const Creature& x) {
  const json& w = data_at(c, M, "windows", x.id);
  if (w.is_number_integer()) return w.get<int>() == x.level;
  return data_at(c, M, "closed", x.id) != true;
}

std::string fold_name(const std::string& s) {
  std::string out;
  for (char ch : s) out += (ch >= 'A' && ch <= 'Z') ? static_cast<char>(ch - 'A' + 'a') : ch;
  return out;
}

constexpr const char* kPicks = "picks";

std::optional<IntPick> find_pick(const Creature& x, const std::string& kind, const std::string& name) {
  for (auto& p : int_picks_of(x))
    if (p.kind == kind && fold_name(p.name) == fold_name(name)) return p;
  return std::nullopt;
}

// The picks field: a list of picks read strictly (as the base state read them), kinds and names checked.
campaign::DataField picks_field() {
  return {kPicks, "list of {kind: skill | tool | language | expertise, name, taken_at_level, order}", false,
          [](const json& v) {
            std::vector<IntPick> picks;
            campaign::jr::get(v, picks);
            for (size_t i = 0; i < picks.size(); ++i) {
              campaign::jr::PathGuard g(i);
              if (std::find(kKinds.begin(), kKinds.end(), picks[i].kind) == kKinds.end()) {
                campaign::jr::PathGuard gk("kind");
                campaign::jr::fail_value("not_one_of", jobj{"value", picks[i].kind, "allowed", "skill, tool, language, expertise"});
              }
              if (picks[i].name.empty()) {
                campaign::jr::PathGuard gn("name");
                campaign::jr::fail_value("empty");
              }
            }
          },
          /*player_owned*/ true};
}

void apply_int_pick_added(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  json list = creature_data(x, M, kPicks);
  if (!list.is_array()) list = json::array();
  list.push_back(json(d.at("pick").get<IntPick>()));
  set_creature_data(x, M, kPicks, std::move(list));
}

void apply_int_pick_removed(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const std::string kind = d.at("kind").get<std::string>(), name = d.at("name").get<std::string>();
  json list = creature_data(x, M, kPicks);
  if (!list.is_array()) throw std::out_of_range("no pick " + name);
  auto it = std::find_if(list.begin(), list.end(),
                         [&](const json& p) { return p.value("kind", "") == kind && p.value("name", "") == name; });
  if (it == list.end()) throw std::out_of_range("no pick " + name);
  list.erase(it);
  set_creature_data(x, M, kPicks, list.empty() ? json(nullptr) : std::move(list));
}

void check_kind(const std::string& kind) {
  if (std::find(kKinds.begin(), kKinds.end(), kind) == kKinds.end())
    throw UserError("campaign.err.param", jobj{"param", "kind", "expected", "skill | tool | language | expertise"});
}

std::string pick_text(const LogContext& lc, const json& d) {
  std::string kind = d.value("kind", "");
  return label(lc.lang, "rules.int_kind." + kind, kind) + ": " + d.value("name", "");
}

}  // namespace

void to_json(json& j, const IntPick& v) {
  j = v.extra.is_object() ? v.extra : json::object();
  j["kind"] = v.kind, j["name"] = v.name, j["taken_at_level"] = v.taken_at_level, j["order"] = v.order;
}

void from_json(const json& j, IntPick& v) {
  using campaign::jr::field;
  field(j, "kind", v.kind), field(j, "name", v.name), field(j, "taken_at_level", v.taken_at_level);
  field(j, "order", v.order);
  v.extra = campaign::jr::unknown_fields(j, {"kind", "name", "taken_at_level", "order"});
}

std::vector<IntPick> int_picks_of(const Creature& x) {
  std::vector<IntPick> out;
  const json& list = creature_data(x, M, kPicks);
  if (!list.is_array()) return out;
  for (const auto& p : list)
    if (p.is_object()) out.push_back(p.get<IntPick>());
  return out;
}

std::vector<PickState> active_int_picks(const Creature& x) {
  std::vector<PickState> out;
  for (auto& p : int_picks_of(x)) out.push_back({std::move(p), false});
  std::stable_sort(out.begin(), out.end(), [](const PickState& a, const PickState& b) { return a.pick.order < b.pick.order; });
  const int points = calc::intelligence(std::clamp(x.abilities.int_, 1, 30)).points;
  for (size_t i = 0; i < out.size(); ++i) out[i].active = static_cast<int>(i) < points;
  return out;
}

IntelligenceView intelligence_view(const Campaign& c, const Creature& x) {
  IntelligenceView v;
  v.score = x.abilities.int_;
  calc::Intelligence b = calc::intelligence(std::clamp(v.score, 1, 30));
  const json& learned = data_at(c, M, "learned", x.id);
  const bool reading = learned.is_object() && learned.value("reading", false);
  const bool counting = learned.is_object() && learned.value("counting", false);
  v.learned_reading = reading && b.can_learn_reading && !b.can_read_write;
  v.learned_counting = counting && !b.can_count;
  v.can_read_write = b.can_read_write || v.learned_reading;
  v.can_count = b.can_count || v.learned_counting;
  v.can_speak = b.can_speak;
  v.can_learn_reading = b.can_learn_reading;
  v.points = b.points;
  v.picks = active_int_picks(x);
  v.active = static_cast<int>(std::count_if(v.picks.begin(), v.picks.end(), [](const PickState& p) { return p.active; }));
  v.free = std::max(0, v.points - v.active);
  v.window_open = window_open(c, x);
  return v;
}

json to_json(const IntelligenceView& v) {
  json picks = json::array();
  for (const auto& p : v.picks)
    picks.push_back(jobj{"kind", p.pick.kind, "name", p.pick.name, "taken_at_level", p.pick.taken_at_level,
                     "order", p.pick.order, "active", p.active});
  return jobj{"int", v.score,
          "can_read_write", v.can_read_write,
          "can_count", v.can_count,
          "can_speak", v.can_speak,
          "can_learn_reading", v.can_learn_reading,
          "learned_reading", v.learned_reading,
          "learned_counting", v.learned_counting,
          "points", v.points,
          "active", v.active,
          "free", v.free,
          "window_open", v.window_open,
          "picks", picks};
}

Module intelligence() {
  return {M,
          true,
          [](Engine& e) {
            event(
                e, "int_window_opened",
                [](Campaign& c, const json& d) {
                  json& m = data_ref(c, M);
                  const std::string& id = d.at("creature").get_ref<const std::string&>();
                  m["windows"][id] = d.at("level").get<int>();
                  if (m.contains("closed")) m["closed"].erase(id);
                },
                [](const json& d, const LogContext& lc) {
                  if (d.value("free", 0) <= 0) return std::string();
                  return tr(lc.lang, "event.int_window_opened", jobj{"name", name_of(lc, d), "n", d.value("free", 0)});
                });
            event(
                e, "int_window_closed",
                [](Campaign& c, const json& d) {
                  json& m = data_ref(c, M);
                  const std::string& id = d.at("creature").get_ref<const std::string&>();
                  if (m.contains("windows")) m["windows"].erase(id);
                  m["closed"][id] = true;
                });
            event(
                e, "int_pick_added",
                apply_int_pick_added,
                [](const json& d, const LogContext& lc) {
                  return tr(lc.lang, "event.int_pick_added", jobj{"name", name_of(lc, d), "pick", pick_text(lc, d.at("pick"))});
                });
            event(
                e, "int_pick_removed",
                apply_int_pick_removed,
                [](const json& d, const LogContext& lc) {
                  return tr(lc.lang, "event.int_pick_removed", jobj{"name", name_of(lc, d), "pick", pick_text(lc, d)});
                });
            event(
                e, "literacy_learned",
                [](Campaign& c, const json& d) {
                  data_ref(c, M)["learned"][d.at("creature").get<std::string>()][d.at("skill").get<std::string>()] = true;
                },
                [](const json& d, const LogContext& lc) {
                  return tr(lc.lang, d.value("skill", "") == "reading" ? "event.learned_reading" : "event.learned_counting",
                            jobj{"name", name_of(lc, d)});
                });

            e.after("LevelUp", [](Ctx& ctx, const json& cmd) {
              const Creature* x = campaign::find_creature(ctx.state(), param::str(cmd, "target"));
              if (!x) return;
              IntelligenceView v = intelligence_view(ctx.state(), *x);
              ctx.emit("int_window_opened", jobj{"creature", x->id, "level", x->level, "free", v.free});
            });

            command(
                e, "PickIntelligence", {"target", "kind", "name"},
                [](const Campaign& c, const json& cmd) {
                  const Creature& x = actions::require(c, param::str(cmd, "target"));
                  std::string kind = param::str(cmd, "kind"), name = param::str(cmd, "name");
                  check_kind(kind);
                  if (name.size() > 100) throw UserError("state.err.too_long", jobj{"path", "name", "max", 100});
                  if (!window_open(c, x)) throw UserError("rules.err.int_window_closed", jobj{"name", x.name});
                  IntelligenceView v = intelligence_view(c, x);
                  if (v.free <= 0) throw UserError("rules.err.no_int_points", jobj{"name", x.name, "points", v.points});
                  if (find_pick(x, kind, name)) throw UserError("rules.err.int_pick_duplicate", jobj{"name", x.name, "pick", name});
                },
                [](Ctx& ctx, const json& cmd) {
                  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
                  int order = 0;
                  for (const auto& p : int_picks_of(x)) order = std::max(order, p.order);
                  IntPick p;
                  p.kind = param::str(cmd, "kind");
                  p.name = param::str(cmd, "name");
                  p.taken_at_level = x.level;
                  p.order = order + 1;
                  json pj = p;
                  ctx.emit("int_pick_added", jobj{"creature", x.id, "pick", std::move(pj)});
                });
            command(
                e, "RemoveIntelligencePick", {"target", "kind", "name"},
                [](const Campaign& c, const json& cmd) {
                  const Creature& x = actions::require(c, param::str(cmd, "target"));
                  if (!find_pick(x, param::str(cmd, "kind"), param::str(cmd, "name")))
                    throw UserError("rules.err.no_int_pick", jobj{"name", x.name, "pick", param::str(cmd, "name")});
                },
                [](Ctx& ctx, const json& cmd) {
                  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
                  const auto p = find_pick(x, param::str(cmd, "kind"), param::str(cmd, "name"));
                  ctx.emit("int_pick_removed", jobj{"creature", x.id, "kind", p->kind, "name", p->name});
                });
            command(
                e, "OpenIntelligencePicks", {"target"},
                [](const Campaign& c, const json& cmd) { actions::require(c, param::str(cmd, "target")); },
                [](Ctx& ctx, const json& cmd) {
                  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
                  IntelligenceView v = intelligence_view(ctx.state(), x);
                  ctx.emit("int_window_opened", jobj{"creature", x.id, "level", x.level, "free", v.free});
                });
            command(
                e, "CloseIntelligencePicks", {"target"},
                [](const Campaign& c, const json& cmd) { actions::require(c, param::str(cmd, "target")); },
                [](Ctx& ctx, const json& cmd) { ctx.emit("int_window_closed", jobj{"creature", param::str(cmd, "target")}); });
            command(
                e, "LearnLiteracy", {"target", "skill"},
                [](const Campaign& c, const json& cmd) {
                  const Creature& x = actions::require(c, param::str(cmd, "target"));
                  std::string skill = param::str(cmd, "skill");
                  if (skill != "reading" && skill != "counting")
                    throw UserError("campaign.err.param", jobj{"param", "skill", "expected", "reading | counting"});
                  IntelligenceView v = intelligence_view(c, x);
                  if (skill == "reading" && !v.can_learn_reading) throw UserError("rules.err.cannot_learn_reading", jobj{"name", x.name});
                  if ((skill == "reading" && v.can_read_write) || (skill == "counting" && v.can_count))
                    throw UserError("rules.err.already_can", jobj{"name", x.name});
                },
                [](Ctx& ctx, const json& cmd) {
                  ctx.emit("literacy_learned", jobj{"creature", param::str(cmd, "target"), "skill", param::str(cmd, "skill")});
                });
          },
          {.seed = "Inteligence",
           .own_calculators = {intelligence_calculator()},
           .reference = {"hr-intelligence", "hr-intelligence-points"},
           .creature_data = {picks_field()}}};
}

}  // namespace druzina::rules
