// What a newer table or character link changes on the player's copy (table_changes.hpp).
#include "core/share/table_changes.hpp"

#include <set>

#include "core/campaign/derived.hpp"

namespace druzina::share {

using campaign::Campaign;
using campaign::Creature;

namespace {

const Creature* find(const Campaign& c, const std::string& id) {
  for (const auto& x : c.creatures)
    if (x.id == id) return &x;
  return nullptr;
}

}  // namespace

ShownHp shown_hp(const Creature& c) {
  ShownHp out;
  const std::string shown = c.extra.value("hp_shown", "");
  if (shown == "hidden") {
    out.kind = ShownHp::Kind::hidden;
  } else if (shown == "status") {
    out.kind = ShownHp::Kind::status;
    out.status = campaign::health_status(c);
  } else {
    out.hp = c.hp;
    out.max_hp = c.max_hp;
  }
  return out;
}

ShownTurn shown_turn(const Campaign& c) {
  ShownTurn out;
  if (!c.encounter) return out;
  const auto& e = *c.encounter;
  out.fight = true;
  out.round = e.round;
  if (e.extra.value("turn_hidden", false)) return out;
  if (e.turn >= 0 && static_cast<size_t>(e.turn) < e.order.size())
    if (const Creature* x = find(c, e.order[static_cast<size_t>(e.turn)].creature)) out.name = x->name;
  return out;
}

std::vector<TableChange> table_changes(const Campaign& old_c, const Campaign& new_c) {
  using Kind = TableChange::Kind;
  std::vector<TableChange> out;
  auto add = [&](Kind kind, const std::string& creature) -> TableChange& {
    TableChange ch;
    ch.kind = kind;
    ch.creature = creature;
    return out.emplace_back(std::move(ch));
  };
  if (old_c.name != new_c.name) {
    TableChange& ch = add(Kind::name, "");
    ch.old_name = old_c.name;
    ch.new_name = new_c.name;
  }
  for (const auto& n : new_c.creatures) {
    const Creature* o = find(old_c, n.id);
    if (!o) {
      add(Kind::added, n.name);
      continue;
    }
    const ShownHp before_hp = shown_hp(*o), after_hp = shown_hp(n);
    if (before_hp != after_hp) {
      TableChange& ch = add(Kind::hp, n.name);
      ch.old_hp = before_hp;
      ch.new_hp = after_hp;
    }
    std::set<std::string> before, after;
    for (const auto& x : o->conditions) before.insert(x.id);
    for (const auto& x : n.conditions) after.insert(x.id);
    for (const auto& id : after)
      if (!before.count(id)) add(Kind::condition_added, n.name).condition = id;
    for (const auto& id : before)
      if (!after.count(id)) add(Kind::condition_gone, n.name).condition = id;
    if (o->level != n.level) {
      TableChange& ch = add(Kind::level, n.name);
      ch.old_level = o->level;
      ch.new_level = n.level;
    }
    if (o->death_saves.dead != n.death_saves.dead && n.death_saves.dead) add(Kind::dead, n.name);
  }
  for (const auto& o : old_c.creatures)
    if (!find(new_c, o.id)) add(Kind::removed, o.name);
  const ShownTurn turn = shown_turn(new_c);
  if (shown_turn(old_c) != turn) add(Kind::turn, "").turn = turn;
  if (old_c.settings.rules != new_c.settings.rules) add(Kind::rules, "");
  return out;
}

}  // namespace druzina::share
