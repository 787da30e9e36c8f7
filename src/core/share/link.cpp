// Share links. See link.hpp for the format and the guarantees.
//
// The compact JSON of each kind (short keys, positional arrays; deflate removes most of what repeats):
//   every kind: {"id": campaign id?, "t": made_at?, …}
//   table:     {"n": name, "m": minutes, "l": language, "r": {rule: on}, "x": exhaustion edition,
//               "v": [party visibility, others visibility], "h": house-rule notes?,
//               "c": [[id, kind, name, hp, more?], …], "e": [round, turn (-1 = a hidden creature's), [[id, init, lair?]…]]?}
//     kind: "p" pc, "s" sidekick, "n" npc, "m" monster, "o" object;  hp: [hp, max, temp?] (exact), "h"/"b"/"d"/"x" (status:
//     healthy, bloodied, down, dead) or 0 (hidden);  more: {"c": [[condition, until kind, rounds, minutes,
//     turn_of, set_round, set_turn_of, set_at] trailing defaults cut …], "z": size,
//     "L": level, "a": AC, "x": exhaustion, "s": [successes, failures, stable], "p": inspiration, "D": dead,
//     "A": [STR, DEX, CON, INT, WIS, CHA] (a party member's scores, left out when all are 10)}
//   and, at the top level and in a creature's "more", the rules' data with a compact form of its own, under the
//   key each field declares (campaign::WireCodec: the DM's prices "o", a creature's open injuries "i", her class
//   "k" and subclass "ks", what her sheet counts her casting by: "ss", "sp", "sr", "sc", "st", the uses of her
//   class features spent: "cu", and what her sheet shows of her afflictions: "is", "mx", "ds", "po", each by the table
//   row or data entry it is, the reader's phone writing its words in her language; "M": what a creature the rules
//   named is, while it bears that name, so the reader's phone writes the name in her language, WireCodec::for_reader).
//   character: {"n", "l", "r", "x", "v", "cr": creature (campaign::compact_json without secrets; a rule's field
//               with a shorter form of its own (WireCodec::shorten) so: an injury that is a table row without its text,
//               a scar the rules wrote as the injury it is of),
//               "u": [the fields its player changed since her copy received them]? (link.hpp kChanged)}
//   campaign:  {"s": the save document}
//
// Index:
//   [SECTION] table: player_view → compact
//   [SECTION] table: compact → Campaign JSON (every access checked, with a path)
//   [SECTION] character
#include "core/share/link.hpp"

#include <algorithm>
#include <array>
#include <set>

#include "core/campaign/derived.hpp"
#include "core/campaign/json_read.hpp"
#include "core/io/guard.hpp"
#include "core/io/player_view.hpp"
#include "core/io/save.hpp"
#include "core/share/deflate.hpp"
#include "core/json_obj.hpp"

namespace druzina::share {

using json = nlohmann::json;
using namespace druzina::campaign;

namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

json reasons(const UserError& e) {
  return jobj{"reason_cs", e.message(Lang::cs), "reason_uk", e.message(Lang::uk), "reason_en", e.message(Lang::en)};
}

[[noreturn]] void shape(const std::string& path, const char* expected) {
  throw UserError("state.err.wrong_type", jobj{"path", path, "expected", expected});
}

char kind_byte(LinkKind k) { return k == LinkKind::table ? 't' : k == LinkKind::character ? 'c' : 'a'; }

uint32_t checksum32(char kind, std::string_view payload) {
  std::string all(1, kind);
  all.append(payload);
  return static_cast<uint32_t>(io::fnv1a64(all));
}

std::string frame(LinkKind kind, const json& wire) {
  return frame_payload(kind_byte(kind), wire.dump(-1, ' ', false, json::error_handler_t::replace));
}

void add_options(json& wire, const LinkOptions& o) {
  if (!o.campaign_id.empty()) wire["id"] = o.campaign_id;
  if (o.made_at) wire["t"] = o.made_at;
}

const char* kind_letter(const std::string& kind) {
  return kind == "pc" ? "p" : kind == "sidekick" ? "s" : kind == "npc" ? "n" : kind == "object" ? "o" : "m";
}
std::string kind_from_letter(const std::string& letter, const std::string& path) {
  if (letter == "p") return "pc";
  if (letter == "s") return "sidekick";
  if (letter == "n") return "npc";
  if (letter == "m") return "monster";
  if (letter == "o") return "object";
  shape(path, "p, s, n, m or o");
}

// [SECTION] table: player_view → compact ------------------------------------------------------------------------------

json compact_condition(const json& c) {
  const json& u = c["until"];
  json a = {c["id"], u["kind"], u.value("rounds", 0), u.value("minutes", 0LL), u.value("turn_of", ""),
            u.value("set_round", 0), u.value("set_turn_of", ""), u.value("set_at", 0LL)};
  while (a.size() > 2 && (a.back() == 0 || a.back() == "")) a.erase(a.size() - 1);
  return a;
}

// The base's keys of the table link: a module's WireCodec key must be none of them (check_wire_keys).
constexpr const char* kTableKeys[] = {"id", "t", "n", "m", "l", "r", "x", "v", "h", "c", "e"};
constexpr const char* kCreatureKeys[] = {"c", "z", "L", "a", "x", "s", "p", "D", "A"};

// The rules' fields with a compact form in the table link, per creature or per campaign.
struct WireField {
  const std::string* module;
  const DataField* field;
};
std::vector<WireField> wire_fields(const Engine& engine, bool creature) {
  std::vector<WireField> out;
  for (const auto& m : engine.modules())
    for (const auto& f : creature ? m.creature_data : m.campaign_data)
      if (!f.wire.key.empty()) out.push_back({&m.id, &f});
  return out;
}

// The rules' data of a player_view object ("rule_data") in compact form, into `to`.
void compact_rule_data(const json& view, const std::vector<WireField>& fields, json& to) {
  auto rd = view.find("rule_data");
  if (rd == view.end()) return;
  for (const auto& w : fields) {
    auto m = rd->find(*w.module);
    if (m == rd->end() || !m->contains(w.field->name)) continue;
    json c = w.field->wire.encode((*m)[w.field->name]);
    if (!c.is_null()) to[w.field->wire.key] = std::move(c);
  }
}

json compact_creature(const json& v, const std::vector<WireField>& fields) {
  json hp = 0;
  if (v.contains("hp")) {
    hp = {v["hp"], v["max_hp"]};
    if (v["temp_hp"] != 0) hp.push_back(v["temp_hp"]);
  } else if (v.contains("health")) {
    const std::string& h = v["health"].get_ref<const std::string&>();
    hp = h == "healthy" ? "h" : h == "bloodied" ? "b" : h == "down" ? "d" : "x";
  }
  json more = json::object();
  if (!v["conditions"].empty()) {
    json list = json::array();
    for (const auto& c : v["conditions"]) list.push_back(compact_condition(c));
    more["c"] = list;
  }
  compact_rule_data(v, fields, more);
  if (v["size"] != "medium") more["z"] = v["size"];
  if (v.contains("level")) {  // the party
    if (v["level"] != 1) more["L"] = v["level"];
    more["a"] = v["ac"];
    if (v["exhaustion"] != 0) more["x"] = v["exhaustion"];
    const json& ds = v["death_saves"];
    if (ds["successes"] != 0 || ds["failures"] != 0 || ds["stable"] == true)
      more["s"] = {ds["successes"], ds["failures"], ds["stable"] == true ? 1 : 0};
    if (v["inspiration"] == true) more["p"] = 1;
    const json& ab = v["abilities"];
    const json scores = {ab["str"], ab["dex"], ab["con"], ab["int"], ab["wis"], ab["cha"]};
    if (std::any_of(scores.begin(), scores.end(), [](const json& n) { return n != 10; })) more["A"] = scores;
  }
  if (v["dead"] == true) more["D"] = 1;
  const std::string kind = v["kind"].get<std::string>();
  json out = {v["id"], kind_letter(kind), v["name"], hp};
  if (!more.empty()) out.push_back(more);
  return out;
}

json table_wire(const Campaign& c) {
  const Engine& engine = Engine::standard();
  json view = io::player_view(c, engine);
  const json& s = view["settings"];
  json wire = {{"n", view["name"]}, {"m", view["minutes"]}, {"l", s["language"]}, {"r", s["rules"]},
               {"x", s["exhaustion_edition"]}, {"v", {s["hp_visibility"]["party"], s["hp_visibility"]["others"]}}};
  if (!s["house_rule_notes"].get_ref<const std::string&>().empty()) wire["h"] = s["house_rule_notes"];
  compact_rule_data(view, wire_fields(engine, false), wire);
  const std::vector<WireField> fields = wire_fields(engine, true);
  json creatures = json::array();
  for (const auto& v : view["creatures"]) creatures.push_back(compact_creature(v, fields));
  wire["c"] = creatures;
  if (view["encounter"].is_object() && !view["encounter"]["order"].empty()) {
    const json& e = view["encounter"];
    json order = json::array();
    for (const auto& x : e["order"]) {
      json entry = {x["creature"], x["initiative"]};
      if (x["lair"] == true) entry.push_back(1);
      order.push_back(entry);
    }
    wire["e"] = {e["round"], e["turn"].is_null() ? json(-1) : e["turn"], order};
  }
  return wire;
}

// [SECTION] table: compact → Campaign JSON (every access checked, with a path) ----------------------------------------

const json& at(const json& a, size_t i, const std::string& path) {
  if (!a.is_array() || i >= a.size()) shape(path, "array");
  return a[i];
}
const std::string& str(const json& v, const std::string& path) {
  if (!v.is_string()) shape(path, "string");
  return v.get_ref<const std::string&>();
}
long long integer(const json& v, const std::string& path) {
  if (!v.is_number_integer()) shape(path, "integer");
  return v.get<long long>();
}
const json& obj(const json& v, const std::string& path) {
  if (!v.is_object()) shape(path, "object");
  return v;
}
const json& arr(const json& v, const std::string& path) {
  if (!v.is_array()) shape(path, "array");
  return v;
}

json settings_from(const json& wire, json hp_visibility) {
  json s = jobj{"language", str(wire.at("l"), "l"), "rules", obj(wire.at("r"), "r"),
            "exhaustion_edition", integer(wire.at("x"), "x")};
  if (!hp_visibility.is_null()) s["hp_visibility"] = hp_visibility;
  if (wire.contains("h")) s["house_rule_notes"] = str(wire["h"], "h");
  return s;
}

long long id_number(const std::string& id) {
  if (id.size() < 2 || id.size() > 15 || id.find_first_not_of("0123456789", 1) != std::string::npos) return -1;
  return std::stoll(id.substr(1));
}

// The rules' compact data in `from` back into {"modules": {module: {field: value}}} of `to` (a field without a
// decode is not kept), then each field's for_reader rewrites `to` for the reader; the ids they bring raise max_id.
void rule_data_from(const json& from, const std::vector<WireField>& fields, const std::string& path, json& to,
                    long long& max_id, Lang reader) {
  for (const auto& w : fields) {
    auto it = from.find(w.field->wire.key);
    if (it == from.end()) continue;
    const std::string where = path + w.field->wire.key;
    if (w.field->wire.decode) {
      std::vector<std::string> ids;
      to["modules"][*w.module][w.field->name] = w.field->wire.decode(*it, where, ids);
      for (const auto& id : ids) max_id = std::max(max_id, id_number(id));
    }
    if (w.field->wire.for_reader) w.field->wire.for_reader(*it, where, reader, to);
  }
}

// The reader's language: the one she asked for, else the link's (the DM's: the names stay as they came).
Lang reader_lang(const json& wire, std::optional<Lang> reader) {
  if (reader) return *reader;
  auto l = wire.find("l");
  std::optional<Lang> dm = l != wire.end() && l->is_string() ? parse_lang(l->get_ref<const std::string&>()) : std::nullopt;
  return dm.value_or(Lang::en);
}

json campaign_from_table(const json& wire, std::optional<Lang> reader_asked) {
  const Lang reader = reader_lang(wire, reader_asked);
  for (const char* k : {"n", "l", "r", "x", "v", "c"})
    if (!wire.contains(k)) shape(k, "a value");
  const json& vis = arr(wire["v"], "v");
  json hp_visibility = jobj{"party", str(at(vis, 0, "v"), "v[0]"), "others", str(at(vis, 1, "v"), "v[1]")};
  json out = jobj{"name", str(wire["n"], "n"), "settings", settings_from(wire, hp_visibility)};
  out["minutes"] = wire.contains("m") ? integer(wire["m"], "m") : 0;
  const Engine& engine = Engine::standard();
  long long max_id = 0;
  rule_data_from(wire, wire_fields(engine, false), "", out, max_id, reader);
  const std::vector<WireField> fields = wire_fields(engine, true);
  json creatures = json::array();
  const json& list = arr(wire["c"], "c");
  for (size_t i = 0; i < list.size(); ++i) {
    std::string p = "c[" + std::to_string(i) + "]";
    const json& w = arr(list[i], p);
    json c = jobj{"id", str(at(w, 0, p), p + "[0]"),
              "kind", kind_from_letter(str(at(w, 1, p), p + "[1]"), p + "[1]"),
              "name", str(at(w, 2, p), p + "[2]")};
    max_id = std::max(max_id, id_number(c["id"]));
    const json& hp = at(w, 3, p);
    json more = w.size() > 4 ? obj(w[4], p + "[4]") : json::object();
    bool dead = more.contains("D") && integer(more["D"], p + ".D") != 0;
    if (hp.is_array()) {
      c["hp"] = integer(at(hp, 0, p + "[3]"), p + "[3][0]");
      c["max_hp"] = integer(at(hp, 1, p + "[3]"), p + "[3][1]");
      c["temp_hp"] = hp.size() > 2 ? integer(hp[2], p + "[3][2]") : 0;
    } else if (hp.is_string()) {
      // Placeholder numbers with the shown status (health_status() reads them back).
      const std::string& h = hp.get_ref<const std::string&>();
      if (h != "h" && h != "b" && h != "d" && h != "x") shape(p + "[3]", "h, b, d or x");
      c["max_hp"] = 4;
      c["hp"] = h == "h" ? 4 : h == "b" ? 2 : 0;
      if (h == "x") dead = true;
      c["hp_shown"] = "status";
    } else if (hp == 0) {
      c["max_hp"] = 1;
      c["hp"] = dead ? 0 : 1;
      c["hp_shown"] = "hidden";
    } else {
      shape(p + "[3]", "array, string or 0");
    }
    json ds = json::object();
    if (more.contains("s")) {
      const json& s = arr(more["s"], p + ".s");
      ds["successes"] = integer(at(s, 0, p + ".s"), p + ".s[0]");
      ds["failures"] = integer(at(s, 1, p + ".s"), p + ".s[1]");
      ds["stable"] = integer(at(s, 2, p + ".s"), p + ".s[2]") != 0;
    }
    if (dead) ds["dead"] = true;
    if (!ds.empty()) c["death_saves"] = ds;
    if (more.contains("z")) c["size"] = str(more["z"], p + ".z");
    if (more.contains("L")) c["level"] = integer(more["L"], p + ".L");
    if (more.contains("a")) c["ac"] = integer(more["a"], p + ".a");
    if (more.contains("x")) c["exhaustion"] = integer(more["x"], p + ".x");
    if (more.contains("p")) c["inspiration"] = integer(more["p"], p + ".p") != 0;
    if (more.contains("A")) {
      const json& a = arr(more["A"], p + ".A");
      if (a.size() != 6) shape(p + ".A", "6 ability scores");
      json scores = json::object();
      const char* names[] = {"str", "dex", "con", "int", "wis", "cha"};
      for (size_t k = 0; k < 6; ++k) {
        const long long n = integer(a[k], p + ".A[" + std::to_string(k) + "]");
        if (n < 1 || n > 30) shape(p + ".A[" + std::to_string(k) + "]", "ability score 1..30");
        scores[names[k]] = n;
      }
      c["abilities"] = scores;
    }
    if (more.contains("c")) {
      json conds = json::array();
      const json& cl = arr(more["c"], p + ".c");
      for (size_t k = 0; k < cl.size(); ++k) {
        std::string q = p + ".c[" + std::to_string(k) + "]";
        const json& a = arr(cl[k], q);
        json until = jobj{"kind", str(at(a, 1, q), q + "[1]")};
        if (a.size() > 2) until["rounds"] = integer(a[2], q + "[2]");
        if (a.size() > 3) until["minutes"] = integer(a[3], q + "[3]");
        if (a.size() > 4 && !str(a[4], q + "[4]").empty()) until["turn_of"] = a[4];
        if (a.size() > 5) until["set_round"] = integer(a[5], q + "[5]");
        if (a.size() > 6) until["set_turn_of"] = str(a[6], q + "[6]");
        if (a.size() > 7) until["set_at"] = integer(a[7], q + "[7]");
        if (a.size() > 8) shape(q, "at most 8 values");
        conds.push_back(jobj{"id", str(at(a, 0, q), q + "[0]"), "until", until});
      }
      c["conditions"] = conds;
    }
    rule_data_from(more, fields, p + ".", c, max_id, reader);
    creatures.push_back(c);
  }
  out["creatures"] = creatures;
  if (wire.contains("e")) {
    const json& e = arr(wire["e"], "e");
    long long turn = integer(at(e, 1, "e"), "e[1]");
    json order = json::array();
    const json& ol = arr(at(e, 2, "e"), "e[2]");
    for (size_t k = 0; k < ol.size(); ++k) {
      std::string q = "e[2][" + std::to_string(k) + "]";
      const json& a = arr(ol[k], q);
      json entry = jobj{"creature", str(at(a, 0, q), q + "[0]"), "initiative", integer(at(a, 1, q), q + "[1]")};
      if (a.size() > 2) entry["lair"] = integer(a[2], q + "[2]") != 0;
      order.push_back(entry);
    }
    json enc = jobj{"round", integer(at(e, 0, "e"), "e[0]"), "turn", turn < 0 ? 0 : turn, "order", order};
    if (turn < 0) enc["turn_hidden"] = true;
    out["encounter"] = enc;
  }
  out["next_id"] = max_id + 1;
  return out;
}

// [SECTION] character -------------------------------------------------------------------------------------------------

// The fields of a player's copy of a creature that differ from what its link held ("received", see decode): base
// fields by name, the rules' data a player may see as "modules.<module>.<field>".
json changed_since(const Creature& x, const json& received) {
  const json now = x;
  json out = json::array();
  for (const auto& f : creature_fields()) {
    if (f == "id" || f == "kind" || f == "loyalty" || f == "hidden" || f == "modules") continue;
    auto a = now.find(f), b = received.find(f);
    if ((a == now.end()) != (b == received.end()) || (a != now.end() && *a != *b)) out.push_back(f);
  }
  auto field_of = [](const json& modules, const std::string& m, const std::string& f) {
    if (!modules.is_object() || !modules.contains(m) || !modules[m].is_object()) return json();
    auto v = modules[m].find(f);
    return v == modules[m].end() ? json() : *v;
  };
  const json mods = now.value("modules", json::object());
  const json before = received.value("modules", json::object());
  for (const auto& m : Engine::standard().modules())
    for (const auto& f : m.creature_data)
      if (!f.secret && field_of(mods, m.id, f.name) != field_of(before, m.id, f.name))
        out.push_back("modules." + m.id + "." + f.name);
  return out;
}

json character_wire(const Campaign& c, std::string_view id) {
  const Creature* x = find_creature(c, id);
  if (!x) throw UserError("link.err.no_creature", jobj{"creature", std::string(id)});
  if (!in_party(*x)) throw UserError("link.err.not_party", jobj{"name", x->name});
  if (x->hidden) throw UserError("link.err.hidden", jobj{"name", x->name});
  json cr = compact_json(*x);
  // Whitelist: the known creature fields except the DM's secrets; unknown (module) fields stay home.
  json kept = json::object();
  for (const auto& f : creature_fields()) {
    if (f == "hidden" || f == "modules") continue;
    if (auto it = cr.find(f); it != cr.end()) kept[f] = *it;
  }
  // The rules' own data on the creature: only what a player may see (declared, not secret), as in player_view.
  // A field with a shorter form of its own goes so (an injury that is a table row: its table and row, and the
  // reader's phone writes its text in her language).
  if (json rule_data = io::visible_module_data(*x); !rule_data.empty()) {
    for (const auto& m : Engine::standard().modules())
      for (const auto& f : m.creature_data)
        if (f.wire.shorten && rule_data.contains(m.id) && rule_data[m.id].contains(f.name))
          rule_data[m.id][f.name] = f.wire.shorten(rule_data[m.id][f.name]);
    kept["modules"] = std::move(rule_data);
  }
  // Conditions without their source (free text the DM typed), unknown fields, or the id of a hidden creature
  // whose turn ends them (that would tell the player it exists).
  auto hidden_id = [&](const json& v) {
    const Creature* other = v.is_string() ? find_creature(c, v.get<std::string>()) : nullptr;
    return other && other->hidden;
  };
  if (kept.contains("conditions"))
    for (auto& cond : kept["conditions"]) {
      cond.erase("source");
      for (auto it = cond.begin(); it != cond.end();)
        it = (it.key() == "id" || it.key() == "until") ? std::next(it) : cond.erase(it);
      if (auto u = cond.find("until"); u != cond.end() && u->is_object())
        for (const char* k : {"turn_of", "set_turn_of"})
          if (u->contains(k) && hidden_id((*u)[k])) u->erase(k);
    }
  json wire = {{"n", c.name}, {"l", c.settings.language}, {"r", c.settings.rules}, {"x", c.settings.exhaustion_edition},
               {"v", {c.settings.hp_visibility.party, c.settings.hp_visibility.others}}, {"cr", kept}};
  // A copy made from a link knows what it received: the fields its player changed since then go along, so that
  // the DM's merge takes only those (merge_back), not what the link never held (a table link's defaults).
  if (auto r = x->extra.find(kReceived); r != x->extra.end() && r->is_object()) wire["u"] = changed_since(*x, *r);
  return wire;
}

json campaign_from_character(const json& wire, std::string& creature_id) {
  for (const char* k : {"n", "l", "r", "x", "cr"})
    if (!wire.contains(k)) shape(k, "a value");
  json hp_visibility = nullptr;
  if (wire.contains("v")) {
    const json& vis = arr(wire["v"], "v");
    hp_visibility = jobj{"party", str(at(vis, 0, "v"), "v[0]"), "others", str(at(vis, 1, "v"), "v[1]")};
  }
  const json& cr = obj(wire["cr"], "cr");
  for (auto it = cr.begin(); it != cr.end(); ++it)
    if (it.key() == "hidden" ||
        std::find(creature_fields().begin(), creature_fields().end(), it.key()) == creature_fields().end())
      shape("cr." + it.key(), "a known creature field");
  creature_id = str(cr.contains("id") ? cr["id"] : json(), "cr.id");
  if (cr.contains("kind") && !(cr["kind"].is_string() && party_kind(cr["kind"].get_ref<const std::string&>()))) shape("cr.kind", "pc or sidekick");
  long long max_id = id_number(creature_id);
  // The ids of the rules' lists on the creature ({module: {field: [{id}, …]}}: an injury's "i12") come from the
  // campaign's counter too.
  if (cr.contains("modules") && cr["modules"].is_object())
    for (const auto& data : cr["modules"])
      if (data.is_object())
        for (const auto& list : data)
          if (list.is_array())
            for (const auto& x : list)
              if (x.is_object() && x.contains("id") && x["id"].is_string()) max_id = std::max(max_id, id_number(x["id"]));
  json creature = cr;
  if (cr.contains("modules") && cr["modules"].is_object())  // what a field's shorter form left out (a table row's text)
    for (const auto& m : Engine::standard().modules())
      for (const auto& f : m.creature_data)
        if (f.wire.restore && cr["modules"].contains(m.id) && cr["modules"][m.id].is_object() && cr["modules"][m.id].contains(f.name))
          creature["modules"][m.id][f.name] = f.wire.restore(cr["modules"][m.id][f.name], "cr.modules." + m.id + "." + f.name);
  if (wire.contains("u")) {  // what the player changed on her copy (character_wire)
    const json& u = arr(wire["u"], "u");
    for (size_t k = 0; k < u.size(); ++k) str(u[k], "u[" + std::to_string(k) + "]");
    creature[kChanged] = u;
  }
  return jobj{"name", str(wire["n"], "n"), "settings", settings_from(wire, hp_visibility),
          "creatures", json::array({creature}), "next_id", std::max(1LL, max_id + 1)};
}

}  // namespace

void check_wire_keys(const Engine& engine) {
  for (bool creature : {false, true}) {
    std::set<std::string> taken;
    if (creature)
      taken.insert(std::begin(kCreatureKeys), std::end(kCreatureKeys));
    else
      taken.insert(std::begin(kTableKeys), std::end(kTableKeys));
    for (const auto& w : wire_fields(engine, creature))
      if (!taken.insert(w.field->wire.key).second)
        throw std::logic_error("table link key \"" + w.field->wire.key + "\" of " + *w.module + "." + w.field->name +
                               " is taken");
  }
}

std::string_view kind_name(LinkKind kind) {
  return kind == LinkKind::table ? "table" : kind == LinkKind::character ? "character" : "campaign";
}

std::optional<LinkKind> parse_kind(std::string_view name) {
  if (name == "table") return LinkKind::table;
  if (name == "character") return LinkKind::character;
  if (name == "campaign") return LinkKind::campaign;
  return std::nullopt;
}

std::string base64url_encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() * 4 + 2) / 3);
  size_t i = 0;
  auto b = [&](size_t k) { return static_cast<uint32_t>(static_cast<unsigned char>(bytes[k])); };
  for (; i + 2 < bytes.size(); i += 3) {
    uint32_t v = (b(i) << 16) | (b(i + 1) << 8) | b(i + 2);
    for (int s = 18; s >= 0; s -= 6) out.push_back(kAlphabet[(v >> s) & 63]);
  }
  if (bytes.size() - i == 1) {
    uint32_t v = b(i) << 16;
    out.push_back(kAlphabet[(v >> 18) & 63]);
    out.push_back(kAlphabet[(v >> 12) & 63]);
  } else if (bytes.size() - i == 2) {
    uint32_t v = (b(i) << 16) | (b(i + 1) << 8);
    for (int s = 18; s >= 6; s -= 6) out.push_back(kAlphabet[(v >> s) & 63]);
  }
  return out;
}

std::optional<std::string> base64url_decode(std::string_view text) {
  static const std::array<int8_t, 256> table = [] {
    std::array<int8_t, 256> t{};
    t.fill(-1);
    for (int i = 0; i < 64; ++i) t[static_cast<unsigned char>(kAlphabet[i])] = static_cast<int8_t>(i);
    return t;
  }();
  std::string out;
  out.reserve(text.size() * 3 / 4 + 3);
  uint32_t acc = 0;
  int bits = 0;
  for (char ch : text) {
    int v = table[static_cast<unsigned char>(ch)];
    if (v < 0) return std::nullopt;
    acc = (acc << 6) | static_cast<uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((acc >> bits) & 0xff));
    }
  }
  return out;
}

std::string frame_payload(char kind, std::string_view payload) {
  uint32_t sum = checksum32(kind, payload);
  std::string bytes(1, kind);
  for (int i = 3; i >= 0; --i) bytes.push_back(static_cast<char>((sum >> (8 * i)) & 0xff));
  bytes += deflate(payload);
  return "#d" + std::to_string(kLinkVersion) + "." + base64url_encode(bytes);
}

std::string encode_table(const Campaign& state, const LinkOptions& options) {
  json wire = table_wire(state);
  add_options(wire, options);
  return frame(LinkKind::table, wire);
}

std::string encode_character(const Campaign& state, std::string_view creature_id, const LinkOptions& options) {
  json wire = character_wire(state, creature_id);
  add_options(wire, options);
  return frame(LinkKind::character, wire);
}

std::string encode_campaign(const Session& session, const LinkOptions& options) {
  json head = json::object();
  add_options(head, options);
  std::string payload = head.dump();
  payload.pop_back();  // the closing brace: the save document follows
  if (payload.size() > 1) payload += ',';
  payload += "\"s\":";
  payload += io::save_body(session);
  payload += '}';
  return frame_payload('a', payload);
}

std::string encode(LinkKind kind, const Session& session, std::string_view creature_id, const LinkOptions& options) {
  switch (kind) {
    case LinkKind::table: return encode_table(session.state(), options);
    case LinkKind::character: return encode_character(session.state(), creature_id, options);
    case LinkKind::campaign: break;
  }
  return encode_campaign(session, options);
}

json table_view(const Campaign& state) { return table_wire(state); }

json read_table_view(const json& wire, std::optional<Lang> reader) {
  try {
    if (!wire.is_object()) shape("", "object");
    Campaign c;
    from_json(campaign_from_table(wire, reader), c);
    Engine::standard().validate(c);
    return c;
  } catch (const UserError& e) {
    jr::reset_path();
    throw UserError("link.err.invalid", reasons(e));
  } catch (const json::exception&) {
    jr::reset_path();
    throw UserError("link.err.invalid", reasons(UserError("save.reason.json_type")));
  }
}

Decoded decode(std::string_view link, std::optional<Lang> reader) {
  if (link.size() > kMaxLinkChars) throw UserError("link.err.too_large", jobj{"limit", kMaxLinkChars});
  if (auto hash = link.find('#'); hash != std::string_view::npos) link = link.substr(hash + 1);
  std::string text;
  text.reserve(link.size());
  for (char ch : link)
    if (ch != ' ' && ch != '\n' && ch != '\r' && ch != '\t') text.push_back(ch);
  // "d<version>."
  if (text.size() < 3 || text[0] != 'd') throw UserError("link.err.not_link");
  size_t dot = text.find('.');
  if (dot == std::string::npos || dot < 2 || dot > 10 ||
      text.find_first_not_of("0123456789", 1) < dot)
    throw UserError("link.err.not_link");
  long long version = std::stoll(text.substr(1, dot - 1));
  if (version < 1) throw UserError("link.err.not_link");
  if (version > kLinkVersion) throw UserError("link.err.too_new", jobj{"version", version, "supported", kLinkVersion});

  std::optional<std::string> bytes = base64url_decode(std::string_view(text).substr(dot + 1));
  if (!bytes) throw UserError("link.err.damaged");
  if (bytes->size() < 6) throw UserError("link.err.truncated");
  char kb = (*bytes)[0];
  if (kb != 't' && kb != 'c' && kb != 'a') throw UserError("link.err.damaged");
  uint32_t sum = 0;
  for (int i = 1; i <= 4; ++i) sum = (sum << 8) | static_cast<unsigned char>((*bytes)[i]);
  std::string payload;
  switch (inflate(std::string_view(*bytes).substr(5), payload, kMaxPayload)) {
    case InflateResult::ok: break;
    case InflateResult::truncated: throw UserError("link.err.truncated");
    case InflateResult::corrupt: throw UserError("link.err.damaged");
    case InflateResult::too_large: throw UserError("link.err.too_large", jobj{"limit", kMaxPayload});
  }
  if (checksum32(kb, payload) != sum) throw UserError("link.err.damaged");

  Decoded out;
  out.kind = kb == 't' ? LinkKind::table : kb == 'c' ? LinkKind::character : LinkKind::campaign;
  try {
    json wire = io::parse_json(payload);
    if (!wire.is_object()) shape("", "object");
    if (wire.contains("id")) out.campaign_id = str(wire["id"], "id");
    if (wire.contains("t")) out.made_at = integer(wire["t"], "t");
    if (out.kind == LinkKind::campaign) {
      if (!wire.contains("s")) shape("s", "object");
      json doc = std::move(wire["s"]);
      io::load_json(doc);  // everything checked: snapshot, tail and redo replay
      out.payload = std::move(doc);
    } else {
      json camp = out.kind == LinkKind::table ? campaign_from_table(wire, reader) : campaign_from_character(wire, out.creature);
      Campaign c;
      from_json(camp, c);
      Engine::standard().validate(c);  // the base state and every rule's declared data (a link's injuries)
      out.payload = c;
      // What the link holds of each party member, as the copy made from it will know what it received.
      for (auto& cr : out.payload["creatures"])
        if (cr["kind"] == "pc" || cr["kind"] == "sidekick") {
          json received = json::object();
          for (const auto& f : creature_fields())
            if (f != "id" && f != "kind" && cr.contains(f)) received[f] = cr[f];
          cr[kReceived] = std::move(received);
        }
      // A rule switch no module of this app knows: the player's phone cannot play by it.
      std::set<std::string> known;
      for (const auto& m : Engine::standard().modules()) known.insert(m.id);
      std::string unknown;
      for (const auto& [rule, on] : c.settings.rules)
        if (on && !known.count(rule)) unknown += (unknown.empty() ? "" : ", ") + rule;
      if (!unknown.empty()) out.warnings.push_back({"link.warn.unknown_rules", jobj{"rules", unknown}});
    }
  } catch (const UserError& e) {
    jr::reset_path();
    throw UserError("link.err.invalid", reasons(e));
  } catch (const json::exception&) {
    jr::reset_path();
    throw UserError("link.err.invalid", reasons(UserError("save.reason.json_type")));
  }
  return out;
}

}  // namespace druzina::share
