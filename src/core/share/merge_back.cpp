#include "core/share/merge_back.hpp"

#include <set>

namespace druzina::share {

using nlohmann::json;

MergeBack merge_back(const campaign::Creature& mine, const campaign::Creature& theirs, const campaign::Engine& engine) {
  static const std::set<std::string> kept_by_dm = {
      "id", "kind", "hidden", "conditions", "death_saves", "temp_hp", "exhaustion", "exhaustion_sources",
      "legendary_resistances_used", "modules"};
  MergeBack out;
  const json a = mine, b = theirs;
  const bool new_max = mine.max_hp != theirs.max_hp;
  for (const auto& f : campaign::creature_fields()) {
    if (kept_by_dm.count(f) || !b.contains(f)) continue;
    if (f == "hp" && !new_max) continue;
    const json before = a.contains(f) ? a[f] : json();
    if (before == b[f]) continue;
    out.patch[f] = b[f];
    out.changes.push_back({"", f, before, b[f]});
  }
  // The rules' data: a field absent on the player's copy is the default (e.g. every hero point spent).
  auto field_of = [](const campaign::Creature& x, const std::string& module, const std::string& field) {
    auto m = x.modules.find(module);
    if (m == x.modules.end() || !m->is_object()) return json();
    auto v = m->find(field);
    return v == m->end() ? json() : *v;
  };
  for (const auto& m : engine.modules())
    for (const auto& f : m.creature_data) {
      if (f.secret || !f.player_owned) continue;
      json before = field_of(mine, m.id, f.name), after = field_of(theirs, m.id, f.name);
      if (before == after) continue;
      out.patch["modules"][m.id][f.name] = after;  // null erases it (UpdateCreature merges the patch)
      out.changes.push_back({m.id, f.name, std::move(before), std::move(after)});
    }
  return out;
}

}  // namespace druzina::share
