#include "ui/screens/party/creature_sheet.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "core/campaign/derived.hpp"
#include "core/rules/rules.hpp"
#include "core/tables/table.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/screens/party/party_edit.hpp"
#include "ui/screens/party/resurrection.hpp"
#include "ui/screens/party/sheet_rules.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/hp_pad.hpp"
#include "ui/widgets/widgets.hpp"

namespace druzina::ui {

using campaign::Creature;
using nlohmann::json;

namespace {

const char* const kAbilities[] = {"str", "dex", "con", "int", "wis", "cha"};
const char* const kConditions[] = {"blinded",   "charmed",  "deafened", "frightened", "grappled",
                                   "incapacitated", "invisible", "paralyzed", "petrified", "poisoned",
                                   "prone",     "restrained", "stunned", "unconscious"};

std::string signed_num(int n) { return (n >= 0 ? "+" : "\xE2\x88\x92") + std::to_string(n >= 0 ? n : -n); }

std::string fmt_lb(double v) {
  char buf[32];
  if (std::fabs(v - std::round(v)) < 0.01)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

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

// Changes whose result shows right where the finger is: no notice over the bottom of the screen.
bool quiet(const json& command) { return model().dispatch(command); }

bool update(const Creature& c, json patch) {
  return quiet({{"type", "UpdateCreature"}, {"target", c.id}, {"patch", std::move(patch)}});
}

// ---- header ----------------------------------------------------------------------------------------------
void header(const Creature& c, bool show_back, bool* back) {
  if (show_back) {
    if (big_button((std::string("\xE2\x86\x90 ") + T("ui.sheet.back")).c_str(), ImVec2(split_width(2), kTouchTarget)) && back)
      *back = true;
    track("sheet.back", T("ui.sheet.back"));
  }
  heading(c.name.c_str());
  track("sheet.name", c.name);
  std::string sub = kind_label(c.kind);
  if (c.kind != "monster" || c.level > 0) sub += " \xC2\xB7 " + Tf("ui.creature.level_n", {{"n", c.level}});
  if (!c.race.empty()) sub += " \xC2\xB7 " + c.race;
  sub += " \xC2\xB7 " + Tk("ui.edit.size.", c.size);
  muted(sub.c_str());
}

// ---- HP --------------------------------------------------------------------------------------------------
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
  resurrection_button(c);  // a dead creature: the ritual (house rule)
}

// ---- numbers ---------------------------------------------------------------------------------------------
void stats_block(const Creature& c) {
  const auto& st = model().state();
  int speed = c.speed;
  std::vector<std::string> notes;
  if (rule_on(rules::kLingeringInjuries)) {
    rules::InjuryEffects fx = rules::injury_effects(c);
    if (fx.speed != c.speed) {
      speed = fx.speed;
      notes.push_back(T("ui.sheet.speed_injury"));
    }
  }
  if (rule_on(rules::kVariantEncumbrance)) {
    rules::Encumbrance e = rules::encumbrance(st, c);
    if (e.speed_penalty > 0) {
      speed = std::max(0, speed - e.speed_penalty);
      notes.push_back(T("ui.sheet.speed_load"));
    }
  }
  campaign::ExhaustionEffects ex = campaign::exhaustion_effects(c, st.settings.exhaustion_edition);
  if (c.exhaustion > 0 && ex.speed != c.speed) {
    speed = std::min(speed, ex.speed);
    notes.push_back(T("ui.sheet.speed_exhaustion"));
  }
  std::string speed_text = Tf("ui.sheet.speed", {{"ft", speed}});
  if (!notes.empty()) {
    std::string n;
    for (const auto& x : notes) n += (n.empty() ? "" : ", ") + x;
    speed_text += " (" + n + ")";
  }
  std::vector<std::string> facts = {std::string(T("ui.creature.ac")) + " " + std::to_string(c.ac), speed_text,
                                    Tf("ui.sheet.initiative", {{"mod", signed_num(campaign::initiative_modifier(c))}})};
  if (c.hit_die > 0)
    facts.push_back(Tf("ui.sheet.hit_dice", {{"left", campaign::hit_dice_left(c)}, {"total", campaign::hit_dice_total(c)}, {"die", c.hit_die}}));
  if (c.kind == "pc" || c.kind == "sidekick")
    facts.push_back(Tf("ui.sheet.proficiency", {{"bonus", signed_num(campaign::proficiency_bonus(c.level))}}));
  if (c.legendary_actions > 0) facts.push_back(Tf("ui.sheet.legendary", {{"n", c.legendary_actions}}));
  if (c.legendary_resistances > 0)
    facts.push_back(Tf("ui.sheet.legendary_res", {{"left", c.legendary_resistances - c.legendary_resistances_used},
                                                   {"max", c.legendary_resistances}}));
  fact_line(facts);

  // abilities: a 3 × 2 grid of boxes
  const float w = split_width(3), h = 74;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int i = 0; i < 6; ++i) {
    if (i % 3) ImGui::SameLine();
    ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(w, h));
    int score = c.abilities.score(kAbilities[i]);
    int mod = campaign::ability_modifier(score);
    track(std::string("sheet.ability.") + kAbilities[i], std::to_string(score));
    dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), ImGui::GetColorU32(col_card()), 10);
    ImFont* small = ui().fonts.small;
    ImFont* big = ui().fonts.big;
    float ss = small->FontSize * ImGui::GetIO().FontGlobalScale, bs = big->FontSize * ImGui::GetIO().FontGlobalScale;
    const char* name = T(std::string("ui.ability.") + kAbilities[i]);
    ImVec2 ns = small->CalcTextSizeA(ss, FLT_MAX, 0, name);
    dl->AddText(small, ss, ImVec2(p.x + (w - ns.x) * 0.5f, p.y + 6), ImGui::GetColorU32(col_muted()), name);
    std::string m = signed_num(mod);
    ImVec2 ms = big->CalcTextSizeA(bs, FLT_MAX, 0, m.c_str());
    dl->AddText(big, bs, ImVec2(p.x + (w - ms.x) * 0.5f, p.y + 8 + ss), ImGui::GetColorU32(ImGuiCol_Text), m.c_str());
    std::string sc = std::to_string(score);
    ImVec2 scs = small->CalcTextSizeA(ss, FLT_MAX, 0, sc.c_str());
    dl->AddText(small, ss, ImVec2(p.x + (w - scs.x) * 0.5f, p.y + h - ss - 6), ImGui::GetColorU32(col_muted()), sc.c_str());
  }

  // saving-throw proficiencies (the house rules' CON saves use them)
  if (has_command("SetSaveProficiencies") && !ui_player_mode()) {
    const json& mods = st.modules;
    std::vector<std::string> prof;
    if (mods.contains(rules::kSaveProficiencies) && mods[rules::kSaveProficiencies].contains(c.id))
      for (const auto& a : mods[rules::kSaveProficiencies][c.id]) prof.push_back(a.get<std::string>());
    ImGui::TextWrapped("%s", T("ui.sheet.save_prof"));
    const float bw = split_width(6);
    for (int i = 0; i < 6; ++i) {
      if (i) ImGui::SameLine();
      bool on = std::find(prof.begin(), prof.end(), kAbilities[i]) != prof.end();
      ImGui::PushFont(ui().fonts.small);
      if (toggle_button(T(std::string("ui.ability.") + kAbilities[i]), on, std::string("sheet.saveprof.") + kAbilities[i],
                        ImVec2(bw, kTouchTarget))) {
        std::vector<std::string> next = prof;
        if (on)
          next.erase(std::remove(next.begin(), next.end(), kAbilities[i]), next.end());
        else
          next.push_back(kAbilities[i]);
        quiet({{"type", "SetSaveProficiencies"}, {"target", c.id}, {"abilities", next}});
      }
      ImGui::PopFont();
    }
  }
}

// ---- conditions ------------------------------------------------------------------------------------------
struct CondDraft {
  std::string for_id;
  int condition = -1;
  int duration = 0;
};
CondDraft& cond_draft() {
  static CondDraft d;
  return d;
}

json until_for(int duration) {
  switch (duration) {
    case 1: return {{"kind", "end_of_next_turn"}};
    case 2: return {{"kind", "rounds"}, {"rounds", 10}};
    case 3: return {{"kind", "minutes"}, {"minutes", 10}};
    case 4: return {{"kind", "minutes"}, {"minutes", 60}};
    case 5: return {{"kind", "minutes"}, {"minutes", 480}};
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
    if (!ui_player_mode()) {
      ImGui::SameLine(ImGui::GetContentRegionMax().x - bw);
      if (big_button("\xE2\x9C\x95", ImVec2(bw, kTouchTarget))) {
        json cmd = {{"type", "RemoveCondition"}, {"target", c.id}, {"condition", cond.id}, {"source", cond.source}};
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
  const float bw = split_width(2);
  if (big_button(T("ui.common.cancel"), ImVec2(bw, 52))) d = CondDraft{};
  track("sheet.cond.cancel", T("ui.common.cancel"));
  ImGui::SameLine();
  ImGui::BeginDisabled(d.condition < 0);
  if (colored_button(T("ui.sheet.add"), col_good(), ImVec2(bw, 52), "sheet.cond.ok")) {
    json cmd = {{"type", "SetCondition"}, {"target", c.id}, {"condition", kConditions[d.condition]}};
    json until = until_for(d.duration);
    if (!until.is_null()) cmd["until"] = until;
    if (quiet(cmd)) d = CondDraft{};
  }
  ImGui::EndDisabled();
  end_card();
}

// ---- exhaustion, inspiration, hero points ---------------------------------------------------------------
std::string exhaustion_effects_text(const Creature& c) {
  const auto& st = model().state();
  campaign::ExhaustionEffects e = campaign::exhaustion_effects(c, st.settings.exhaustion_edition);
  std::vector<std::string> parts;
  if (e.dead) return T("ui.sheet.exh.dead");
  if (e.d20_penalty) parts.push_back(Tf("ui.sheet.exh.d20", {{"n", e.d20_penalty}}));
  if (e.disadvantage_checks) parts.push_back(T("ui.sheet.exh.dis_checks"));
  if (e.disadvantage_attacks_saves) parts.push_back(T("ui.sheet.exh.dis_attacks"));
  if (e.hp_max_halved) parts.push_back(T("ui.sheet.exh.hp_half"));
  if (e.speed != c.speed) parts.push_back(Tf("ui.sheet.exh.speed", {{"ft", e.speed}}));
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
      quiet({{"type", "SetExhaustion"}, {"target", c.id}, {"change", -1}});
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
      quiet({{"type", "SetExhaustion"}, {"target", c.id}, {"change", 1}});
    ImGui::EndDisabled();
    track("sheet.exh.plus", "+");
  }
  ImGui::PopFont();
  if (dm && rule_on(rules::kRageExhaustion)) {
    ImGui::SameLine();
    ImGui::BeginDisabled(c.exhaustion >= 6);
    if (big_button(T("ui.sheet.exh.rage"), ImVec2(ImGui::GetContentRegionAvail().x, kTouchTarget)))
      quiet({{"type", "SetExhaustion"}, {"target", c.id}, {"change", 1}, {"source", "rage"}});
    ImGui::EndDisabled();
    track("sheet.exh.rage", T("ui.sheet.exh.rage"));
  }
  std::string srcs;
  for (const auto& [src, n] : c.exhaustion_sources) {
    if (n <= 0) continue;
    srcs += (srcs.empty() ? "" : ", ") + Tk_or("campaign.source.", src, src) + " " + std::to_string(n);
  }
  if (!srcs.empty()) muted(Tf("ui.sheet.exh.sources", {{"sources", srcs}}).c_str());
  if (c.exhaustion > 0) muted(exhaustion_effects_text(c).c_str());
}

void luck_block(const Creature& c) {
  const bool dm = !ui_player_mode();
  const bool heroes = rule_on(rules::kHeroPoints) || c.hero_points > 0;
  const float w = heroes ? split_width(2) : ImGui::GetContentRegionAvail().x;
  ImGui::BeginDisabled(!dm || c.death_saves.dead);
  if (toggle_button((std::string("\xE2\x98\x85 ") + T("ui.creature.inspiration")).c_str(), c.inspiration, "sheet.inspiration",
                    ImVec2(w, kTouchTarget)))
    quiet({{"type", "SetInspiration"}, {"target", c.id}, {"value", !c.inspiration}});
  ImGui::EndDisabled();
  if (!heroes) return;
  ImGui::SameLine();
  ImGui::BeginGroup();
  const float bw = 48;
  ImGui::BeginDisabled(!dm || c.hero_points <= 0);
  if (big_button("\xE2\x88\x92##hp", ImVec2(bw, kTouchTarget)))
    quiet({{"type", "SetHeroPoints"}, {"target", c.id}, {"change", -1}});
  ImGui::EndDisabled();
  track("sheet.hero.minus", "-");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(("\xE2\x9C\xA6 " + Tf("ui.creature.hero_points_n", {{"n", c.hero_points}})).c_str());
  ImGui::SameLine();
  ImGui::BeginDisabled(!dm);
  if (big_button("+##hp", ImVec2(bw, kTouchTarget))) quiet({{"type", "SetHeroPoints"}, {"target", c.id}, {"change", 1}});
  ImGui::EndDisabled();
  track("sheet.hero.plus", "+");
  ImGui::EndGroup();
}

// ---- injuries and scars ----------------------------------------------------------------------------------
void treat(const Creature& c, const campaign::Injury& inj, const std::string& method, json extra = json::object()) {
  json cmd = {{"type", "TreatInjury"}, {"target", c.id}, {"injury", inj.id}, {"method", method}};
  for (auto it = extra.begin(); it != extra.end(); ++it) cmd[it.key()] = it.value();
  dispatch_and_tell(cmd, 8.0);
}

void injury_cures(const Creature& c, const campaign::Injury& inj) {
  const json cure = inj.effects.is_object() && inj.effects.contains("cure") ? inj.effects["cure"] : json::object();
  const std::string base = "sheet.injury." + inj.id;
  const bool module = has_command("TreatInjury") && rule_on(rules::kLingeringInjuries);
  if (!module) {
    if (big_button(T("ui.injury.cured"), ImVec2(0, 48))) dispatch_and_tell({{"type", "CureInjury"}, {"target", c.id}, {"injury", inj.id}});
    track(base + ".cure", T("ui.injury.cured"));
    return;
  }
  const std::string cid = c.id, iid = inj.id;
  std::vector<std::pair<std::string, std::function<void()>>> options;
  if (cure.value("magic", false) || cure.contains("magic_min_level")) {
    int min_level = cure.value("magic_min_level", 1);
    options.push_back({Tf("ui.injury.cure.magic", {{"min", min_level}}), [cid, iid, min_level] {
                         pad::open_value(T("ui.injury.spell_level"), std::max(1, min_level), 1, 9, [cid, iid](int lvl) {
                           dispatch_and_tell({{"type", "TreatInjury"}, {"target", cid}, {"injury", iid}, {"method", "magic"}, {"spell_level", lvl}}, 8.0);
                         });
                       }});
  }
  if (cure.value("regrowth", false))
    options.push_back({T("ui.injury.cure.regrowth"), [cid, iid] {
                         pad::open_value(T("ui.injury.spell_level"), 7, 1, 9, [cid, iid](int lvl) {
                           dispatch_and_tell({{"type", "TreatInjury"}, {"target", cid}, {"injury", iid}, {"method", "regrowth"}, {"spell_level", lvl}}, 8.0);
                         });
                       }});
  if (cure.value("remove_poison", false))
    options.push_back({T("ui.injury.cure.remove_poison"), [&c, &inj] { treat(c, inj, "remove_poison"); }});
  if (cure.contains("medicine_dc")) {
    int dc = cure.value("medicine_dc", 10);
    options.push_back({Tf("ui.injury.cure.medicine_roll", {{"dc", dc}}), [&c, &inj] { treat(c, inj, "medicine"); }});
    options.push_back({Tf("ui.injury.cure.medicine_enter", {{"dc", dc}}), [cid, iid] {
                         pad::open_value(T("ui.injury.medicine_check"), 10, -10, 60, [cid, iid](int total) {
                           dispatch_and_tell({{"type", "TreatInjury"}, {"target", cid}, {"injury", iid}, {"method", "medicine"}, {"check", total}}, 8.0);
                         }, true);
                       }});
  }
  if (cure.contains("rest_days") && !cure.value("splint", false))
    options.push_back({Tf("ui.injury.cure.rest_days", {{"n", cure.value("rest_days", 0)}}), [&c, &inj] { treat(c, inj, "rest_days"); }});
  if (cure.contains("rest_only_days"))
    options.push_back({Tf("ui.injury.cure.rest_only_days", {{"n", cure.value("rest_only_days", 0)}}),
                       [&c, &inj] { treat(c, inj, "rest_only_days"); }});
  const float w = split_width(2);
  int k = 0;
  std::function<void()> run;
  for (auto& [label, fn] : options) {
    if (k % 2) ImGui::SameLine();
    ImGui::PushID(k);
    ImGui::PushFont(ui().fonts.small);
    if (big_button(label.c_str(), ImVec2(w, 48))) run = fn;
    ImGui::PopFont();
    ImGui::PopID();
    track(base + ".cure" + std::to_string(k), label);
    ++k;
  }
  if (has_command("RemoveInjury")) {
    ImGui::PushFont(ui().fonts.small);
    if (big_button(T("ui.injury.remove"), ImVec2(0, 44)))
      ask_confirm("injury.remove." + inj.id, Tf("ui.injury.remove_confirm", {{"text", inj.text.in(ui().lang)}}));
    ImGui::PopFont();
    track(base + ".remove", T("ui.injury.remove"));
    if (confirm_popup("injury.remove." + inj.id))
      dispatch_and_tell({{"type", "RemoveInjury"}, {"target", cid}, {"injury", iid}});
  }
  if (run) run();
}

void injuries_block(const Creature& c) {
  const bool module = rule_on(rules::kLingeringInjuries);
  if (!module && c.injuries.empty() && c.scars.empty()) return;
  section(T("ui.sheet.injuries"));
  if (module) {
    rules::InjuryEffects fx = rules::injury_effects(c);
    std::vector<std::string> lines;
    for (const auto& r : fx.disadvantage) {
      lines.push_back(Tf("ui.injury.fx.disadvantage", {{"what", Tk_or("tables.roll.", r, r)}}));
    }
    for (const auto& r : fx.advantage) {
      lines.push_back(Tf("ui.injury.fx.advantage", {{"what", Tk_or("tables.roll.", r, r)}}));
    }
    if (fx.no_reactions) lines.push_back(T("ui.injury.fx.no_reactions"));
    if (fx.one_hand) lines.push_back(T("ui.injury.fx.one_hand"));
    if (fx.action_or_bonus) lines.push_back(T("ui.injury.fx.action_or_bonus"));
    if (fx.needs_crutch) lines.push_back(T("ui.injury.fx.crutch"));
    if (fx.dash_prone) lines.push_back(T("ui.injury.fx.dash_prone"));
    if (fx.dash_save_dc) lines.push_back(Tf("ui.injury.fx.dash_save", {{"dc", fx.dash_save_dc}}));
    if (fx.verbal_spell_fail_d20) lines.push_back(Tf("ui.injury.fx.verbal", {{"n", fx.verbal_spell_fail_d20}}));
    for (const auto& s : fx.combat_saves) lines.push_back(Tf("ui.injury.fx.combat_save", {{"dc", s.dc}}));
    if (fx.max_hp_per_day) lines.push_back(Tf("ui.injury.fx.max_hp_day", {{"n", -fx.max_hp_per_day}}));
    if (fx.hp_per_hour) lines.push_back(Tf("ui.injury.fx.hp_hour", {{"n", -fx.hp_per_hour}}));
    if (fx.exhaustion_floor) lines.push_back(Tf("ui.injury.fx.exhaustion", {{"n", fx.exhaustion_floor}}));
    for (const auto& l : lines) ImGui::BulletText("%s", l.c_str());
  }
  int shown = 0;
  for (const auto& inj : c.injuries) {
    if (inj.cured) continue;
    ++shown;
    ImGui::PushID(inj.id.c_str());
    begin_card("##inj", col_tint(hue_red(), 0.22f));
    // The injury's name big, its full text (mechanics and cure) below in the small font.
    const std::string kind = inj.effects.is_object() ? inj.effects.value("injury", std::string()) : std::string();
    const std::string name = kind.empty() ? std::string() : Tk_or("tables.injury.", kind, std::string());
    ImGui::PushFont(ui().fonts.big);
    ImGui::TextWrapped("%s", ("\xE2\x9A\x95 " + (name.empty() ? inj.text.in(ui().lang) : name)).c_str());
    ImGui::PopFont();
    track("sheet.injury." + inj.id, inj.text.in(ui().lang));
    std::string since = Tf("ui.injury.since", {{"when", clock_text(inj.since_minutes)}});
    if (inj.table_row > 0) {
      std::string table = tables::has_table(inj.table) ? tables::table(inj.table).title.in(ui().lang) : inj.table;
      since += "  \xC2\xB7  " + Tf("ui.injury.row", {{"table", table}, {"roll", inj.table_row}});
    }
    ImGui::PushFont(ui().fonts.small);
    if (!name.empty()) ImGui::TextWrapped("%s", inj.text.in(ui().lang).c_str());
    muted(since.c_str());
    ImGui::PopFont();
    if (!ui_player_mode()) injury_cures(c, inj);
    end_card();
    ImGui::PopID();
  }
  if (shown == 0) muted(T("ui.injury.none"));
  if (!ui_player_mode() && module && has_command("RollInjury") && !c.death_saves.dead) {
    if (big_button(T("ui.injury.roll"), ImVec2(0, 48))) dispatch_and_tell({{"type", "RollInjury"}, {"target", c.id}}, 8.0);
    track("sheet.injury.roll", T("ui.injury.roll"));
  }
  if (!c.scars.empty()) {
    ImGui::TextUnformatted(T("ui.sheet.scars"));
    for (const auto& s : c.scars) ImGui::BulletText("%s", s.text.in(ui().lang).c_str());
  }
}

// ---- inventory and encumbrance ---------------------------------------------------------------------------
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
  const bool module = rule_on(rules::kVariantEncumbrance);
  if (!dm && c.inventory.empty()) return;
  section(T("ui.sheet.inventory"));
  if (module) {
    rules::Encumbrance e = rules::encumbrance(model().state(), c);
    const float w = ImGui::GetContentRegionAvail().x, h = 26;
    ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(w, h));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), ImGui::GetColorU32(ImVec4(0, 0, 0, 0.35f)), 6);
    double maxv = std::max(1.0, e.max);
    float f = static_cast<float>(std::min(1.0, e.carried / maxv));
    ImVec4 col = e.level == "none" ? col_good() : e.level == "encumbered" ? col_hp(0.4f) : col_bad();
    if (f > 0) dl->AddRectFilled(p, ImVec2(p.x + w * f, p.y + h), ImGui::GetColorU32(col), 6);
    for (double t : {e.encumbered_over, e.heavily_over}) {
      float x = p.x + w * static_cast<float>(t / maxv);
      dl->AddLine(ImVec2(x, p.y), ImVec2(x, p.y + h), ImGui::GetColorU32(ImGuiCol_Text), 2);
    }
    std::string label = Tf("ui.load.carried", {{"lb", fmt_lb(e.carried)}, {"max", fmt_lb(e.max)}});
    ImFont* small = ui().fonts.small;
    float ss = small->FontSize * ImGui::GetIO().FontGlobalScale;
    dl->AddText(small, ss, ImVec2(p.x + 8, p.y + (h - ss) * 0.5f), IM_COL32(255, 255, 255, 255), label.c_str());
    track("sheet.load", e.level);
    std::string level = Tk("ui.load.", e.level);
    if (e.speed_penalty) level += "  \xC2\xB7  " + Tf("ui.load.speed", {{"ft", e.speed_penalty}});
    ImGui::TextWrapped("%s", level.c_str());
    muted(Tf("ui.load.thresholds", {{"enc", fmt_lb(e.encumbered_over)}, {"heavy", fmt_lb(e.heavily_over)}}).c_str());
    if (!e.disadvantage.empty()) muted(T("ui.load.disadvantage"));
    if (e.small_halving || e.dwarf_halving) muted(T("ui.load.halved"));
    dwarf_armor_control(c);
  } else {
    muted(Tf("ui.load.total", {{"lb", fmt_lb(campaign::carried_weight(c))}}).c_str());
  }
  int i = 0;
  for (const auto& it : c.inventory) {
    ImGui::PushID(i);
    std::string line = it.name + (it.qty != 1 ? "  \xC3\x97" + std::to_string(it.qty) : "") + "  \xC2\xB7  " +
                       fmt_lb(it.weight * it.qty) + " lb" + (it.worn ? "  \xC2\xB7  " + std::string(T("ui.item.worn")) : "");
    const float bw = 52;
    ImGui::AlignTextToFramePadding();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - (dm ? bw + gap() : 0));
    ImGui::TextUnformatted(line.c_str());
    ImGui::PopTextWrapPos();
    if (dm) {
      ImGui::SameLine(ImGui::GetContentRegionMax().x - bw);
      if (big_button("\xE2\x9C\x95", ImVec2(bw, kTouchTarget))) {
        json inv = c.inventory;
        inv.erase(inv.begin() + i);
        update(c, {{"inventory", inv}});
      }
      track("sheet.item.remove." + std::to_string(i), it.name);
    }
    ImGui::PopID();
    ++i;
  }
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
  stepper("w", T("ui.item.weight"), d.weight, 0, 500, "sheet.item.weight");
  stepper("q", T("ui.item.qty"), d.qty, 1, 999, "sheet.item.qty");
  const float bw = split_width(2);
  if (big_button(T("ui.common.cancel"), ImVec2(bw, 52))) d = ItemDraft{};
  ImGui::SameLine();
  ImGui::BeginDisabled(d.name.empty());
  if (colored_button(T("ui.sheet.add"), col_good(), ImVec2(bw, 52), "sheet.item.ok")) {
    json inv = c.inventory;
    inv.push_back({{"name", d.name}, {"weight", d.weight}, {"qty", d.qty}});
    if (update(c, {{"inventory", inv}})) d = ItemDraft{};
  }
  ImGui::EndDisabled();
  end_card();
}

// ---- intelligence ----------------------------------------------------------------------------------------
struct PickDraft {
  std::string for_id, name;
  int kind = 0;
};

void intelligence_block(const Creature& c) {
  if (!rule_on(rules::kIntelligence)) return;
  section(T("ui.int.title"));
  rules::IntelligenceView v = rules::intelligence_view(model().state(), c);
  auto yes_no = [](bool ok, const char* what) {
    std::string s = std::string(ok ? "\xE2\x9C\x93 " : "\xE2\x9C\x95 ") + T(what);
    ImGui::PushStyleColor(ImGuiCol_Text, ok ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : col_bad());
    ImGui::TextWrapped("%s", s.c_str());
    ImGui::PopStyleColor();
  };
  yes_no(v.can_speak, "ui.int.speak");
  yes_no(v.can_read_write, "ui.int.read");
  if (!v.can_read_write) muted(v.can_learn_reading ? T("ui.int.can_learn_reading") : T("ui.int.never_reading"));
  yes_no(v.can_count, "ui.int.count");
  ImGui::TextWrapped("%s", Tf("ui.int.points", {{"points", v.points}, {"active", v.active}, {"free", v.free}}).c_str());
  track("sheet.int.points", std::to_string(v.points));
  for (const auto& p : v.picks) {
    std::string line = Tk_or("ui.int.kind.", p.pick.kind, p.pick.kind) + ": " + p.pick.name;
    if (!p.active) line += "  (" + std::string(T("ui.int.inactive")) + ")";
    ImGui::BulletText("%s", line.c_str());
  }
  if (ui_player_mode()) return;
  literacy_controls(c, v);
  static PickDraft d;
  const bool can_pick = v.window_open && v.free > 0 && has_command("PickIntelligence");
  if (!can_pick) {
    if (v.free > 0 && !v.window_open) muted(T("ui.int.window_closed"));
    pick_window_control(c, v);
    return;
  }
  if (d.for_id != c.id) d = PickDraft{c.id, "", 0};
  static const char* const kinds[] = {"skill", "tool", "language", "expertise"};
  std::vector<std::string> labels;
  for (const char* k : kinds) labels.push_back(T(std::string("ui.int.kind.") + k));
  ImGui::PushFont(ui().fonts.small);
  segmented("pickkind", labels, d.kind, "sheet.int.kind", {"skill", "tool", "language", "expertise"});
  ImGui::PopFont();
  text_field("##pickname", T("ui.int.pick_name"), d.name);
  track("sheet.int.name", d.name);
  ImGui::BeginDisabled(d.name.empty());
  if (colored_button(T("ui.int.pick"), col_good(), ImVec2(0, 52), "sheet.int.pick")) {
    if (quiet({{"type", "PickIntelligence"}, {"target", c.id}, {"kind", kinds[d.kind]}, {"name", d.name}}))
      d.name.clear();
  }
  ImGui::EndDisabled();
  pick_window_control(c, v);
}

// ---- attunement, renown, afflictions, notes ------------------------------------------------------------
void string_list_editor(const Creature& c, const char* field, const json& list, const char* add_key, const std::string& test,
                        size_t max_items) {
  const bool dm = !ui_player_mode();
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
        update(c, {{field, next}});
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
      if (update(c, {{field, next}})) text.clear();
    }
    track(test + ".add", T("ui.sheet.add"));
  }
  ImGui::PopID();
}

void attunement_block(const Creature& c) {
  section(Tf("ui.sheet.attunement", {{"n", static_cast<int>(c.attunement.size())}}).c_str());
  json list = c.attunement;
  for (size_t k = c.attunement.size(); k < 3; ++k) {
    ImGui::PushStyleColor(ImGuiCol_Text, col_muted());
    ImGui::BulletText("%s", T("ui.sheet.free_slot"));
    ImGui::PopStyleColor();
  }
  string_list_editor(c, "attunement", list, "ui.sheet.attune_hint", "sheet.attune", 3);
}

void renown_block(const Creature& c) {
  const bool dm = !ui_player_mode();
  if (!dm && c.renown.empty()) return;
  section(T("ui.sheet.renown"));
  for (const auto& [faction, value] : c.renown) {
    ImGui::PushID(faction.c_str());
    const float bw = 48;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted((faction + ": " + std::to_string(value)).c_str());
    if (dm) {
      ImGui::SameLine(ImGui::GetContentRegionMax().x - 2 * bw - gap());
      if (big_button("\xE2\x88\x92", ImVec2(bw, kTouchTarget))) update(c, {{"renown", {{faction, value - 1}}}});
      ImGui::SameLine();
      if (big_button("+", ImVec2(bw, kTouchTarget))) update(c, {{"renown", {{faction, value + 1}}}});
      track("sheet.renown." + faction, std::to_string(value));
    }
    ImGui::PopID();
  }
  if (!dm) return;
  static std::map<std::string, std::string> drafts;
  std::string& text = drafts[c.id];
  text_field("##faction", T("ui.sheet.faction_hint"), text);
  track("sheet.renown.text", text);
  ImGui::BeginDisabled(text.empty() || c.renown.count(text));
  if (big_button(T("ui.sheet.add_faction"), ImVec2(0, 48))) {
    if (update(c, {{"renown", {{text, 0}}}})) text.clear();
  }
  ImGui::EndDisabled();
  track("sheet.renown.add", T("ui.sheet.add_faction"));
}

void afflictions_block(const Creature& c) {
  const bool dm = !ui_player_mode();
  struct Part {
    const char* field;
    const char* title;
    const json* list;
  } parts[] = {{"diseases", "ui.sheet.diseases", &c.diseases},
               {"poisons", "ui.sheet.poisons", &c.poisons},
               {"madness", "ui.sheet.madness", &c.madness}};
  for (const auto& p : parts) {
    if (!dm && p.list->empty()) continue;
    section(T(p.title));
    if (p.list->empty()) muted(T("ui.sheet.none"));
    string_list_editor(c, p.field, *p.list, "ui.sheet.affliction_hint", std::string("sheet.") + p.field, 50);
  }
}

void potions_block(const Creature& c) {
  if (!rule_on(rules::kPotions)) return;
  const int t = model().state().settings.potion_warning_threshold;
  section(T("ui.sheet.potions"));
  std::string s = Tf("ui.sheet.potions_drunk", {{"n", c.potions_drunk_since_long_rest}, {"threshold", t}});
  if (c.potions_drunk_since_long_rest > t) {
    ImGui::PushStyleColor(ImGuiCol_Text, col_bad());
    ImGui::TextWrapped("%s", s.c_str());
    ImGui::PopStyleColor();
  } else {
    ImGui::TextWrapped("%s", s.c_str());
  }
  track("sheet.potions", std::to_string(c.potions_drunk_since_long_rest));
  if (ui_player_mode() || c.death_saves.dead || !has_command("DrinkPotion")) return;
  static std::map<std::string, std::string> names, heals;
  std::string& name = names[c.id];
  std::string& heal = heals[c.id];
  text_field("##potion", T("ui.sheet.potion_name"), name);
  track("sheet.potion.name", name);
  text_field("##potionheal", T("ui.sheet.potion_heal"), heal);
  track("sheet.potion.heal", heal);
  ImGui::BeginDisabled(name.empty());
  if (big_button(T("ui.sheet.drink"), ImVec2(0, 52))) {
    json cmd = {{"type", "DrinkPotion"}, {"target", c.id}, {"name", name}};
    if (!heal.empty()) {
      bool digits = std::all_of(heal.begin(), heal.end(), ::isdigit);
      cmd["heal"] = digits ? json(std::stoi(heal.substr(0, 6))) : json(heal);
    }
    if (dispatch_and_tell(cmd, 8.0)) name.clear(), heal.clear();
  }
  ImGui::EndDisabled();
  track("sheet.potion.drink", T("ui.sheet.drink"));
}

void level_up_block(const Creature& c) {
  if (ui_player_mode() || c.death_saves.dead || !has_command("LevelUp") || !rule_on(rules::kLevelUp)) return;
  if (c.kind != "pc" && c.kind != "sidekick" && c.kind != "npc") return;
  section(Tf("ui.sheet.level_up", {{"n", c.level + 1}}).c_str());
  if (c.hit_die <= 0) {
    muted(T("ui.sheet.level_up_no_die"));
    return;
  }
  const float w = split_width(3);
  const std::string id = c.id;
  ImGui::PushFont(ui().fonts.small);
  if (big_button(Tf("ui.sheet.level_roll", {{"die", c.hit_die}}).c_str(), ImVec2(w, 52)))
    dispatch_and_tell({{"type", "LevelUp"}, {"target", id}}, 8.0);
  track("sheet.levelup.roll", "roll");
  ImGui::SameLine();
  if (big_button(T("ui.sheet.level_enter"), ImVec2(w, 52)))
    pad::open_value(Tf("ui.sheet.level_die", {{"die", c.hit_die}}), 1, 1, c.hit_die, [id](int n) {
      dispatch_and_tell({{"type", "LevelUp"}, {"target", id}, {"rolls", {n}}}, 8.0);
    });
  track("sheet.levelup.enter", "enter");
  ImGui::SameLine();
  if (big_button(T("ui.sheet.level_average"), ImVec2(w, 52)))
    dispatch_and_tell({{"type", "LevelUp"}, {"target", id}, {"average", true}}, 8.0);
  track("sheet.levelup.average", "average");
  ImGui::PopFont();
  if (rule_on(rules::kHpRoll)) muted(T("ui.sheet.level_reroll_note"));
}

struct NotesDraft {
  std::string for_id, text;
  long long at_tx = -1;
};

void notes_block(const Creature& c) {
  const bool dm = !ui_player_mode();
  if (!dm && (c.notes.empty() || !is_party(c))) return;
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
  if (big_button(T("ui.sheet.save_notes"), ImVec2(0, 52))) update(c, {{"notes", d.text}});
  ImGui::EndDisabled();
  track("sheet.notes.save", T("ui.sheet.save_notes"));
}

void actions_block(const Creature& c) {
  if (ui_player_mode()) return;
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  const float w = split_width(2);
  if (big_button((std::string("\xE2\x9C\x8E ") + T("ui.sheet.edit")).c_str(), ImVec2(w, 56))) open_creature_editor_for(c.id);
  track("sheet.edit", T("ui.sheet.edit"));
  ImGui::SameLine();
  if (colored_button(T("ui.sheet.remove"), col_bad(), ImVec2(w, 56), "sheet.remove"))
    ask_confirm("sheet.remove." + c.id, Tf("ui.sheet.remove_confirm", {{"name", c.name}}));
  if (confirm_popup("sheet.remove." + c.id)) dispatch_and_tell({{"type", "RemoveCreature"}, {"target", c.id}});
}

}  // namespace

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
    float w = split_width(2);
    if (colored_button(T("ui.ds.roll"), col_accent(), ImVec2(w, 52), prefix + ".ds.roll"))
      dispatch_and_tell({{"type", "DeathSave"}, {"target", id}}, 7.0);
    ImGui::SameLine();
    if (big_button(T("ui.ds.enter"), ImVec2(w, 52)))
      pad::open_value(T("ui.ds.enter_title"), 10, 1, 20, [id](int n) {
        dispatch_and_tell({{"type", "DeathSave"}, {"target", id}, {"roll", n}}, 7.0);
      });
    track(prefix + ".ds.enter", T("ui.ds.enter"));
    if (colored_button(T("ui.ds.success"), col_good(), ImVec2(w, 52), prefix + ".ds.success"))
      dispatch_and_tell({{"type", "DeathSave"}, {"target", id}, {"result", "success"}}, 7.0);
    ImGui::SameLine();
    if (colored_button(T("ui.ds.failure"), col_bad(), ImVec2(w, 52), prefix + ".ds.failure"))
      dispatch_and_tell({{"type", "DeathSave"}, {"target", id}, {"result", "failure"}}, 7.0);
    if (big_button(T("ui.ds.stabilize"), ImVec2(0, 52))) dispatch_and_tell({{"type", "Stabilize"}, {"target", id}});
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
  if (resurrection_open(id)) {  // the ritual's flow takes the sheet's place until it is closed
    draw_resurrection(id);
    ImGui::PopID();
    return;
  }
  header(c, show_back, back);
  hp_block(c);
  if (ui_player_mode() && !is_party(c)) {
    // What a player may know of an NPC or a monster (as io::player_view): health, conditions, injuries.
    conditions_block(c);
    injuries_block(c);
    ImGui::PopID();
    return;
  }
  stats_block(c);
  conditions_block(c);
  exhaustion_block(c);
  luck_block(c);
  injuries_block(c);
  level_up_block(c);
  potions_block(c);
  inventory_block(c);
  intelligence_block(c);
  attunement_block(c);
  renown_block(c);
  afflictions_block(c);
  notes_block(c);
  actions_block(c);
  ImGui::PopID();
}

}  // namespace druzina::ui
