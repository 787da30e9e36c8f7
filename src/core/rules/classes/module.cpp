// Character classes: Creature::modules["classes"] = {"class": "wizard" | a name typed in, "subclass"?}.
//
//   SetClass {target, class ("" clears it; an SRD id or 1..60 characters typed in), subclass? (0..60 characters)}
//     → class_set {creature, class (null = cleared), subclass?, previous?}
//     and, for an SRD class: creature_updated {patch {hit_die}} when the hit die differs (barbarian d12; fighter,
//     paladin, ranger d10; bard, cleric, druid, monk, rogue, warlock d8; sorcerer, wizard d6) and, with the
//     save-proficiencies module on, save_proficiencies_set with the class's two saves when they differ.
//     One command, so one undo step. A class typed in leaves the hit die and the saves as they are.
//   AddCreature {…, class?, subclass?}: the new creature gets the class the same way, in the same transaction.
#include <algorithm>

#include "core/campaign/json_read.hpp"
#include "core/rules/classes/classes.hpp"
#include "core/rules/common.hpp"
#include "core/rules/srd_monsters/srd_monsters.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kClass = "class";
constexpr const char* kSubclass = "subclass";
constexpr size_t kMaxName = 60;
constexpr const char* kNamePrefix = "classes.name.";
constexpr const char* kSubclassPrefix = "classes.subclass.";

struct SrdClass {
  const char* id;
  int hit_die;
  const char* saves[2];
};
// SRD 5.1, each class's "Hit Dice" and "Saving Throws".
constexpr SrdClass kSrd[] = {
    {"barbarian", 12, {"str", "con"}}, {"bard", 8, {"dex", "cha"}},     {"cleric", 8, {"wis", "cha"}},
    {"druid", 8, {"int", "wis"}},      {"fighter", 10, {"str", "con"}}, {"monk", 8, {"str", "dex"}},
    {"paladin", 10, {"wis", "cha"}},   {"ranger", 10, {"str", "dex"}},  {"rogue", 8, {"dex", "int"}},
    {"sorcerer", 6, {"con", "cha"}},   {"warlock", 8, {"wis", "cha"}},  {"wizard", 6, {"int", "wis"}},
};

const SrdClass* srd(std::string_view id) {
  for (const auto& k : kSrd)
    if (id == k.id) return &k;
  return nullptr;
}

std::string trimmed(std::string s) {
  const auto a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

campaign::DataField text_field(const char* name, const char* type) {
  return {name, type, false, [](const json& v) {
            if (!v.is_string()) campaign::jr::fail_type("string");
            const auto n = v.get<std::string>().size();
            if (n == 0) campaign::jr::fail_value("empty");
            if (n > kMaxName) campaign::jr::fail_value("too_long", jobj{"max", kMaxName});
          }};
}

// In the table link (and the live table) under `key`, as it is: a player's sheet shows her class, and the
// spell-slots rule counts her slots from it on her phone as on the DM's.
campaign::DataField wired(campaign::DataField f, const char* key) {
  f.wire = {key, [](const json& shown) { return shown.is_string() ? shown : json(nullptr); },
            [](const json& compact, const std::string& path, std::vector<std::string>&) {
              if (!compact.is_string()) throw UserError("state.err.wrong_type", jobj{"path", path, "expected", "string"});
              return compact;  // (its length: the field's own check)
            }};
  return f;
}

std::string class_param(const json& cmd) {
  if (!param::find(cmd, kClass)) param::str(cmd, kClass);  // refuses: the class is needed ("" clears it)
  std::string cls = trimmed(param::str(cmd, kClass, ""));
  if (cls.size() > kMaxName) throw UserError("state.err.too_long", jobj{"path", kClass, "max", kMaxName});
  return cls;
}

std::string subclass_param(const json& cmd) {
  std::string sub = trimmed(param::str(cmd, kSubclass, ""));
  if (sub.size() > kMaxName) throw UserError("state.err.too_long", jobj{"path", kSubclass, "max", kMaxName});
  return sub;
}

// [SECTION] events ----------------------------------------------------------------------------------------------------
void apply_class_set(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const json& cls = d.at(kClass);
  set_creature_data(x, kClasses, kClass, cls.is_string() ? cls : json());
  set_creature_data(x, kClasses, kSubclass, cls.is_string() && d.contains(kSubclass) ? d.at(kSubclass) : json());
}

std::string render_class_set(const json& d, const LogContext& lc) {
  json args = jobj{"name", name_of(lc, d)};
  if (!d.contains(kClass) || !d[kClass].is_string()) return tr(lc.lang, "event.class_set.cleared", args);
  args["class"] = class_name(lc.lang, d[kClass].get<std::string>());
  if (d.contains(kSubclass)) {
    args["subclass"] = subclass_name(lc.lang, d.value(kSubclass, ""));
    return tr(lc.lang, "event.class_set.subclass", args);
  }
  return tr(lc.lang, "event.class_set", args);
}

// [SECTION] commands --------------------------------------------------------------------------------------------------
void set_class(Ctx& ctx, const Creature& x, const std::string& cls, const std::string& sub) {
  json data = jobj{"creature", x.id, kClass, cls.empty() ? json() : json(cls)};
  if (!cls.empty() && !sub.empty()) data[kSubclass] = sub;
  if (const ClassView before = class_of(x); !before.cls.empty()) data["previous"] = before.cls;
  const std::string id = x.id;
  ctx.emit("class_set", std::move(data));
  const SrdClass* k = srd(cls);
  if (!k) return;  // a class typed in keeps the hit die and the saves as they are
  const Creature* now = campaign::find_creature(ctx.state(), id);
  if (now && now->hit_die != k->hit_die) ctx.emit("creature_updated", jobj{"creature", id, "patch", jobj{"hit_die", k->hit_die}});
  if (ctx.module_enabled(kSaveProficiencies)) {
    const json saves = class_save_proficiencies(cls);
    const json& had = data_at(ctx.state(), kSaveProficiencies, id);
    if (had != saves) ctx.emit("save_proficiencies_set", jobj{"creature", id, "abilities", saves});
  }
}

void validate_set_class(const Campaign& c, const json& cmd) {
  actions::require(c, param::str(cmd, "target"));
  class_param(cmd);
  subclass_param(cmd);
}

void execute_set_class(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  set_class(ctx, x, class_param(cmd), subclass_param(cmd));
}

// AddCreature {…, class, subclass}: every creature it added gets the class.
void before_add(Ctx&, const json& cmd) {
  if (!param::find(cmd, kClass) && param::find(cmd, kSubclass)) throw UserError("rules.err.subclass_without_class");
  if (param::find(cmd, kClass)) class_param(cmd);
  subclass_param(cmd);
}

void after_add(Ctx& ctx, const json& cmd) {
  if (!param::find(cmd, kClass)) return;
  const std::string cls = class_param(cmd), sub = subclass_param(cmd);
  if (cls.empty()) return;
  std::vector<std::string> added;
  for (const auto& ev : ctx.events())
    if (ev.type == "creature_added") added.push_back(ev.data.at("creature").value("id", ""));
  for (const auto& id : added)
    if (const Creature* x = campaign::find_creature(ctx.state(), id)) set_class(ctx, *x, cls, sub);
}

void install(Engine& e) {
  event(e, "class_set", apply_class_set, render_class_set);
  command(e, "SetClass", {"target", kClass, kSubclass}, validate_set_class, execute_set_class);
  e.allow_params("AddCreature", {kClass, kSubclass});
  e.before("AddCreature", before_add);
  e.after("AddCreature", after_add);
}

}  // namespace

const std::vector<std::string>& srd_classes() {
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> v;
    for (const auto& k : kSrd) v.push_back(k.id);
    return v;
  }();
  return ids;
}

bool is_srd_class(std::string_view id) { return srd(id) != nullptr; }

int class_hit_die(std::string_view id) {
  const SrdClass* k = srd(id);
  return k ? k->hit_die : 0;
}

std::vector<std::string> class_save_proficiencies(std::string_view id) {
  const SrdClass* k = srd(id);
  if (!k) return {};
  // canonical order (str dex con int wis cha), as SetSaveProficiencies stores them
  static const char* const order[] = {"str", "dex", "con", "int", "wis", "cha"};
  std::vector<std::string> out;
  for (const char* a : order)
    if (std::string_view(a) == k->saves[0] || std::string_view(a) == k->saves[1]) out.push_back(a);
  return out;
}

ClassView class_of(const Creature& x) {
  ClassView v;
  const json& cls = creature_data(x, kClasses, kClass);
  if (cls.is_string()) v.cls = cls.get<std::string>();
  const json& sub = creature_data(x, kClasses, kSubclass);
  if (sub.is_string()) v.subclass = sub.get<std::string>();
  v.srd = is_srd_class(v.cls);
  return v;
}

std::string class_name(Lang lang, std::string_view cls) {
  if (cls.empty()) return {};
  if (is_srd_class(cls)) {
    const std::string key = std::string(kNamePrefix) + std::string(cls);  // classes.name.<id>
    return tr(lang, key);
  }
  return std::string(cls);
}

const std::vector<Subclass>& known_subclasses() {
  static const std::vector<Subclass> list = {
      {"berserker", "barbarian"}, {"lore", "bard"},     {"life", "cleric"},      {"land", "druid"},
      {"champion", "fighter"},    {"eldritch-knight", "fighter"}, {"open-hand", "monk"},  {"devotion", "paladin"},
      {"hunter", "ranger"},       {"thief", "rogue"},   {"arcane-trickster", "rogue"}, {"draconic", "sorcerer"},
      {"fiend", "warlock"},       {"evocation", "wizard"}};
  return list;
}

std::vector<std::string> subclasses_of(std::string_view cls) {
  std::vector<std::string> out;
  for (const auto& k : known_subclasses())
    if (cls == k.cls) out.push_back(k.id);
  return out;
}

std::string subclass_id(std::string_view typed) {
  const std::vector<std::string> words = search_words(typed);
  if (words.empty()) return {};
  for (const auto& k : known_subclasses())
    if (typed == k.id) return k.id;
  // the whole name first, in any language; then a name holding every typed word (one subclass only)
  std::string found;
  int matches = 0;
  const std::string whole = fold_for_search(typed);
  for (const auto& k : known_subclasses())
    for (Lang l : {Lang::cs, Lang::uk, Lang::en})
      if (fold_for_search(tr(l, std::string(kSubclassPrefix) + k.id)) == whole) return k.id;
  for (const auto& k : known_subclasses()) {
    bool any = false;
    for (Lang l : {Lang::cs, Lang::uk, Lang::en}) {
      const std::vector<std::string> name = search_words(tr(l, std::string(kSubclassPrefix) + k.id));
      any = any || std::all_of(words.begin(), words.end(), [&](const std::string& w) {
              return w.size() >= 3 && std::find(name.begin(), name.end(), w) != name.end();
            });
    }
    if (any) {
      found = k.id;
      ++matches;
    }
  }
  return matches == 1 ? found : std::string();
}

std::string subclass_name(Lang lang, std::string_view typed) {
  const std::string id = subclass_id(typed);
  if (id.empty()) return std::string(typed);
  // typed in the reader's language already ("Evocation" for an English reader): her words stay
  const std::string name = tr(lang, std::string(kSubclassPrefix) + id);
  const std::vector<std::string> own = search_words(name), words = search_words(typed);
  const bool hers = std::all_of(words.begin(), words.end(), [&](const std::string& w) {
    return std::find(own.begin(), own.end(), w) != own.end();
  });
  return hers && typed != id ? std::string(typed) : name;
}

std::string class_line(Lang lang, const Creature& x, bool with_subclass) {
  const ClassView v = class_of(x);
  if (v.cls.empty()) return {};
  std::string out = class_name(lang, v.cls) + " " + std::to_string(x.level);
  if (with_subclass && !v.subclass.empty()) out += " · " + subclass_name(lang, v.subclass);
  return out;
}

Module classes() {
  return {kClasses, /*default_on*/ true, install,
          {.own_calculators = classes_calculators(),
           .creature_data = {wired(text_field(kClass, "string 1..60 characters: an SRD class id (wizard) or a class typed in"), "k"),
                             wired(text_field(kSubclass, "string 1..60 characters: the subclass, as typed"), "ks")}}};
}

}  // namespace druzina::rules
