// The creature editor (see party_edit.hpp).
//
// Index:
//   [SECTION] the form's parts: kind, class, scores
//   [SECTION] saving
//   [SECTION] opening and drawing the editor
#include "ui/screens/party/party_edit.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/campaign/derived.hpp"
#include "core/dice/dice.hpp"
#include "core/error.hpp"
#include "core/rules/classes/classes.hpp"
#include "core/rules/rules.hpp"
#include "ui/model.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/number_pad.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

using nlohmann::json;

namespace {

const char* const kKinds[] = {"pc", "monster", "npc", "sidekick"};
const char* const kSizes[] = {"tiny", "small", "medium", "large", "huge", "gargantuan"};
const int kHitDice[] = {6, 8, 10, 12};

struct Draft {
  bool open = false;
  std::string editing;  // creature id, "" = new
  std::string kind = "pc";
  std::string name;
  std::string race;
  int level = 1, max_hp = 10, ac = 10, speed = 30, count = 1, legendary = 0;
  int legendary_res = 0;  // legendary resistances per day
  int abilities[6] = {10, 10, 10, 10, 10, 10};
  int hit_die = 1;      // index into kHitDice; -1 = none
  int size = 2;         // medium
  int hp_mode = 0;      // 0 number, 1 dice
  int hp_roll = 0;      // 0 roll, 1 average
  std::string hp_expr = "2d6";
  int init = 0;
  bool init_given = false;  // the creature had its own initiative bonus (edit) — keep sending it
  bool more = false;        // the extra fields are unfolded
  // class (module "classes"): an SRD id, or the text typed under "Other…"
  std::string cls, cls_text, subclass;
  bool cls_other = false;
  std::string cls_before;        // edit: the class it had
  int method = -1;               // scores: 0 typed, 1 standard array, 2 point buy, 3 rolled; -1 none yet
  std::string rolled;            // "3+5+6 (2)" … of the last 4d6 roll
  int auto_hp = -1;              // the HP the class filled in (kept following it until the stepper changes it)
  bool init_follows = true;      // new character: the initiative bonus follows DEX until it is changed
};

Draft& draft() {
  static Draft d;
  return d;
}

// [SECTION] the form's parts: kind, class, scores ---------------------------------------------------------------------
// The dice expression's problem, or "" when it is fine; `info` gets "average 7, 2–12".
std::string check_dice(const std::string& expr, std::string& info) {
  info.clear();
  if (expr.empty()) return T("ui.edit.hp_expr_empty");
  try {
    dice::validate(expr);
    dice::Stats s = dice::stats(expr);
    char buf[96];
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(std::floor(s.mean)));
    info = Tf("ui.edit.hp_expr_info", jobj{"avg", buf, "min", static_cast<long long>(s.min), "max", static_cast<long long>(s.max)});
    if (s.max < 1) return T("ui.edit.hp_expr_low");
    return {};
  } catch (const UserError& e) {
    return e.message(ui().lang);
  } catch (const std::exception& e) {
    return e.what();
  }
}

void kind_grid(Draft& d) {
  const float w = split_width(2);
  for (int i = 0; i < 4; ++i) {
    if (i % 2) ImGui::SameLine();
    std::string key = std::string("ui.edit.kind.") + kKinds[i];
    if (toggle_button(T(key), d.kind == kKinds[i], std::string("edit.kind.") + kKinds[i], ImVec2(w, kTouchTarget))) {
      d.kind = kKinds[i];
      if (d.kind == "monster" && d.editing.empty()) d.hit_die = -1;
      if (d.kind != "monster" && d.hit_die < 0) d.hit_die = 1;
    }
  }
}

void abilities_block(Draft& d) {
  for (int i = 0; i < 6; ++i) {
    std::string label = std::string(T(std::string("ui.ability.") + kAbilityIds[i])) + "  (" +
                        (campaign::ability_modifier(d.abilities[i]) >= 0 ? "+" : "") +
                        std::to_string(campaign::ability_modifier(d.abilities[i])) + ")";
    const bool buy = d.method == 2;
    stepper(std::string("edit.ability.") + kAbilityIds[i], d.abilities[i], buy ? 8 : 1, buy ? 15 : 30, {.label = label.c_str()});
  }
}

std::string draft_class(const Draft& d) { return d.cls_other ? d.cls_text : d.cls; }

void set_scores(Draft& d, const std::array<int, 6>& a) {
  for (int i = 0; i < 6; ++i) d.abilities[i] = a[static_cast<size_t>(i)];
}

// The class grid: the twelve SRD classes, three a row, then "Other…" with a text field; the hit die follows.
void class_block(Draft& d) {
  section(T("ui.classes.class"));
  const auto& ids = rules::srd_classes();
  const float w = split_width(3);
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i % 3) ImGui::SameLine();
    const bool on = !d.cls_other && d.cls == ids[i];
    if (toggle_button(rules::class_name(ui().lang, ids[i]).c_str(), on, "edit.class." + ids[i], ImVec2(w, kTouchTarget))) {
      d.cls_other = false;
      d.cls = on ? std::string() : ids[i];
      if (d.method == 1) set_scores(d, calc::standard_array_for(d.cls));
      for (int k = 0; k < 4; ++k)
        if (kHitDice[k] == rules::class_hit_die(d.cls)) d.hit_die = k;
    }
  }
  if (toggle_button(T("ui.classes.other"), d.cls_other, "edit.class.other", ImVec2(w, kTouchTarget))) {
    d.cls_other = !d.cls_other;
    d.cls.clear();
  }
  if (d.cls_other) {
    text_field("##cls_text", T("ui.classes.other_hint"), d.cls_text);
    track("edit.class_text", d.cls_text);
  }
  const std::string cls = draft_class(d);
  if (rules::is_srd_class(cls)) {
    std::string saves;
    for (const auto& a : rules::class_save_proficiencies(cls))
      saves += (saves.empty() ? "" : ", ") + std::string(T(std::string("rules.ability.") + a));
    const std::string line = Tf("ui.classes.follows", jobj{"die", rules::class_hit_die(cls), "saves", saves});
    muted(line.c_str());
    track("edit.class_follows", line);
  }
  if (!cls.empty()) {
    ImGui::Spacing();
    ImGui::TextUnformatted(T("ui.classes.subclass"));
    // the class's subclasses the app names in the reader's language (one tap fills the field); anything may be typed
    const std::vector<std::string> subs = rules::subclasses_of(cls);
    if (!subs.empty()) {
      muted(T("ui.classes.subclass_pick"));
      const float w = split_width(2);
      const std::string chosen = rules::subclass_id(d.subclass);
      int col = 0;
      for (const auto& id : subs) {
        if (col++ % 2) ImGui::SameLine();
        const std::string name = rules::subclass_name(ui().lang, id);
        ImGui::PushFont(ui().fonts.small);
        if (toggle_button(name.c_str(), chosen == id, "edit.subclass." + id, ImVec2(w, kTouchTarget))) d.subclass = name;
        ImGui::PopFont();
      }
    }
    text_field("##subclass", T("ui.classes.subclass_hint"), d.subclass);
    track("edit.subclass", d.subclass);
  }
}

// The four ways to the six scores, two a row: typed in one go on the pad, the standard array, point buy, 4d6 ×6.
void score_methods(Draft& d) {
  const float w = split_width(2);
  if (toggle_button(T("ui.classes.type"), d.method == 0, "edit.scores.type", ImVec2(w, kTouchTarget))) {
    pad::Request r;
    r.title = T("ui.classes.type_title");
    r.subtitle = T("ui.classes.type_hint");
    r.list = true;
    r.list_auto_ok = true;
    r.list_valid = [](const std::string& t) { return calc::parse_scores(t).has_value(); };
    r.actions.push_back({T("ui.pad.ok"), "pad.ok", col_good(), nullptr, false, [](const std::string& t) {
                           Draft& dd = draft();
                           if (auto a = calc::parse_scores(t)) {
                             set_scores(dd, *a);
                             dd.method = 0;
                           }
                         }});
    pad::open(std::move(r));
  }
  ImGui::SameLine();
  if (toggle_button(T("ui.classes.standard"), d.method == 1, "edit.scores.standard", ImVec2(w, kTouchTarget))) {
    set_scores(d, calc::standard_array_for(draft_class(d)));  // the 15 where the class wants it
    d.method = 1;
  }
  if (toggle_button(T("ui.classes.point_buy"), d.method == 2, "edit.scores.point_buy", ImVec2(w, kTouchTarget))) {
    for (int& a : d.abilities) a = 8;
    d.method = 2;
  }
  ImGui::SameLine();
  if (toggle_button(T("ui.classes.roll"), d.method == 3, "edit.scores.roll", ImVec2(w, kTouchTarget))) {
    const calc::AbilityRoll r = calc::roll_4d6kh3(model().rng());  // the core rolls, with the app's Rng
    set_scores(d, r.scores);
    d.method = 3;
    d.rolled.clear();
    for (int i = 0; i < 6; ++i) {
      std::string dice;
      for (int v : r.dice[static_cast<size_t>(i)]) dice += (dice.empty() ? "" : "+") + std::to_string(v);
      d.rolled += (d.rolled.empty() ? "" : ", ") + std::to_string(r.scores[static_cast<size_t>(i)]) + " (" + dice + ")";
    }
  }
  if (d.method == 2) {
    bool in_range = std::all_of(std::begin(d.abilities), std::end(d.abilities), [](int a) { return a >= 8 && a <= 15; });
    std::string line;
    bool ok = false;
    if (in_range) {
      const calc::PointBuy pb = calc::point_buy(std::vector<int>(std::begin(d.abilities), std::end(d.abilities)));
      ok = pb.valid;
      line = pb.valid ? Tf("ui.classes.points_left", jobj{"left", calc::kPointBuyBudget - pb.cost})
                      : Tf("ui.classes.points_over", jobj{"over", pb.cost - calc::kPointBuyBudget});
    } else {
      line = UserError("calc.err.point_buy_range", jobj{"value", "8–15"}).message(ui().lang);
    }
    if (!ok) ImGui::PushStyleColor(ImGuiCol_Text, col_bad());
    ImGui::TextWrapped("%s", line.c_str());
    if (!ok) ImGui::PopStyleColor();
    track("edit.points", line);
  }
  if (d.method == 3 && !d.rolled.empty()) {
    const std::string line = Tf("ui.classes.rolled", jobj{"dice", d.rolled});
    ImGui::PushTextWrapPos(0);
    muted(line.c_str());
    ImGui::PopTextWrapPos();
    track("edit.rolled", line);
  }
}

// [SECTION] saving ----------------------------------------------------------------------------------------------------
json abilities_json(const Draft& d) {
  json a = json::object();
  for (int i = 0; i < 6; ++i) a[kAbilityIds[i]] = d.abilities[i];
  return a;
}

bool save(Draft& d, std::string* added) {
  const bool monster = d.kind == "monster";
  const int dex_mod = campaign::ability_modifier(d.abilities[1]);
  if (d.editing.empty()) {
    json cmd = jobj{"type", "AddCreature", "name", d.name, "kind", d.kind, "ac", d.ac, "abilities", abilities_json(d)};
    if (d.hp_mode == 1 && (monster || d.kind == "npc")) {
      cmd["hp"] = d.hp_expr;
      cmd["hp_mode"] = d.hp_roll == 0 ? "roll" : "average";
    } else {
      cmd["max_hp"] = d.max_hp;
    }
    if (d.kind != "monster" || d.level != 1) cmd["level"] = d.level;
    if (d.hit_die >= 0) cmd["hit_die"] = kHitDice[d.hit_die];
    if (d.init != dex_mod) cmd["initiative_bonus"] = d.init;
    if (d.legendary > 0) cmd["legendary_actions"] = d.legendary;
    if (d.legendary_res > 0) cmd["legendary_resistances"] = d.legendary_res;
    if (d.count > 1) cmd["count"] = d.count;
    if (d.speed != 30) cmd["speed"] = d.speed;
    if (d.size != 2) cmd["size"] = kSizes[d.size];
    if (!d.race.empty()) cmd["race"] = d.race;
    if (!monster && rule_on(rules::kClasses) && !draft_class(d).empty()) {
      cmd["class"] = draft_class(d);
      if (!d.subclass.empty()) cmd["subclass"] = d.subclass;
    }
    const long long next = model().state().next_id;
    if (!dispatch_and_tell(cmd, 7.0)) return false;
    if (added) *added = "c" + std::to_string(next);
    return true;
  }
  const campaign::Creature* c = creature(d.editing);
  if (!c) return true;
  json patch = json::object();
  if (d.name != c->name) patch["name"] = d.name;
  if (d.kind != c->kind) patch["kind"] = d.kind;
  if (d.level != c->level) patch["level"] = d.level;
  if (d.max_hp != c->max_hp) patch["max_hp"] = d.max_hp;
  if (d.ac != c->ac) patch["ac"] = d.ac;
  if (d.speed != c->speed) patch["speed"] = d.speed;
  if (d.legendary != c->legendary_actions) patch["legendary_actions"] = d.legendary;
  if (d.legendary_res != c->legendary_resistances) patch["legendary_resistances"] = d.legendary_res;
  if (std::string(kSizes[d.size]) != c->size) patch["size"] = kSizes[d.size];
  if (d.race != c->race) patch["race"] = d.race;
  int hd = d.hit_die >= 0 ? kHitDice[d.hit_die] : 0;
  if (hd != c->hit_die) patch["hit_die"] = hd;
  json a = abilities_json(d);
  for (int i = 0; i < 6; ++i)
    if (d.abilities[i] != c->abilities.score(kAbilityIds[i])) patch["abilities"][kAbilityIds[i]] = d.abilities[i];
  if (d.init_given || d.init != dex_mod) {
    if (!c->initiative_bonus || *c->initiative_bonus != d.init) patch["initiative_bonus"] = d.init;
  }
  if (added) *added = d.editing;
  if (!patch.empty() && !dispatch_and_tell(jobj{"type", "UpdateCreature", "target", d.editing, "patch", patch})) return false;
  const std::string cls = draft_class(d);
  const rules::ClassView had = rules::class_of(*c);
  if (cls != had.cls || (!cls.empty() && d.subclass != had.subclass)) {
    json set = jobj{"type", "SetClass", "target", d.editing, "class", cls};
    if (!cls.empty() && !d.subclass.empty()) set["subclass"] = d.subclass;
    return static_cast<bool>(dispatch_and_tell(set));
  }
  return true;
}

}  // namespace

// [SECTION] opening and drawing the editor ----------------------------------------------------------------------------
void open_creature_editor(const std::string& kind) {
  Draft& d = draft();
  d = Draft{};
  d.open = true;
  d.kind = kind;
  if (kind == "monster") {
    d.hit_die = -1;
    d.hp_mode = 1;
    d.max_hp = 7;
    d.ac = 12;
  }
}

void open_creature_editor_for(const std::string& id) {
  const campaign::Creature* c = creature(id);
  if (!c) return;
  Draft& d = draft();
  d = Draft{};
  d.open = true;
  d.editing = id;
  d.kind = c->kind;
  d.name = c->name;
  d.race = c->race;
  d.level = c->level;
  d.max_hp = c->max_hp;
  d.ac = c->ac;
  d.speed = c->speed;
  d.legendary = c->legendary_actions;
  d.legendary_res = c->legendary_resistances;
  for (int i = 0; i < 6; ++i) d.abilities[i] = c->abilities.score(kAbilityIds[i]);
  d.hit_die = -1;
  for (int i = 0; i < 4; ++i)
    if (kHitDice[i] == c->hit_die) d.hit_die = i;
  for (int i = 0; i < 6; ++i)
    if (c->size == kSizes[i]) d.size = i;
  d.init = campaign::initiative_modifier(*c);
  d.init_given = c->initiative_bonus.has_value();
  const rules::ClassView cv = rules::class_of(*c);
  d.cls_other = !cv.cls.empty() && !cv.srd;
  (d.cls_other ? d.cls_text : d.cls) = cv.cls;
  d.subclass = cv.subclass;
  d.more = true;
}

bool creature_editor_open() { return draft().open; }

void draw_creature_editor(std::string* added) {
  Draft& d = draft();
  if (!d.open) return;
  const bool editing = !d.editing.empty();
  heading(editing ? T("ui.edit.title_edit") : T("ui.edit.title_new"));
  track("screen.edit", editing ? T("ui.edit.title_edit") : T("ui.edit.title_new"));
  kind_grid(d);
  const bool monster = d.kind == "monster";

  ImGui::Spacing();
  ImGui::TextUnformatted(T("ui.edit.name"));
  text_field("##name", monster ? T("ui.edit.name_hint_monster") : T("ui.edit.name_hint"), d.name);
  track("edit.name", d.name);
  if (!monster && rule_on(rules::kClasses)) class_block(d);
  if (monster && !editing) {
    stepper("edit.count", d.count, 1, 50, {.label = T("ui.edit.count")});
    if (d.count > 1 && !d.name.empty())
      muted(Tf("ui.edit.count_hint", jobj{"first", d.name + " 1", "last", d.name + " " + std::to_string(d.count)}).c_str());
  }

  // HP
  section(T("ui.edit.hp"));
  bool dice_ok = true;
  if (!editing && !campaign::party_kind(d.kind)) {
    segmented("edit.hp_mode", options({"number", "dice"}, {T("ui.edit.hp_number"), T("ui.edit.hp_dice")}), d.hp_mode);
  } else {
    d.hp_mode = 0;
  }
  if (d.hp_mode == 1) {
    text_field("##hp_expr", "4d10+4", d.hp_expr);
    track("edit.hp_expr", d.hp_expr);
    std::string info;
    std::string err = check_dice(d.hp_expr, info);
    dice_ok = err.empty();
    if (!dice_ok) {
      ImGui::PushStyleColor(ImGuiCol_Text, col_bad());
      ImGui::TextWrapped("%s", err.c_str());
      ImGui::PopStyleColor();
    } else {
      muted(info.c_str());
    }
    track("edit.hp_check", dice_ok ? info : err);
    segmented("edit.hp_roll", options({"roll", "average"}, {T("ui.edit.hp_roll"), T("ui.edit.hp_average")}), d.hp_roll);
  } else {
    // a new character's HP follow the hit die, the level and CON until the stepper changes them
    if (!editing && !monster && d.hit_die >= 0 && (d.auto_hp < 0 || d.auto_hp == d.max_hp) && !draft_class(d).empty()) {
      d.max_hp = calc::starting_hp(kHitDice[d.hit_die], d.level, campaign::ability_modifier(d.abilities[2]));
      d.auto_hp = d.max_hp;
    }
    stepper("edit.max_hp", d.max_hp, 1, 9999, {.label = T("ui.edit.max_hp")});
  }

  section(T("ui.edit.combat"));
  stepper("edit.ac", d.ac, 1, 40, {.label = T("ui.creature.ac_long")});
  if (!monster) stepper("edit.level", d.level, 0, 20, {.label = T("ui.edit.level")});
  const int dex_mod = campaign::ability_modifier(d.abilities[1]);
  if (!editing && !d.init_given && !monster && d.init_follows) d.init = dex_mod;
  stepper("edit.init", d.init, -10, 20, {.label = T("ui.edit.initiative")});
  if (!editing && !monster && d.init != dex_mod) d.init_follows = false;
  if (monster || d.legendary > 0) stepper("edit.legendary", d.legendary, 0, 5, {.label = T("ui.edit.legendary")});
  if (monster || d.legendary_res > 0)
    stepper("edit.legendary_res", d.legendary_res, 0, 5, {.label = T("ui.edit.legendary_res")});
  if (!monster) {
    ImGui::TextUnformatted(T("ui.edit.hit_die"));
    int idx = std::max(0, d.hit_die);
    if (segmented("edit.hit_die", options({"6", "8", "10", "12"}, {"d6", "d8", "d10", "d12"}), idx) || d.hit_die < 0)
      d.hit_die = idx;
    section(T("ui.edit.abilities"));
    if (!editing) score_methods(d);
    int before_dex = d.abilities[1];
    abilities_block(d);
    if (d.abilities[1] != before_dex && editing && !d.init_given) d.init = campaign::ability_modifier(d.abilities[1]);
  }

  ImGui::Spacing();
  if (toggle_button(T("ui.edit.more"), d.more, "edit.more")) d.more = !d.more;
  if (d.more) {
    if (monster) {
      section(T("ui.edit.abilities"));
      int before_dex = d.abilities[1];
      abilities_block(d);
      if (d.abilities[1] != before_dex && d.init == campaign::ability_modifier(before_dex))
        d.init = campaign::ability_modifier(d.abilities[1]);
      if (!editing) stepper("edit.level", d.level, 0, 30, {.label = T("ui.edit.level")});
    }
    stepper("edit.speed", d.speed, 0, 200, {.label = T("ui.edit.speed"), .step = 5});
    ImGui::TextUnformatted(T("ui.edit.size"));
    const float w = split_width(3);
    for (int i = 0; i < 6; ++i) {
      if (i % 3) ImGui::SameLine();
      if (toggle_button(T(std::string("ui.edit.size.") + kSizes[i]), d.size == i, std::string("edit.size.") + kSizes[i],
                        ImVec2(w, kTouchTarget)))
        d.size = i;
    }
    ImGui::TextUnformatted(T("ui.edit.race"));
    text_field("##race", T("ui.edit.race_hint"), d.race);
    track("edit.race", d.race);
    if (monster) {
      ImGui::TextUnformatted(T("ui.edit.hit_die"));
      int idx = d.hit_die + 1;
      if (segmented("edit.hit_die", options({"0", "6", "8", "10", "12"}, {T("ui.edit.none"), "d6", "d8", "d10", "d12"}), idx))
        d.hit_die = idx - 1;
    }
  }

  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  const bool name_ok = !d.name.empty() && d.name.size() <= 200;
  if (!name_ok) muted(T("ui.edit.name_needed"));
  const float bw = split_width(2);
  if (big_button(T("ui.common.cancel"), ImVec2(bw, 60))) d.open = false;
  track("edit.cancel", T("ui.common.cancel"));
  ImGui::SameLine();
  ImGui::BeginDisabled(!name_ok || !dice_ok);
  std::string save_label = editing ? T("ui.edit.save") : (d.count > 1 && monster ? Tf("ui.edit.add_n", jobj{"n", d.count}) : T("ui.edit.add"));
  if (colored_button(save_label.c_str(), col_good(), ImVec2(bw, 60), "edit.save")) {
    if (save(d, added)) d.open = false;
  }
  ImGui::EndDisabled();
  ImGui::Spacing();
}

}  // namespace druzina::ui
