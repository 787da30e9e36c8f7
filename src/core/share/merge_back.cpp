#include "core/share/merge_back.hpp"

#include <algorithm>
#include <set>

#include "core/share/link.hpp"

namespace druzina::share {

using nlohmann::json;

MergeBack merge_back(const campaign::Creature& mine, const campaign::Creature& theirs, const campaign::Engine& engine) {
  static const std::set<std::string> kept_by_dm = {
      "id", "kind", "hidden", "conditions", "death_saves", "temp_hp", "exhaustion", "exhaustion_sources",
      "legendary_resistances_used", "modules"};
  MergeBack out;
  const json a = mine, b = theirs;
  // What the player changed on her copy, when her link says (link.hpp kChanged): only that may change here — a
  // copy made from a table link shows defaults for what the link never held (the hit die), and any
  // copy may be older than the DM's creature. A link that does not say (an older app's): every field it holds.
  auto c = theirs.extra.find(kChanged);
  const json* changed = c != theirs.extra.end() && c->is_array() ? &*c : nullptr;
  auto player_changed = [&](const std::string& path) {
    return !changed || std::find(changed->begin(), changed->end(), json(path)) != changed->end();
  };
  const bool new_max = mine.max_hp != theirs.max_hp && player_changed("max_hp");
  for (const auto& f : campaign::creature_fields()) {
    if (kept_by_dm.count(f) || !b.contains(f) || !player_changed(f)) continue;
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
      if (f.secret || !f.player_owned || !player_changed("modules." + m.id + "." + f.name)) continue;
      json before = field_of(mine, m.id, f.name), after = field_of(theirs, m.id, f.name);
      if (before == after) continue;
      out.patch["modules"][m.id][f.name] = after;  // null erases it (UpdateCreature merges the patch)
      out.changes.push_back({m.id, f.name, std::move(before), std::move(after)});
    }
  return out;
}

}  // namespace druzina::share
