// The campaign, its settings and its creatures: campaign_created, settings_changed, creature_added / _updated / _removed.
// Each event is an apply_<type> (the state change; never rolls, reads its data strictly) and a render_<type>
// (its log line).
#include "core/campaign/events/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::campaign::base_ev {

namespace {

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
  for (size_t k = 0; k < c.notes.size(); ++k)
    if (std::as_const(c.notes)[k].creature == id) c.notes.mut(k).creature.clear();
}

void apply_campaign_created(Campaign& c, const json& d) {
  c.name = s(d, "name");
  Settings st;
  jr::get(d.at("settings"), st);
  c.settings = std::move(st);
}

std::string render_campaign_created(const json& d, const LogContext& lc) { return tr(lc.lang, "event.campaign_created", jobj{"campaign", s(d, "name")}); }

void apply_settings_changed(Campaign& c, const json& d) {
  if (d.contains("name")) c.name = s(d, "name");
  patch_struct(c.settings, d.at("patch"));
}

std::string render_settings_changed(const json& d, const LogContext& lc) {
  std::string fields;
  if (d.contains("name")) fields = tr(lc.lang, "campaign.field.name");
  for (auto it = d.at("patch").begin(); it != d.at("patch").end(); ++it)
    fields += (fields.empty() ? "" : ", ") + translated_or(lc.lang, "campaign.setting." + it.key(), it.key());
  return tr(lc.lang, "event.settings_changed", jobj{"fields", fields});
}

void apply_session_folded(Campaign&, const json& d) { ll(d, "session"); }  // the history's (Session), not the state's

std::string render_session_folded(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.session_folded", jobj{"session", d.value("session", 0)});
}

void apply_creature_added(Campaign& c, const json& d) {
  Creature x;
  jr::get(d.at("creature"), x);
  if (find_creature(std::as_const(c), x.id)) throw std::invalid_argument("duplicate creature id " + x.id);
  claim_id(c, x.id);
  c.creatures.push_back(std::move(x));
}

std::string render_creature_added(const json& d, const LogContext& lc) {
  const json& cr = d.at("creature");
  json args = jobj{"name", cr.value("name", ""),
               "kind", translated_or(lc.lang, "campaign.kind." + cr.value("kind", "pc"), cr.value("kind", "pc")),
               "hp", cr.value("max_hp", 1)};
  // A player's log where the creature's HP is not shown (Settings::hp_visibility): its HP left out of the data.
  if (!cr.contains("max_hp") && !cr.contains("hp")) return tr(lc.lang, "event.creature_added_no_hp", args);
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
}

void apply_creature_updated(Campaign& c, const json& d) { patch_struct(creature_ref(c, s(d, "creature")), d.at("patch")); }

std::string render_creature_updated(const json& d, const LogContext& lc) {
  const json& patch = d.at("patch");
  if (patch.size() == 1 && patch.contains("hidden") && patch["hidden"].is_boolean())  // SetHidden
    return tr(lc.lang, patch["hidden"].get<bool>() ? "event.creature_hidden" : "event.creature_revealed",
              jobj{"name", name_of(lc, d)});
  std::string fields;
  for (auto it = d.at("patch").begin(); it != d.at("patch").end(); ++it)
    fields += (fields.empty() ? "" : ", ") + translated_or(lc.lang, "campaign.field." + it.key(), it.key());
  return tr(lc.lang, "event.creature_updated", jobj{"name", name_of(lc, d), "fields", fields});
}

void apply_creature_removed(Campaign& c, const json& d) {
  const std::string& id = s(d, "creature");
  auto k = c.creatures.find(id);
  if (k < 0) throw std::out_of_range("no creature " + id);
  c.creatures.erase_at(static_cast<size_t>(k));
  erase_creature_refs(c, id);
}

std::string render_creature_removed(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.creature_removed", jobj{"name", d.value("name", name_of(lc, d))});
}

}  // namespace

void register_creatures_events(Engine& e) {
  reg(e, "campaign_created", apply_campaign_created, render_campaign_created);
  reg(e, "session_folded", apply_session_folded, render_session_folded);
  reg(e, "settings_changed", apply_settings_changed, render_settings_changed);
  reg(e, "creature_added", apply_creature_added, render_creature_added);
  reg(e, "creature_updated", apply_creature_updated, render_creature_updated);
  reg(e, "creature_removed", apply_creature_removed, render_creature_removed);
}

}  // namespace druzina::campaign::base_ev
