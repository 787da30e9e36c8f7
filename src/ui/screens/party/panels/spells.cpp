// Rule "spells" on the sheet: her own spells first, one tap each (the ones she cast last, then those she added to her
// list: PrepareSpell from a spell's card), then the spell list searched by name (cs/uk/en; a class caster's own class
// list, a monster's own spells when nothing is typed), a spell's card with its facts and its dice at each slot level
// she has, and Cast: the slot level (its own or higher, with the slots left on each), the targets (the fight's, else
// everyone's; each with its HP as this phone may show them, no hidden creature in player mode), Cast → CastSpell (the
// slot spent, the targets' saves asked at her DC as cards, concentration started); a spell with damage or healing dice
// first opens the number pad for the total she rolled at the table (CastSpell {total}), or Roll for me (the app rolls).
// Players cast from their own sheet in player mode. A player live on her copy of the DM's table (ui/screens/live) casts
// her own character's spells by a request (cast: CastSpell's parameters) to the DM's phone, which keeps her slots and
// runs the cast (rolling what she left to it: Roll for me, a spell attack); the panel shows each as sent / waiting /
// accepted / declined with the reason (the spell-slot pips' lines, draw_live_answers).
// Test ids: sheet.spells.mine.<id> (her list), sheet.spells.search, sheet.spells.pick.<id>, sheet.spells.keep (on the
// card: "In my spells" on or off), sheet.spells.card (label: the facts), sheet.spells.level.<n>,
// sheet.spells.target.<creature> (label: the name and its HP as shown here), sheet.spells.cast, sheet.spells.ritual,
// sheet.spells.close; live: sheet.spells.live (the hint), sheet.spells.request.<her request's number>; on the pad
// pad.ok (the table's total) and pad.spell_roll. A spell that makes spell attacks (Fire Bolt, Scorching Ray's rays)
// cast at targets rolls each attack against its target's AC (sheet.spells.adv / sheet.spells.dis), the damage only on
// a hit: the pad first asks the d20s rolled at the table (list mode, pad.ok) or Roll for me (pad.spell_roll: the app
// rolls the attacks and the damage); with the d20s typed, it asks the damage of each hit in turn ("Scorching Ray 2/3
// → Goblin: damage?", within what its dice can make, a critical hit's doubled; pad.ok: Next, the last one Cast) →
// CastSpell {attack_rolls, totals} (live: the request). The card sheet.spells.attacks (OK: sheet.spells.attacks.ok)
// shows each attack. Contagion with the diseases rule on: its disease picked (sheet.spells.disease.<disease id>),
// kept by that rule on the target's sheet once the touch hits. Her count, "Prepared 6/8 · Cantrips 2/4"
// (sheet.spells.count), above her list and on the card; adding one more is refused with the reason, then
// sheet.spells.add_anyway (the DM allows it).
//
// Index:
//   [SECTION] the draft, the cards and the lists
//   [SECTION] Cast: on this phone, or live a request
//   [SECTION] the pads: the table's total, the d20s, each hit's damage
//   [SECTION] the panel
#include <imgui.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "core/campaign/derived.hpp"
#include "core/rules/classes/classes.hpp"
#include "core/rules/diseases/diseases.hpp"
#include "core/rules/spell_slots/spell_slots.hpp"
#include "core/rules/spells/spells.hpp"
#include "ui/rule_panels.hpp"
#include "ui/screens/live/live.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/screens/party/panels/panels.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/number_pad.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui::panels {

using campaign::Creature;
using nlohmann::json;

namespace {

// [SECTION] the draft, the cards and the lists ------------------------------------------------------------------------
struct Draft {
  std::string query;
  std::string spell;  // the chosen spell's id
  int level = 0;
  std::set<std::string> targets;
  bool adv = false, dis = false;  // a spell attack's
  std::string disease;            // Contagion's disease of her choice (the diseases rule's)
  bool offer_anyway = false;      // her list is full: "Add anyway" (the DM allows it) after the refusal
};

// The spell attacks of her last cast (its card stays until OK).
std::map<std::string, std::vector<rules::SpellAttack>>& attack_results() {
  static std::map<std::string, std::vector<rules::SpellAttack>> r;
  return r;
}

// "Prepared 6/8 · Cantrips 2/4" (what her class prepares or knows; nothing when it counts none).
std::string count_line(const rules::SpellListCount& n) {
  std::string out;
  if (n.spells_max > 0)
    out = Tf(n.prepares ? "ui.spells.count_prepared" : "ui.spells.count_known", jobj{"n", n.spells, "max", n.spells_max});
  if (n.cantrips_max > 0)
    out += (out.empty() ? "" : " · ") + Tf("ui.spells.count_cantrips", jobj{"n", n.cantrips, "max", n.cantrips_max});
  return out;
}

// Her last spell attacks: each target's d20, hit or miss against its AC, the damage dealt on a hit.
void attack_card(const Creature& c) {
  auto it = attack_results().find(c.id);
  if (it == attack_results().end()) return;
  begin_card("##spellattacks", col_tint(hue_blue()));
  std::string all;
  for (const auto& a : it->second) {
    const rules::AttackResult& r = a.attack;
    std::string dice;
    for (const int d : r.rolls) dice += (dice.empty() ? "" : " / ") + std::to_string(d);
    const std::string line = Tf("ui.spells.attack_line", jobj{"target", creature_name(r.target), "dice", dice,
                                                              "bonus", signed_num(r.bonus), "total", r.total});
    ImGui::TextWrapped("%s", line.c_str());
    std::string verdict = Tf(r.critical ? "ui.attack.critical" : r.hit ? "ui.attack.hit" : "ui.attack.miss", jobj{"ac", r.ac});
    if (a.damage >= 0) verdict += " · " + Tf("ui.spells.hit_damage", jobj{"damage", a.damage, "dice", dice_notation(ui().lang, a.dice)});
    ImGui::PushStyleColor(ImGuiCol_Text, r.hit ? col_good() : col_bad());
    ImGui::TextWrapped("%s", verdict.c_str());
    ImGui::PopStyleColor();
    all += line + " " + verdict + "\n";
  }
  const bool ok = big_button(T("ui.spells.results_close"), ImVec2(0, kTouchTarget));
  track("sheet.spells.attacks.ok", T("ui.spells.results_close"));
  end_card();
  track("sheet.spells.attacks", all);  // the card
  if (ok) attack_results().erase(c.id);
}

std::map<std::string, Draft>& drafts() {
  static std::map<std::string, Draft> d;
  return d;
}

// The spell's facts; its dice at each slot level as this caster rolls them (her modifier in place of MOD), up to
// the highest slot level she has (every level when she has none).
std::string facts_of(const rules::Spell& s, const Creature& caster, int mod, int highest) {
  const Lang lang = ui().lang;
  std::string out = rules::spell_level_text(s.level, lang) + " · " + rules::spell_school_text(s, lang);
  if (s.ritual) out += " · " + std::string(T("ui.spells.ritual_tag"));
  out += "\n" + rules::spell_casting_time_text(s, lang) + " · " + rules::spell_range_text(s, lang) + " · " + s.components +
         " · " + rules::spell_duration_text(s, lang);
  if (!s.save.empty())
    out += "\n" + Tf(s.on_save == "half" ? "ui.spells.save_half" : "ui.spells.save",
                     jobj{"ability", T(("rules.ability." + s.save).c_str())});
  if (!s.attack.empty()) out += "\n" + std::string(T("ui.spells.attack_roll"));
  const auto& table = s.heals() ? s.heal_dice : s.slot_dice;
  std::string dice;
  for (const auto& entry : table)
    if (highest <= 0 || entry.first <= std::max(highest, s.level))
      dice += (dice.empty() ? "" : " · ") + std::to_string(entry.first) + ": " + rules::spell_dice(s, entry.first, caster.level, mod);
  for (const auto& [lv, d] : s.char_dice) dice += (dice.empty() ? "" : " · ") + std::to_string(lv) + "+: " + d;
  if (!dice.empty()) {
    std::string type = s.damage_type.empty() ? std::string() : " (" + std::string(T(("campaign.damage." + s.damage_type).c_str())) + ")";
    out += "\n" + Tf(s.heals() ? "ui.spells.heal_dice" : "ui.spells.damage_dice", jobj{"dice", dice, "type", type});
  }
  return out;
}

// The spells a search shows: matching ones, a class caster's class first (a cleric's list), at most 8.
std::vector<const rules::Spell*> results(const Creature& c, const Draft& d, const rules::SlotsView& v) {
  std::vector<const rules::Spell*> out;
  if (d.query.empty()) {
    for (const auto& id : v.spells)
      if (const rules::Spell* s = rules::find_spell(id)) out.push_back(s);
    return out;
  }
  const auto found = rules::search_spells(d.query, ui().lang);
  std::vector<std::string> classes;
  for (const auto& k : rules::caster_classes(c)) classes.push_back(k.cls == "eldritch-knight" || k.cls == "arcane-trickster" ? "wizard" : k.cls);
  auto own = [&](const rules::Spell* s) {
    return std::any_of(s->classes.begin(), s->classes.end(),
                       [&](const std::string& k) { return std::find(classes.begin(), classes.end(), k) != classes.end(); });
  };
  for (const auto* s : found)
    if (own(s)) out.push_back(s);
  for (const auto* s : found)
    if (!own(s)) out.push_back(s);
  if (out.size() > 8) out.resize(8);
  return out;
}

std::vector<const Creature*> target_choices() {
  std::vector<const Creature*> out;
  const auto& st = model().state();
  if (st.encounter) {
    for (const auto& e : st.encounter->order)
      if (const Creature* x = creature(e.creature); x && !x->death_saves.dead && !hidden_from_players(*x)) out.push_back(x);
  } else {
    for (const auto& x : st.creatures)
      if (!x.death_saves.dead && !hidden_from_players(x)) out.push_back(&x);
  }
  return out;
}

// The spell picked: at the lowest slot level she still has a slot of.
void pick(Draft& d, const rules::Spell& s, const rules::SlotsView& v) {
  d.spell = s.id;
  d.level = s.level;
  if (s.level > 0)
    for (int lv = s.level; lv <= 9; ++lv)
      if (v.left[static_cast<size_t>(lv - 1)] > 0 || (v.pact_level == lv && v.pact_left > 0)) {
        d.level = lv;
        break;
      }
  d.targets.clear();
  d.disease.clear();
  d.offer_anyway = false;
}

// Her list (PrepareSpell): the spells she cast last first, then her prepared or known ones in the order added.
std::vector<const rules::Spell*> my_spells(const Creature& c) {
  std::vector<const rules::Spell*> out;
  auto add = [&](const std::string& id) {
    const rules::Spell* s = rules::find_spell(id);
    if (s && std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  };
  for (const auto& id : rules::recent_spells(c)) add(id);
  for (const auto& id : rules::prepared_spells(c)) add(id);
  return out;
}

// [SECTION] Cast: on this phone, or live a request --------------------------------------------------------------------
// A player live on her own character: the DM's phone keeps her slots, so a cast is a request to it.
bool live_here(const Creature& c) { return ui_player_mode() && live_character_here() == c.id; }

// The cast as a request (CastSpell's parameters but its type and caster); true when sent.
bool request_cast(const json& cmd) {
  json args = cmd;
  args.erase("type");
  args.erase("caster");
  if (!live_request("cast", args)) {
    model().notify(T("ui.slots.not_live"), true);
    return false;
  }
  model().notify(T("ui.spells.requested"));
  return true;
}

// The cast on this phone (true: done), or live, the request to the DM's phone (true: sent).
bool run_cast(const json& cmd, bool live, double seconds = 6.0) {
  return live ? request_cast(cmd) : static_cast<bool>(dispatch_and_tell(cmd, seconds));
}

// Her cast requests and what became of them: "Fireball (3rd level): waiting for the DM".
void live_answers_of_casts() {
  muted(T("ui.spells.live_hint"));
  track("sheet.spells.live", T("ui.spells.live_hint"));
  draw_live_answers("cast", "sheet.spells.request", [](const json& args) {
    const json& id = args.contains("spell") ? args["spell"] : json();
    const rules::Spell* s = id.is_string() ? rules::find_spell(id.get<std::string>()) : nullptr;
    if (!s) return std::string(T("ui.live.kind.cast"));
    const json& lv = args.contains("level") ? args["level"] : json();
    const int level = lv.is_number_integer() ? std::clamp(lv.get<int>(), 0, 9) : s->level;
    return Tf("ui.spells.req", jobj{"spell", s->name_in(ui().lang), "level", rules::spell_level_text(level, ui().lang)});
  });
}

// [SECTION] the pads: the table's total, the d20s, each hit's damage --------------------------------------------------
// The damage or healing as the caster rolled it at the table (the pad), or Roll for me: the cast either way (live:
// the request, with the total or without it, and the DM's phone rolls).
void ask_total(const std::string& caster, const rules::Spell& s, const std::string& dice, const json& cmd, bool live) {
  pad::Request r;
  r.title = Tf("ui.spells.pad_title", jobj{"spell", s.name_in(ui().lang), "dice", dice_notation(ui().lang, dice)});
  r.subtitle = Tf("ui.prompt.enter_total", jobj{"dice", dice_notation(ui().lang, dice)});
  r.lo = 0;
  r.hi = 10000;
  r.actions.push_back({T("ui.prompt.roll_for_me"), "pad.spell_roll", col_accent(),
                       [caster, cmd, live](int) {
                         if (run_cast(cmd, live, 8.0)) drafts().erase(caster);
                       },
                       true});
  r.actions.push_back({T("ui.spells.pad_cast"), "pad.ok", col_good(), [caster, cmd, live](int total) {
                         json with = cmd;
                         with["total"] = total;
                         if (run_cast(with, live, 8.0)) drafts().erase(caster);
                       }});
  pad::open(std::move(r));
}

// A spell attack cast: its card shows each attack until OK (live: the request; the DM's phone rolls what is left).
void cast_attacks(const std::string& caster, const json& cmd, bool live) {
  if (live) {
    if (request_cast(cmd)) drafts().erase(caster);
  } else if (const Outcome o = dispatch_and_tell(cmd, 8.0)) {
    attack_results()[caster] = rules::spell_attacks(o.events);
    drafts().erase(caster);
  }
}

// The damage of each hit the typed d20s make, one pad a hit in turn (`from`: the next attack to look at), then the
// cast with them all (CastSpell {attack_rolls, totals}).
void ask_hit_damage(const std::string& caster, const json& cmd, bool live, std::vector<rules::SpellAttackPreview> preview,
                    size_t from, std::vector<int> totals) {
  size_t i = from;
  while (i < preview.size() && preview[i].dice.empty()) ++i;
  if (i >= preview.size()) {
    json with = cmd;
    if (!totals.empty()) with["totals"] = totals;
    cast_attacks(caster, with, live);
    return;
  }
  size_t next = i + 1;
  while (next < preview.size() && preview[next].dice.empty()) ++next;
  const rules::SpellAttackPreview& a = preview[i];
  const rules::Spell* s = rules::find_spell(cmd.value("spell", ""));
  std::string d20;
  for (const int r : a.attack.rolls) d20 += (d20.empty() ? "" : " / ") + std::to_string(r);
  pad::Request r;
  r.title = Tf("ui.spells.pad_hit", jobj{"spell", s ? s->name_in(ui().lang) : "", "i", i + 1, "n", preview.size(),
                                          "target", creature_name(a.attack.target)});
  r.subtitle = Tf("ui.spells.pad_hit_sub",
                  jobj{"d20", d20, "bonus", signed_num(a.attack.bonus), "total", a.attack.total, "verdict",
                       Tf(a.attack.critical ? "ui.attack.critical" : "ui.attack.hit", jobj{"ac", a.attack.ac}), "dice",
                       dice_notation(ui().lang, a.dice), "min", a.lo, "max", a.hi});
  r.lo = a.lo;
  r.hi = a.hi;
  const bool last = next >= preview.size();
  r.actions.push_back({T(last ? "ui.spells.pad_cast" : "ui.spells.pad_next"), "pad.ok", col_good(),
                       [caster, cmd, live, preview, i, totals](int total) mutable {
                         totals.push_back(total);
                         ask_hit_damage(caster, cmd, live, preview, i + 1, totals);
                       }});
  pad::open(std::move(r));
}

// A spell attack with damage dice: the d20s rolled at the table, then each hit's damage — or Roll for me.
void ask_attack_rolls(const std::string& caster, const rules::Spell& s, int attacks, bool adv, bool dis, const json& cmd,
                      bool live) {
  const int k = attacks * (adv != dis ? 2 : 1);
  pad::Request r;
  r.title = Tf("ui.spells.pad_d20s", jobj{"spell", s.name_in(ui().lang), "n", attacks});
  r.subtitle = Tf("ui.spells.pad_d20s_sub", jobj{"k", k});
  r.list = true;
  r.list_items = k;
  r.list_max = 20;
  auto parse = [](const std::string& t) {
    std::vector<int> out;
    size_t at = 0;
    while (at < t.size()) {
      const size_t sp = t.find(' ', at);
      const std::string one = t.substr(at, sp == std::string::npos ? std::string::npos : sp - at);
      if (!one.empty()) out.push_back(std::stoi(one));
      if (sp == std::string::npos) break;
      at = sp + 1;
    }
    return out;
  };
  r.list_valid = [k, parse](const std::string& t) {
    const std::vector<int> d = parse(t);
    return static_cast<int>(d.size()) == k && std::all_of(d.begin(), d.end(), [](int x) { return x >= 1 && x <= 20; });
  };
  r.actions.push_back({T("ui.prompt.roll_for_me"), "pad.spell_roll", col_accent(),
                       [caster, cmd, live](int) { cast_attacks(caster, cmd, live); }, true});
  r.actions.push_back({T("ui.pad.ok"), "pad.ok", col_good(), nullptr, false, [caster, cmd, live, parse](const std::string& t) {
                         json with = cmd;
                         with["attack_rolls"] = parse(t);
                         auto preview = rules::spell_attack_preview(model().state(), with);
                         if (preview.empty()) cast_attacks(caster, with, live);  // refused: the notice says why
                         else ask_hit_damage(caster, with, live, std::move(preview), 0, {});
                       }});
  pad::open(std::move(r));
}

// Cast (the pads first when it has dice to roll), Ritual, Close.
void cast_buttons(const Creature& c, const rules::Spell& s, Draft& d, int attacks, int mod) {
  const bool live = live_here(c);
  json cmd = jobj{"type", "CastSpell", "caster", c.id, "spell", s.id, "level", d.level};
  if (!d.disease.empty()) cmd["disease"] = d.disease;
  if (!d.targets.empty()) cmd["targets"] = json(std::vector<std::string>(d.targets.begin(), d.targets.end()));
  if (attacks > 0 && d.adv) cmd["advantage"] = true;
  if (attacks > 0 && d.dis) cmd["disadvantage"] = true;
  // Cast alone on its row, its label in the normal font (beside Close it was stepped down to the small one)
  const std::string cast = Tf("ui.spells.cast", jobj{"spell", s.name_in(ui().lang)});
  if (colored_button(cast.c_str(), col_accent(), ImVec2(0, kTouchTarget), "sheet.spells.cast")) {
    const std::string dice = rules::spell_dice(s, std::max(d.level, 1), std::max(1, c.level), mod);
    if (attacks > 0 && !d.targets.empty() && !dice.empty()) {  // the attacks decide which hits deal damage
      ask_attack_rolls(c.id, s, attacks, d.adv, d.dis, cmd, live);
    } else if (attacks > 0 && !d.targets.empty()) {  // no damage dice (Ray of Enfeeblement): the attack is rolled
      cast_attacks(c.id, cmd, live);
    } else if (dice.empty()) {
      if (run_cast(cmd, live)) drafts().erase(c.id);
    } else {
      ask_total(c.id, s, dice, cmd, live);
    }
  }
  const float bw = split_width(s.ritual ? 2 : 1);
  if (s.ritual) {
    json ritual = cmd;
    ritual["ritual"] = true;
    if (big_button(T("ui.spells.ritual"), ImVec2(bw, kTouchTarget)) && run_cast(ritual, live)) drafts().erase(c.id);
    track("sheet.spells.ritual", T("ui.spells.ritual"));
    ImGui::SameLine();
  }
  if (big_button(T("ui.spells.close"), ImVec2(bw, kTouchTarget))) drafts().erase(c.id);
  track("sheet.spells.close", T("ui.spells.close"));
}

// [SECTION] the panel -------------------------------------------------------------------------------------------------
// No spell chosen: her own list first (the spells she cast last, then the rest of her prepared or known ones), then
// the search.
void choose_spell(const Creature& c, Draft& d, const rules::SlotsView& v, const std::string& counts) {
  const auto mine = my_spells(c);
  if (!counts.empty()) {
    muted(counts.c_str());
    track("sheet.spells.count", counts);
  }
  if (!mine.empty()) {
    small_label(T("ui.spells.mine"));
    const float w = split_width(2);
    int col = 0;
    for (const rules::Spell* s : mine) {
      if (col++ % 2) ImGui::SameLine();
      const std::string text = fit_text(s->name_in(ui().lang), w - 16);
      ImGui::PushID(s->id.c_str());
      if (colored_button(text.c_str(), col_tint(hue_violet(), 0.35f), ImVec2(w, kTouchTarget), "sheet.spells.mine." + s->id))
        pick(d, *s, v);
      ImGui::PopID();
    }
  }
  text_field("##spellsearch", T(mine.empty() ? "ui.spells.search" : "ui.spells.search_all"), d.query);
  track("sheet.spells.search", d.query);
  for (const rules::Spell* s : results(c, d, v)) {
    if (d.query.empty() && std::find(mine.begin(), mine.end(), s) != mine.end()) continue;  // above already
    const std::string body = rules::spell_level_text(s->level, ui().lang) + " · " + rules::spell_school_text(*s, ui().lang);
    if (card_button("sheet.spells.pick." + s->id, s->name_in(ui().lang).c_str(), body.c_str())) pick(d, *s, v);
  }
}

// Contagion: the disease of her choice, kept by the diseases rule (its saves at the end of the target's turns).
void disease_picker(Draft& d, const rules::Spell& s) {
  if (s.hit_effect != "disease" || !rule_on(rules::kDiseases)) return;
  small_label(T("ui.spells.disease"));
  std::vector<Option> opts;
  int current = -1;
  for (const auto& dz : rules::disease_list()) {
    if (dz.kind != "contagion") continue;
    if (dz.id == d.disease) current = static_cast<int>(opts.size());
    opts.push_back({dz.id, dz.name.in(ui().lang)});
  }
  if (segmented("sheet.spells.disease", opts, current, 2)) d.disease = opts[static_cast<size_t>(current)].id;
}

}  // namespace

void spells(const Creature& c) {
  if (!rule_on(rules::kSpells)) return;
  const rules::SlotsView v = rules::slots_view(model().state(), c);
  if (!v.caster) return;
  if (c.death_saves.dead || (ui_player_mode() && !campaign::in_party(c))) return;
  section(T("ui.spells.title"));
  if (live_here(c)) live_answers_of_casts();
  attack_card(c);
  Draft& d = drafts()[c.id];
  const rules::SpellListCount counted = rules::spell_list_count(model().state(), c);
  const std::string counts = count_line(counted);
  const rules::Spell* chosen = d.spell.empty() ? nullptr : rules::find_spell(d.spell);
  if (!chosen) {
    choose_spell(c, d, v, counts);
    return;
  }
  const rules::Spell& s = *chosen;
  begin_card("##spellcard", col_tint(hue_violet(), 0.25f));
  ImGui::TextUnformatted(s.name_in(ui().lang).c_str());
  const int mod = v.ability.empty() ? 0 : campaign::modifier(c, v.ability);
  const std::string facts = facts_of(s, c, mod, v.highest());
  muted(facts.c_str());
  end_card();
  track("sheet.spells.card", s.name_in(ui().lang) + "\n" + facts);
  {
    const auto list = rules::prepared_spells(c);
    const bool kept = std::find(list.begin(), list.end(), s.id) != list.end();
    if (toggle_button(T(kept ? "ui.spells.kept" : "ui.spells.keep"), kept, "sheet.spells.keep", ImVec2(0, kTouchTarget))) {
      const bool full = s.level == 0 ? counted.cantrips_max > 0 && counted.cantrips >= counted.cantrips_max
                                     : counted.spells_max > 0 && counted.spells >= counted.spells_max;
      // refused when full (the reason in the notice); then the DM may allow one more
      if (!dispatch_and_tell(jobj{"type", "PrepareSpell", "target", c.id, "spell", s.id, "prepared", !kept}) && !kept && full)
        d.offer_anyway = true;
    }
    if (!counts.empty()) {
      muted(counts.c_str());
      track("sheet.spells.count", counts);
    }
    if (d.offer_anyway && !kept) {
      if (big_button(T("ui.spells.add_anyway"), ImVec2(0, kTouchTarget)) &&
          dispatch_and_tell(jobj{"type", "PrepareSpell", "target", c.id, "spell", s.id, "over_limit", true}))
        d.offer_anyway = false;
      track("sheet.spells.add_anyway", T("ui.spells.add_anyway"));
    }
  }
  if (s.level > 0) {
    small_label(T("ui.spells.slot_level"));
    std::vector<Option> opts;
    int current = -1;
    for (int lv = s.level; lv <= std::max(s.level, v.highest()); ++lv) {
      int left = v.left[static_cast<size_t>(lv - 1)];
      if (v.pact_level == lv) left += v.pact_left;
      if (lv == d.level) current = static_cast<int>(opts.size());
      opts.push_back({std::to_string(lv), Tf("ui.spells.level_left", jobj{"level", lv, "left", left})});
    }
    if (segmented("sheet.spells.level", opts, current, 3)) d.level = std::stoi(opts[static_cast<size_t>(current)].id);
  }
  if (s.damages() || s.heals() || !s.save.empty()) {
    small_label(T("ui.spells.targets"));
    const auto choices = target_choices();
    const float w = split_width(2);
    int col = 0;
    for (const Creature* x : choices) {
      if (col++ % 2) ImGui::SameLine();
      const bool on = d.targets.count(x->id) > 0;
      // its HP as this phone may show them (player mode: the status word or nothing, per the HP visibility)
      const std::string hp = hp_shown(*x);
      const float hp_w = ImGui::CalcTextSize(hp.c_str()).x;
      const std::string text = fit_text(x->name, w - 48 - hp_w) + "  " + hp;
      if (toggle_button(text.c_str(), on, "sheet.spells.target." + x->id, ImVec2(w, kTouchTarget))) {
        if (on) d.targets.erase(x->id);
        else d.targets.insert(x->id);
      }
    }
  }
  // a spell attack: how many, her bonus, advantage or disadvantage (the app rolls each against its target's AC)
  const int attacks = rules::spell_attack_count(s, std::max(d.level, 1), std::max(1, c.level));
  if (attacks > 0) {
    const std::string line = attacks > 1 ? Tf("ui.spells.attacks", jobj{"n", attacks, "bonus", signed_num(v.attack)})
                                         : Tf("ui.spells.attack_one", jobj{"bonus", signed_num(v.attack)});
    muted(line.c_str());
    track("sheet.spells.attack_info", line);
    const float w2 = split_width(2);
    if (toggle_button(T("ui.attack.advantage"), d.adv, "sheet.spells.adv", ImVec2(w2, kTouchTarget))) d.adv = !d.adv;
    ImGui::SameLine();
    if (toggle_button(T("ui.attack.disadvantage"), d.dis, "sheet.spells.dis", ImVec2(w2, kTouchTarget))) d.dis = !d.dis;
  }
  disease_picker(d, s);
  cast_buttons(c, s, d, attacks, mod);
}

}  // namespace druzina::ui::panels

// Where the rule's panels go (rule_panels.cpp lists the rule).
namespace druzina::ui {

RulePanels spells_ui() {
  return {
      {Slot::sheet_conditions, [](SlotContext& x) { panels::spells(*x.creature); }}};
}

}  // namespace druzina::ui
