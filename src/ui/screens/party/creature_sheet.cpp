// The creature sheet (see creature_sheet.hpp): the base parts; the rules' parts are panels (panels/).
//
// Index:
//   [SECTION] header
//   [SECTION] HP
//   [SECTION] numbers
//   [SECTION] conditions
//   [SECTION] damage resistances, vulnerabilities, immunities; condition immunities
//   [SECTION] exhaustion, inspiration, hero points
//   [SECTION] inventory and encumbrance
//   [SECTION] attunement, renown, afflictions, notes
//   [SECTION] helpers for the panels, death saves, the whole sheet
#include "ui/screens/party/creature_sheet.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "core/campaign/derived.hpp"
#include "core/rules/classes/classes.hpp"
#include "core/rules/custom_conditions/custom_conditions.hpp"
#include "core/rules/diseases/diseases.hpp"
#include "core/rules/renown/renown.hpp"
#include "core/rules/rules.hpp"
#include "core/tables/table.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/screens/party/party_edit.hpp"
#include "ui/share/share_ids.hpp"
#include "ui/share/share_buttons.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/hp_pad.hpp"
#include "ui/widgets/prompts.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

using campaign::Creature;
using nlohmann::json;

namespace {

constexpr const char* kConditionPrefix = "campaign.condition.";  // + a condition id
constexpr const char* kDamagePrefix = "campaign.damage.";  // + a damage type: its name

const char* const kConditions[] = {"blinded",   "charmed",  "deafened", "frightened", "grappled",
                                   "incapacitated", "invisible", "paralyzed", "petrified", "poisoned",
                                   "prone",     "restrained", "stunned", "unconscious"};

// A labelled row of small facts: "AC 15 · Speed 30 ft · Init +2".
void fact_line(const std::vector<std::string>& facts) {
  std::string s;
  for (const auto& f : facts) s += (s.empty() ? "" : "   \xC2\xB7   ") + f;
  ImGui::TextWrapped("%s", s.c_str());
}

// Text of a JSON list entry (a string, or an object with name/text).
std::string entry_text(const json& e) {
  if (e.is_string()) return e.get<std::string>();
  if (e.is_object()) {
    for (const char* k : {"name", "text"}) {
      if (!e.contains(k)) continue;
      const json& v = e[k];
      if (v.is_string()) return v.get<std::string>();
      if (v.is_object()) {
        std::string lang(lang_code(ui().lang));
        if (v.contains(lang) && v[lang].is_string()) return v[lang].get<std::string>();
      }
    }
  }
  return e.dump();
}

using sheet::fmt_lb;
using sheet::quiet;
using sheet::update;

// [SECTION] header ----------------------------------------------------------------------------------------------------
void header(const Creature& c, bool show_back, bool* back) {
  if (show_back) {
    if (big_button((std::string("\xE2\x86\x90 ") + T("ui.sheet.back")).c_str(), ImVec2(split_width(2), kTouchTarget)) && back)
      *back = true;
    track("sheet.back", T("ui.sheet.back"));
  }
  heading(c.name.c_str());
  track("sheet.name", c.name);
  std::string sub = kind_label(c.kind);
  const std::string cls = rule_on(rules::kClasses) ? rules::class_line(ui().lang, c, true) : std::string();
  if (!cls.empty())
    sub += " \xC2\xB7 " + cls;  // "Wizard 5 · Evocation"
  else if (!campaign::gone_at_zero_hp(c) || c.level > 0)
    sub += " \xC2\xB7 " + Tf("ui.creature.level_n", jobj{"n", c.level});
  if (!c.race.empty()) sub += " \xC2\xB7 " + c.race;
  sub += " \xC2\xB7 " + Tk("ui.edit.size.", c.size);
  muted(sub.c_str());
  track("sheet.sub", sub);
}

// [SECTION] HP --------------------------------------------------------------------------------------------------------
void hp_block(const Creature& c) {
  hp_bar(c, ImGui::GetContentRegionAvail().x, 38);
  track("sheet.hpbar", std::to_string(c.hp) + "/" + std::to_string(c.max_hp) + "+" + std::to_string(c.temp_hp));
  if (!c.death_saves.dead && !ui_player_mode()) {
    ImGui::PushFont(ui().fonts.big);
    if (colored_button((std::string("\xE2\x99\xA5 ") + T("ui.sheet.hp_pad")).c_str(), ImVec4(0.45f, 0.20f, 0.28f, 1),
                       ImVec2(0, 60), "sheet.hp"))
      pad::open_hp(c.id);
    ImGui::PopFont();
  }
  if (c.hp == 0 && !c.death_saves.dead) draw_death_saves(c, "sheet");
  draw_slot(Slot::sheet_hp, c);
}

// [SECTION] numbers ---------------------------------------------------------------------------------------------------
void stats_block(const Creature& c) {
  // Walking speed as the core works it out (injuries, then the load, then exhaustion), with what changed it.
  const json sv = rules::speed_view(model().state(), c);
  const int after_injuries = sv.value("after_injuries", c.speed), penalty = sv.value("encumbrance_penalty", 0);
  const int speed = sv.value("final", c.speed);
  std::vector<std::string> notes;
  if (after_injuries != c.speed) notes.push_back(T("ui.sheet.speed_injury"));
  if (penalty > 0) notes.push_back(T("ui.sheet.speed_load"));
  if (speed != std::max(0, after_injuries - penalty)) notes.push_back(T("ui.sheet.speed_exhaustion"));
  std::string speed_text = Tf("ui.sheet.speed", jobj{"ft", speed});
  if (!notes.empty()) {
    std::string n;
    for (const auto& x : notes) n += (n.empty() ? "" : ", ") + x;
    speed_text += " (" + n + ")";
  }
  std::vector<std::string> facts = {std::string(T("ui.creature.ac")) + " " + std::to_string(c.ac), speed_text,
                                    Tf("ui.sheet.initiative", jobj{"mod", signed_num(campaign::initiative_modifier(c))})};
  if (c.hit_die > 0)
    facts.push_back(Tf("ui.sheet.hit_dice", jobj{"left", campaign::hit_dice_left(c), "total", campaign::hit_dice_total(c), "die", c.hit_die}));
  if (campaign::in_party(c))
    facts.push_back(Tf("ui.sheet.proficiency", jobj{"bonus", signed_num(campaign::proficiency_bonus(c.level))}));
  if (c.legendary_actions > 0) facts.push_back(Tf("ui.sheet.legendary", jobj{"n", c.legendary_actions}));
  if (c.legendary_resistances > 0)
    facts.push_back(Tf("ui.sheet.legendary_res", jobj{"left", c.legendary_resistances - c.legendary_resistances_used,
                                                   "max", c.legendary_resistances}));
  {
    SlotContext ctx;
    ctx.creature = &c;
    ctx.facts = &facts;
    draw_slot(Slot::sheet_facts, ctx);
  }
  fact_line(facts);

  // abilities: a 3 × 2 grid of boxes
  const float w = split_width(3), h = 74;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int i = 0; i < 6; ++i) {
    if (i % 3) ImGui::SameLine();
    ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(w, h));
    int score = c.abilities.score(kAbilityIds[i]);
    int mod = campaign::ability_modifier(score);
    track(std::string("sheet.ability.") + kAbilityIds[i], std::to_string(score));
    dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), ImGui::GetColorU32(col_card()), 10);
    ImFont* small = ui().fonts.small;
    ImFont* big = ui().fonts.big;
    float ss = small->FontSize * ImGui::GetIO().FontGlobalScale, bs = big->FontSize * ImGui::GetIO().FontGlobalScale;
    const char* name = T(std::string("ui.ability.") + kAbilityIds[i]);
    ImVec2 ns = small->CalcTextSizeA(ss, FLT_MAX, 0, name);
    dl->AddText(small, ss, ImVec2(p.x + (w - ns.x) * 0.5f, p.y + 6), ImGui::GetColorU32(col_muted()), name);
    std::string m = signed_num(mod);
    ImVec2 ms = big->CalcTextSizeA(bs, FLT_MAX, 0, m.c_str());
    dl->AddText(big, bs, ImVec2(p.x + (w - ms.x) * 0.5f, p.y + 8 + ss), ImGui::GetColorU32(ImGuiCol_Text), m.c_str());
    std::string sc = std::to_string(score);
    ImVec2 scs = small->CalcTextSizeA(ss, FLT_MAX, 0, sc.c_str());
    dl->AddText(small, ss, ImVec2(p.x + (w - scs.x) * 0.5f, p.y + h - ss - 6), ImGui::GetColorU32(col_muted()), sc.c_str());
  }

  draw_slot(Slot::sheet_numbers, c);
}

// [SECTION] conditions ------------------------------------------------------------------------------------------------
struct CondDraft {
  std::string for_id;
  int condition = -1;  // 0..13 kConditions, kCustom = a name typed in
  std::string custom;  // its name ("Hexed", "Marked by the hunter")
  std::string note;    // what it does (rule custom-conditions: kept in the campaign's list with the name)
  int duration = 0;
  bool anyway = false;  // add it though the creature is immune (SetCondition ignore_immunity)
};
constexpr int kCustom = 14;
CondDraft& cond_draft() {
  static CondDraft d;
  return d;
}

json until_for(int duration) {
  switch (duration) {
    case 1: return jobj{"kind", "end_of_next_turn"};
    case 2: return jobj{"kind", "rounds", "rounds", 10};
    case 3: return jobj{"kind", "minutes", "minutes", 10};
    case 4: return jobj{"kind", "minutes", "minutes", 60};
    case 5: return jobj{"kind", "minutes", "minutes", 480};
    case 6: return "long_rest";
    default: return nullptr;
  }
}

void conditions_block(const Creature& c) {
  section(T("ui.sheet.conditions"));
  if (c.conditions.empty()) muted(T("ui.sheet.no_conditions"));
  int i = 0;
  for (const auto& cond : c.conditions) {
    ImGui::PushID(i);
    const float bw = 52;
    ImGui::AlignTextToFramePadding();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - bw - gap());
    ImGui::TextUnformatted(condition_text(cond, c).c_str());
    ImGui::PopTextWrapPos();
    if (const auto list = rules::custom_conditions(model().state()); const auto* own = rules::find_custom_condition(list, cond.id))
      if (!own->note.empty()) muted(own->note.c_str());
    if (!ui_player_mode()) {
      ImGui::SameLine(ImGui::GetContentRegionMax().x - bw);
      if (big_button("\xE2\x9C\x95", ImVec2(bw, kTouchTarget))) {
        json cmd = jobj{"type", "RemoveCondition", "target", c.id, "condition", cond.id, "source", cond.source};
        quiet(cmd);
      }
      track("sheet.cond.remove." + cond.id, condition_name(cond.id));
    }
    ImGui::PopID();
    ++i;
  }
  if (ui_player_mode() || c.death_saves.dead) return;
  CondDraft& d = cond_draft();
  if (d.for_id != c.id) {
    if (big_button((std::string("+ ") + T("ui.sheet.add_condition")).c_str())) {
      d = CondDraft{};
      d.for_id = c.id;
    }
    track("sheet.cond.add", T("ui.sheet.add_condition"));
    return;
  }
  begin_card("##addcond");
  ImGui::TextUnformatted(T("ui.sheet.which_condition"));
  const float w = split_width(2);
  for (int k = 0; k < 14; ++k) {
    if (k % 2) ImGui::SameLine();
    ImGui::PushFont(ui().fonts.small);
    if (toggle_button(condition_name(kConditions[k]).c_str(), d.condition == k, std::string("sheet.cond.pick.") + kConditions[k],
                      ImVec2(w, 44)))
      d.condition = k;
    ImGui::PopFont();
  }
  // A condition of the table's own (a curse, a mark, hex): any name, with an end like the others.
  ImGui::PushFont(ui().fonts.small);
  if (toggle_button(T("ui.sheet.cond_custom"), d.condition == kCustom, "sheet.cond.pick.custom", ImVec2(0, 44)))
    d.condition = kCustom;
  ImGui::PopFont();
  const bool keep_list = rule_on(rules::kCustomConditions);
  if (d.condition == kCustom) {
    // the campaign's own conditions, one tap each (rule custom-conditions)
    const auto own = keep_list ? rules::custom_conditions(model().state()) : std::vector<rules::CustomCondition>{};
    for (size_t k = 0; k < own.size(); ++k) {
      if (k % 2) ImGui::SameLine();
      ImGui::PushFont(ui().fonts.small);
      if (toggle_button(own[k].name.c_str(), d.custom == own[k].name, "sheet.cond.own." + std::to_string(k), ImVec2(w, 44))) {
        d.custom = own[k].name;
        d.note = own[k].note;
      }
      ImGui::PopFont();
    }
    text_field("##condname", T("ui.sheet.cond_custom_hint"), d.custom);
    track("sheet.cond.custom", d.custom);
    if (keep_list) {
      text_field("##condnote", T("ui.custom_conditions.note"), d.note);
      track("sheet.cond.note", d.note);
    }
  }
  const size_t a = d.custom.find_first_not_of(' '), b = d.custom.find_last_not_of(' ');
  const std::string custom = a == std::string::npos ? std::string() : d.custom.substr(a, b - a + 1);
  const std::string picked = d.condition == kCustom ? custom : d.condition >= 0 ? kConditions[d.condition] : "";
  ImGui::TextUnformatted(T("ui.sheet.how_long"));
  static const char* const kDur[] = {"ui.sheet.dur.permanent", "ui.sheet.dur.end_of_turn", "ui.sheet.dur.minute",
                                     "ui.sheet.dur.ten_minutes", "ui.sheet.dur.hour", "ui.sheet.dur.eight_hours",
                                     "ui.sheet.dur.long_rest"};
  for (int k = 0; k < 7; ++k) {
    if (k % 2) ImGui::SameLine();
    ImGui::PushFont(ui().fonts.small);
    if (toggle_button(T(kDur[k]), d.duration == k, "sheet.cond.dur." + std::to_string(k), ImVec2(w, 44))) d.duration = k;
    ImGui::PopFont();
  }
  const bool immune = !picked.empty() && std::find(c.condition_immunities.begin(), c.condition_immunities.end(),
                                                     picked) != c.condition_immunities.end();
  if (immune) {
    ImGui::PushStyleColor(ImGuiCol_Text, col_bad());
    ImGui::TextWrapped("%s", Tf("ui.sheet.cond_immune", jobj{"condition", condition_name(picked)}).c_str());
    ImGui::PopStyleColor();
    track("sheet.cond.immune", condition_name(picked));
    if (toggle_button(T("ui.sheet.cond_anyway"), d.anyway, "sheet.cond.anyway")) d.anyway = !d.anyway;
  }
  const float bw = split_width(2);
  if (big_button(T("ui.common.cancel"), ImVec2(bw, 52))) d = CondDraft{};
  track("sheet.cond.cancel", T("ui.common.cancel"));
  ImGui::SameLine();
  ImGui::BeginDisabled(picked.empty() || (immune && !d.anyway));
  if (colored_button(T("ui.sheet.add"), col_good(), ImVec2(bw, 52), "sheet.cond.ok")) {
    json cmd = jobj{"type", "SetCondition", "target", c.id, "condition", picked};
    if (d.condition == kCustom && keep_list) {  // kept in the campaign's list with its note, for reuse
      cmd = jobj{"type", "SetCustomCondition", "target", c.id, "name", picked};
      if (!d.note.empty()) cmd["note"] = d.note;
    }
    if (immune && d.anyway && cmd["type"] == "SetCondition") cmd["ignore_immunity"] = true;
    json until = until_for(d.duration);
    if (!until.is_null()) cmd["until"] = until;
    if (quiet(cmd)) d = CondDraft{};
  }
  ImGui::EndDisabled();
  end_card();
}

// [SECTION] damage resistances, vulnerabilities, immunities; condition immunities -------------------------------------
// What the creature resists (½), is vulnerable to (×2) or immune to (0), and the conditions it is immune to. Shown
// when it has any; the DM edits them (every type one row: normal / ½ / ×2 / 0, the conditions as chips).
std::string joined_types(const std::vector<std::string>& list, const char* prefix) {
  std::string out;
  for (const auto& t : list) {
    std::string label = t == "exhaustion" ? std::string(T("ui.sheet.def.exhaustion")) : std::string(T(prefix + t));
    out += (out.empty() ? "" : ", ") + label;
  }
  return out;
}

void defenses_block(const Creature& c) {
  static std::string editing;  // the creature whose lists are open for editing
  const bool dm = !ui_player_mode();
  const bool any = !c.resistances.empty() || !c.vulnerabilities.empty() || !c.immunities.empty() ||
                   !c.condition_immunities.empty();
  if (!any && !dm) return;
  section(T("ui.sheet.defenses"));
  const std::pair<const std::vector<std::string>*, const char*> rows[] = {
      {&c.resistances, "ui.sheet.def.resistant"},
      {&c.vulnerabilities, "ui.sheet.def.vulnerable"},
      {&c.immunities, "ui.sheet.def.immune"}};
  int shown = 0;
  for (const auto& [list, key] : rows)
    if (!list->empty()) {
      ImGui::TextWrapped("%s", Tf(key, jobj{"types", joined_types(*list, kDamagePrefix)}).c_str());
      ++shown;
    }
  if (!c.condition_immunities.empty()) {
    ImGui::TextWrapped("%s", Tf("ui.sheet.def.cond_immune", jobj{"conditions", joined_types(c.condition_immunities, kConditionPrefix)}).c_str());
    ++shown;
  }
  if (!shown) muted(T("ui.sheet.def.none"));
  {
    std::string summary;
    for (const auto& [list, key] : rows) summary += joined_types(*list, kDamagePrefix) + "|";
    summary += joined_types(c.condition_immunities, kConditionPrefix);
    ImGui::Dummy(ImVec2(1, 1));
    track("sheet.def.summary", summary);
  }
  if (!dm) return;
  if (editing != c.id) {
    if (big_button(T("ui.sheet.def.edit"))) editing = c.id;
    track("sheet.def.edit", T("ui.sheet.def.edit"));
    return;
  }
  begin_card("##defenses");
  // One row per damage type: its name, then normal / resistant / vulnerable / immune.
  static const char* const kWhich[] = {"none", "res", "vul", "imm"};
  const float name_w = 118.0f;
  for (const auto& t : campaign::damage_types()) {
    ImGui::PushID(t.c_str());
    auto in = [&](const std::vector<std::string>& l) { return std::find(l.begin(), l.end(), t) != l.end(); };
    int now = in(c.resistances) ? 1 : in(c.vulnerabilities) ? 2 : in(c.immunities) ? 3 : 0;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(T(std::string(kDamagePrefix) + t));
    ImGui::SameLine(name_w);
    const float w = (ImGui::GetContentRegionAvail().x - 3 * gap()) / 4;
    static const char* const kLabels[] = {"\xE2\x80\x94", "\xC2\xBD", "\xC3\x97" "2", "0"};  // — ½ ×2 0
    for (int k = 0; k < 4; ++k) {
      if (k) ImGui::SameLine();
      if (toggle_button(kLabels[k], now == k, "sheet.def." + t + "." + kWhich[k], ImVec2(w, 44)) && now != k) {
        std::vector<std::string> lists[3] = {c.resistances, c.vulnerabilities, c.immunities};
        for (auto& l : lists) l.erase(std::remove(l.begin(), l.end(), t), l.end());
        if (k) lists[k - 1].push_back(t);
        update(c, jobj{"resistances", lists[0], "vulnerabilities", lists[1], "immunities", lists[2]});
      }
    }
    ImGui::PopID();
  }
  ImGui::TextUnformatted(T("ui.sheet.def.conditions"));
  const float w = split_width(2);
  int k = 0;
  for (const auto& cond : campaign::condition_immunity_ids()) {
    if (k++ % 2) ImGui::SameLine();
    const bool on = std::find(c.condition_immunities.begin(), c.condition_immunities.end(), cond) != c.condition_immunities.end();
    ImGui::PushFont(ui().fonts.small);
    const std::string label = cond == "exhaustion" ? std::string(T("ui.sheet.def.exhaustion")) : condition_name(cond);
    if (toggle_button(label.c_str(), on, "sheet.def.cond." + cond, ImVec2(w, 44))) {
      std::vector<std::string> next = c.condition_immunities;
      if (on)
        next.erase(std::remove(next.begin(), next.end(), cond), next.end());
      else
        next.push_back(cond);
      update(c, jobj{"condition_immunities", next});
    }
    ImGui::PopFont();
  }
  if (big_button(T("ui.sheet.def.done"), ImVec2(0, 52))) editing.clear();
  track("sheet.def.done", T("ui.sheet.def.done"));
  end_card();
}

// [SECTION] exhaustion, inspiration, hero points ----------------------------------------------------------------------
std::string exhaustion_effects_text(const Creature& c) {
  const auto& st = model().state();
  campaign::ExhaustionEffects e = campaign::exhaustion_effects(c, st.settings.exhaustion_edition);
  std::vector<std::string> parts;
  if (e.dead) return T("ui.sheet.exh.dead");
  if (e.d20_penalty) parts.push_back(Tf("ui.sheet.exh.d20", jobj{"n", e.d20_penalty}));
  if (e.disadvantage_checks) parts.push_back(T("ui.sheet.exh.dis_checks"));
  if (e.disadvantage_attacks_saves) parts.push_back(T("ui.sheet.exh.dis_attacks"));
  if (e.hp_max_halved) parts.push_back(T("ui.sheet.exh.hp_half"));
  if (e.speed != c.speed) parts.push_back(Tf("ui.sheet.exh.speed", jobj{"ft", e.speed}));
  std::string s;
  for (const auto& p : parts) s += (s.empty() ? "" : ", ") + p;
  return s;
}

void exhaustion_block(const Creature& c) {
  section(T("ui.sheet.exhaustion"));
  const bool dm = !ui_player_mode() && !c.death_saves.dead;
  const float bw = 56;
  ImGui::PushFont(ui().fonts.big);
  std::string lvl = std::to_string(c.exhaustion) + " / 6";
  if (dm) {
    ImGui::BeginDisabled(c.exhaustion <= 0);
    if (big_button("\xE2\x88\x92", ImVec2(bw, kTouchTarget)))
      quiet(jobj{"type", "SetExhaustion", "target", c.id, "change", -1});
    ImGui::EndDisabled();
    track("sheet.exh.minus", "-");
    ImGui::SameLine();
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(lvl.c_str());
  track("sheet.exh.value", std::to_string(c.exhaustion));
  if (dm) {
    ImGui::SameLine();
    ImGui::BeginDisabled(c.exhaustion >= 6);
    if (big_button("+", ImVec2(bw, kTouchTarget)))
      quiet(jobj{"type", "SetExhaustion", "target", c.id, "change", 1});
    ImGui::EndDisabled();
    track("sheet.exh.plus", "+");
  }
  ImGui::PopFont();
  if (dm) draw_slot(Slot::sheet_exhaustion, c);
  std::string srcs;
  for (const auto& [src, n] : c.exhaustion_sources) {
    if (n <= 0) continue;
    srcs += (srcs.empty() ? "" : ", ") + Tk_or("campaign.source.", src, src) + " " + std::to_string(n);
  }
  if (!srcs.empty()) muted(Tf("ui.sheet.exh.sources", jobj{"sources", srcs}).c_str());
  if (c.exhaustion > 0) muted(exhaustion_effects_text(c).c_str());
}

void luck_block(const Creature& c) {
  const bool dm = !ui_player_mode();
  const float w = ImGui::GetContentRegionAvail().x;
  ImGui::BeginDisabled(!dm || c.death_saves.dead);
  if (toggle_button((std::string("\xE2\x98\x85 ") + T("ui.creature.inspiration")).c_str(), c.inspiration, "sheet.inspiration",
                    ImVec2(w, kTouchTarget)))
    quiet(jobj{"type", "SetInspiration", "target", c.id, "value", !c.inspiration});
  ImGui::EndDisabled();
  // A rule's row under it (hero points: beside the toggle, "✦ 6 bodů hrdiny" and its + ran off a phone's screen).
  draw_slot(Slot::sheet_luck, c);
}

// [SECTION] inventory and encumbrance ---------------------------------------------------------------------------------
struct ItemDraft {
  std::string for_id, name;
  int weight = 1, qty = 1;
};
ItemDraft& item_draft() {
  static ItemDraft d;
  return d;
}

void inventory_block(const Creature& c) {
  const bool dm = !ui_player_mode();
  SlotContext top;
  top.creature = &c;
  if (!dm && c.inventory.empty() && !slot_shown(Slot::sheet_inventory, top)) return;
  section(T("ui.sheet.inventory"));
  if (!draw_slot(Slot::sheet_inventory, top))  // a rule that showed the load (variant encumbrance) or the plain total
    muted(Tf("ui.load.total", jobj{"lb", fmt_lb(campaign::carried_weight(c))}).c_str());
  int i = 0;
  for (const auto& it : c.inventory) {
    ImGui::PushID(i);
    std::string line = it.name + (it.qty != 1 ? "  \xC3\x97" + std::to_string(it.qty) : "") + "  \xC2\xB7  " +
                       fmt_lb(it.weight * it.qty) + " lb" + (it.worn ? "  \xC2\xB7  " + std::string(T("ui.item.worn")) : "") +
                       (it.value_gp > 0 ? "  \xC2\xB7  " + Tf("ui.item.value", jobj{"gp", fmt_lb(it.value_gp)}) : "");
    const float bw = 52;
    ImGui::AlignTextToFramePadding();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - (dm ? bw + gap() : 0));
    ImGui::TextUnformatted(line.c_str());
    ImGui::PopTextWrapPos();
    track("sheet.item." + std::to_string(i), line);
    if (dm) {
      ImGui::SameLine(ImGui::GetContentRegionMax().x - bw);
      if (big_button("\xE2\x9C\x95", ImVec2(bw, kTouchTarget))) {
        json inv = c.inventory;
        inv.erase(inv.begin() + i);
        update(c, jobj{"inventory", inv});
      }
      track("sheet.item.remove." + std::to_string(i), it.name);
    }
    ImGui::PopID();
    ++i;
  }
  draw_slot(Slot::sheet_items_end, c);
  if (!dm) return;
  ItemDraft& d = item_draft();
  if (d.for_id != c.id) {
    if (big_button((std::string("+ ") + T("ui.item.add")).c_str())) {
      d = ItemDraft{};
      d.for_id = c.id;
    }
    track("sheet.item.add", T("ui.item.add"));
    return;
  }
  begin_card("##additem");
  text_field("##itemname", T("ui.item.name"), d.name);
  track("sheet.item.name", d.name);
  stepper("sheet.item.weight", d.weight, 0, 500, {.label = T("ui.item.weight")});
  stepper("sheet.item.qty", d.qty, 1, 999, {.label = T("ui.item.qty")});
  const float bw = split_width(2);
  if (big_button(T("ui.common.cancel"), ImVec2(bw, 52))) d = ItemDraft{};
  ImGui::SameLine();
  ImGui::BeginDisabled(d.name.empty());
  if (colored_button(T("ui.sheet.add"), col_good(), ImVec2(bw, 52), "sheet.item.ok")) {
    json inv = c.inventory;
    inv.push_back(jobj{"name", d.name, "weight", d.weight, "qty", d.qty});
    if (update(c, jobj{"inventory", inv})) d = ItemDraft{};
  }
  ImGui::EndDisabled();
  end_card();
}

// [SECTION] attunement, renown, afflictions, notes --------------------------------------------------------------------
// A rule's list of free-text entries on the creature (its data field "notes"), edited by the DM.
void string_list_editor(const Creature& c, const char* module, const json& list, const char* add_key, const std::string& test,
                        size_t max_items) {
  const bool dm = !ui_player_mode();
  const char* field = module;
  auto patch = [module](const json& next) {
    return jobj{"modules", jobj{module, jobj{"notes", next.empty() ? json(nullptr) : next}}};
  };
  int i = 0;
  for (const auto& e : list) {
    ImGui::PushID(i);
    const float bw = 52;
    ImGui::AlignTextToFramePadding();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - (dm ? bw + gap() : 0));
    ImGui::Bullet();
    ImGui::SameLine();
    ImGui::TextUnformatted(entry_text(e).c_str());
    ImGui::PopTextWrapPos();
    if (dm) {
      ImGui::SameLine(ImGui::GetContentRegionMax().x - bw);
      if (big_button("\xE2\x9C\x95", ImVec2(bw, kTouchTarget))) {
        json next = list;
        next.erase(next.begin() + i);
        update(c, patch(next));
      }
      track(test + ".remove." + std::to_string(i), entry_text(e));
    }
    ImGui::PopID();
    ++i;
  }
  if (!dm || list.size() >= max_items) return;
  static std::map<std::string, std::string> drafts;
  std::string& text = drafts[c.id + field];
  ImGui::PushID(field);
  text_field("##t", T(add_key), text);
  track(test + ".text", text);
  if (!text.empty()) {
    if (big_button(T("ui.sheet.add"), ImVec2(0, kTouchTarget))) {
      json next = list;
      next.push_back(text);
      if (update(c, patch(next))) text.clear();
    }
    track(test + ".add", T("ui.sheet.add"));
  }
  ImGui::PopID();
}

void afflictions_block(const Creature& c) {
  const bool dm = !ui_player_mode();
  struct Part {
    const char* module;  // the rule whose notes they are (its data field "notes")
    const char* title;
  } parts[] = {{rules::kDiseases, "ui.sheet.diseases"}, {rules::kPoisons, "ui.sheet.poisons"}, {rules::kMadness, "ui.sheet.madness"}};
  for (const auto& p : parts) {
    const json list = rules::rule_notes(c, p.module);
    if (!dm && list.empty()) continue;
    section(T(p.title));
    if (list.empty()) muted(T("ui.sheet.none"));
    string_list_editor(c, p.module, list, "ui.sheet.affliction_hint", std::string("sheet.") + p.module, 50);
  }
}

struct NotesDraft {
  std::string for_id, text;
  long long at_tx = -1;
};

void notes_block(const Creature& c) {
  const bool dm = !ui_player_mode();
  if (!dm && (c.notes.empty() || !campaign::in_party(c))) return;
  section(T("ui.sheet.notes"));
  if (!dm) {
    ImGui::TextWrapped("%s", c.notes.c_str());
    return;
  }
  static NotesDraft d;
  if (d.for_id != c.id || d.at_tx != model().state().last_tx) {
    if (d.for_id != c.id || d.text == c.notes || d.at_tx < 0) d.text = c.notes;
    d.for_id = c.id;
    d.at_tx = model().state().last_tx;
  }
  text_area("##notes", d.text, 140);
  track("sheet.notes", d.text);
  ImGui::BeginDisabled(d.text == c.notes);
  if (big_button(T("ui.sheet.save_notes"), ImVec2(0, 52))) update(c, jobj{"notes", d.text});
  ImGui::EndDisabled();
  track("sheet.notes.save", T("ui.sheet.save_notes"));
}

// A monster or an NPC the players should not know of yet (an ambush): hidden from the table's links, the players'
// phones and their log until the DM reveals it. The party is never hidden.
void hide_block(const Creature& c) {
  if (ui_player_mode() || campaign::in_party(c)) return;
  const char* label = T(c.hidden ? "ui.sheet.reveal" : "ui.sheet.hide");
  if (c.hidden) muted(T("ui.sheet.hidden_note"));
  if (big_button(label, ImVec2(0, 52)))
    dispatch_and_tell(jobj{"type", "SetHidden", "targets", json::array({c.id}), "hidden", !c.hidden});
  track("sheet.hide", label);
}

void actions_block(const Creature& c) {
  const bool hers = ui_player_mode() && share_ids::mine_here() == c.id;  // a player edits her own character
  if (ui_player_mode() && !hers) return;
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  if (hers) {
    if (big_button((std::string("\xE2\x9C\x8E ") + T("ui.sheet.edit")).c_str(), ImVec2(0, 56))) open_creature_editor_for(c.id);
    track("sheet.edit", T("ui.sheet.edit"));
    return;
  }
  const float w = split_width(2);
  if (big_button((std::string("\xE2\x9C\x8E ") + T("ui.sheet.edit")).c_str(), ImVec2(w, 56))) open_creature_editor_for(c.id);
  track("sheet.edit", T("ui.sheet.edit"));
  ImGui::SameLine();
  if (colored_button(T("ui.sheet.remove"), col_bad(), ImVec2(w, 56), "sheet.remove"))
    ask_confirm_destructive("sheet.remove." + c.id, Tf("ui.sheet.remove_confirm", jobj{"name", c.name}));
  if (confirm_popup("sheet.remove." + c.id)) dispatch_and_tell(jobj{"type", "RemoveCreature", "target", c.id});
}

}  // namespace

// [SECTION] helpers for the panels, death saves, the whole sheet ------------------------------------------------------
namespace sheet {

bool quiet(const json& command) { return static_cast<bool>(model().dispatch(command)); }

bool update(const Creature& c, json patch) {
  return quiet(jobj{"type", "UpdateCreature", "target", c.id, "patch", std::move(patch)});
}

std::string fmt_lb(double v) {
  char buf[32];
  if (std::fabs(v - std::round(v)) < 0.01)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

}  // namespace sheet

void draw_death_saves(const Creature& c, const std::string& prefix) {
  if (c.hp > 0 || c.death_saves.dead) return;
  begin_card(("##ds" + prefix).c_str(), col_tint(hue_red(), 0.25f));
  std::string marks = std::to_string(c.death_saves.successes) + "/" + std::to_string(c.death_saves.failures);
  if (c.death_saves.stable) {
    ImGui::PushFont(ui().fonts.big);
    ImGui::TextUnformatted(T("ui.creature.stable"));
    ImGui::PopFont();
  } else {
    ImGui::TextUnformatted(T("ui.ds.title"));
    // ✓ ● ● ●   ✕ ● ● ●  — filled circles for the saves made
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImVec2 p = ImGui::GetCursorScreenPos();
    const float r = 13.0f, h = 2 * r + 6;
    ImGui::Dummy(ImVec2(ImGui::GetContentRegionAvail().x, h));
    ImFont* big = ui().fonts.big;
    const float bs = big->FontSize * ImGui::GetIO().FontGlobalScale;
    float x = p.x;
    for (int track_i = 0; track_i < 2; ++track_i) {
      const bool ok = track_i == 0;
      const char* sym = ok ? "\xE2\x9C\x93" : "\xE2\x9C\x95";
      ImU32 col = ImGui::GetColorU32(ok ? col_good() : col_bad());
      dl->AddText(big, bs, ImVec2(x, p.y + (h - bs) * 0.5f), col, sym);
      x += bs + 8;
      const int n = ok ? c.death_saves.successes : c.death_saves.failures;
      for (int i = 0; i < 3; ++i) {
        ImVec2 ctr(x + r, p.y + h * 0.5f);
        if (i < n)
          dl->AddCircleFilled(ctr, r, col);
        else
          dl->AddCircle(ctr, r, ImGui::GetColorU32(col_muted()), 0, 2.5f);
        x += 2 * r + 8;
      }
      x += 28;
    }
  }
  track(prefix + ".ds", marks);
  if (!c.death_saves.stable && !ui_player_mode()) {
    const std::string id = c.id;
    // What rules add to the save (hero points: "spend a hero point if it fails" armed → {hero_point: true})
    json extra = json::object();
    SlotContext ctx;
    ctx.creature = &c;
    ctx.prefix = prefix;
    ctx.params = &extra;
    draw_slot(Slot::death_save, ctx);
    auto save = [id, extra](json cmd) {
      cmd.update(extra);
      cmd["type"] = "DeathSave";
      cmd["target"] = id;
      return cmd;
    };
    float w = split_width(2);
    if (colored_button(T("ui.ds.roll"), col_accent(), ImVec2(w, 52), prefix + ".ds.roll"))
      dispatch_and_tell(save(json::object()), 7.0);
    ImGui::SameLine();
    if (big_button(T("ui.ds.enter"), ImVec2(w, 52)))
      pad::open_value(T("ui.ds.enter_title"), 10, 1, 20, [save](int n) { dispatch_and_tell(save(jobj{"roll", n}), 7.0); });
    track(prefix + ".ds.enter", T("ui.ds.enter"));
    if (colored_button(T("ui.ds.success"), col_good(), ImVec2(w, 52), prefix + ".ds.success"))
      dispatch_and_tell(save(jobj{"result", "success"}), 7.0);
    ImGui::SameLine();
    if (colored_button(T("ui.ds.failure"), col_bad(), ImVec2(w, 52), prefix + ".ds.failure"))
      dispatch_and_tell(save(jobj{"result", "failure"}), 7.0);
    if (big_button(T("ui.ds.stabilize"), ImVec2(0, 52))) dispatch_and_tell(jobj{"type", "Stabilize", "target", id});
    track(prefix + ".ds.stabilize", T("ui.ds.stabilize"));
  }
  end_card();
}

void draw_creature_sheet(const std::string& id, bool show_back, bool* back) {
  const Creature* found = creature(id);
  if (!found) {
    if (back) *back = true;
    return;
  }
  const Creature c = *found;  // a copy: buttons below change the state
  ImGui::PushID(id.c_str());
  if (draw_slot(Slot::sheet_instead, c)) {  // a rule's flow takes the sheet's place (the resurrection ritual)
    ImGui::PopID();
    return;
  }
  header(c, show_back, back);
  // On a phone the sheet is the whole screen: the questions about this creature (a save its HP pad or a sheet button
  // just asked) are answered here. Beside a list (wide layouts) the list shows them already.
  if (show_back) draw_prompts(c.id);
  hp_block(c);
  if (ui_player_mode() && !campaign::in_party(c)) {
    // What a player may know of an NPC or a monster (as io::player_view): health, conditions, injuries.
    conditions_block(c);
    draw_slot(Slot::sheet_stranger, c);
    ImGui::PopID();
    return;
  }
  hide_block(c);
  // The sheet's own parts, and between them the rules' panels in their slots (rule_panels.cpp).
  stats_block(c);
  draw_slot(Slot::sheet_top, c);
  conditions_block(c);
  draw_slot(Slot::sheet_conditions, c);
  defenses_block(c);
  exhaustion_block(c);
  luck_block(c);
  draw_slot(Slot::sheet_body, c);
  inventory_block(c);
  draw_slot(Slot::sheet_after_items, c);
  afflictions_block(c);
  notes_block(c);
  draw_slot(Slot::sheet_end, c);
  draw_sheet_share_button(c);
  actions_block(c);
  ImGui::PopID();
}

}  // namespace druzina::ui