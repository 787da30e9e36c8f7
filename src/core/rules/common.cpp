#include "core/rules/common.hpp"

#include <algorithm>
#include <set>

#include "core/campaign/json_read.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules::detail {

void command(Engine& e, const char* type, std::vector<std::string> params,
             Fn<void(const Campaign&, const json&)> validate, Fn<void(Ctx&, const json&)> execute) {
  campaign::CommandDef def;
  def.params = std::move(params);
  def.validate = std::move(validate);
  def.execute = std::move(execute);
  e.register_command(type, std::move(def));
}

void event(Engine& e, const char* type, Fn<void(Campaign&, const json&)> apply,
           Fn<std::string(const json&, const LogContext&)> render, bool silent) {
  campaign::EventDef def;
  def.apply = std::move(apply);
  def.render = std::move(render);
  def.silent = silent;
  e.register_event(type, std::move(def));
}

const json* last_event(const std::vector<Event>& events, std::string_view type) {
  for (auto it = events.rbegin(); it != events.rend(); ++it)
    if (it->type == type) return &it->data;
  return nullptr;
}

std::string name_of(const LogContext& lc, const json& d, const char* key) {
  auto it = d.find(key);
  std::string id = it != d.end() && it->is_string() ? it->get<std::string>() : std::string();
  return lc.name ? lc.name(id) : id;
}

std::string label(Lang lang, const std::string& key, const std::string& fallback) {
  return has_key(lang, key) ? tr(lang, key) : fallback;
}

Text text_all(std::string_view key, const json& args) {
  return Text{tr(Lang::cs, key, args), tr(Lang::uk, key, args), tr(Lang::en, key, args)};
}

std::string signed_text(int n) {
  std::string s = std::to_string(n);
  if (n >= 0) s.insert(s.begin(), '+');
  return s;
}

void append(std::string& list, const std::string& sep, const std::string& item) {
  if (!list.empty()) list += sep;
  list += item;
}

Text catalogue_text(const json& j) {
  if (j.is_string()) return Text{j.get<std::string>(), j.get<std::string>(), j.get<std::string>()};
  if (!j.is_object()) return {};
  return Text{j.value("cs", ""), j.value("uk", ""), j.value("en", "")};
}

void require_keys(const json& obj, std::initializer_list<const char*> keys) {
  for (const char* k : keys)
    if (!obj.contains(k)) {
      jr::PathGuard g(k);
      jr::fail_type("a value");
    }
}

const json* find_in_list(const json& list, const char* key, std::string_view value) {
  if (!list.is_array()) return nullptr;
  for (const auto& e : list)
    if (e.value(key, "") == value) return &e;
  return nullptr;
}

json::iterator entry_in(json& list, const char* key, std::string_view value, const std::string& missing) {
  if (!list.is_array()) throw std::out_of_range(missing);
  auto it = std::find_if(list.begin(), list.end(), [&](const json& e) { return e.value(key, "") == value; });
  if (it == list.end()) throw std::out_of_range(missing);
  return it;
}

json list_with(const json& list, const json& entry, const char* key, const char* twice) {
  json out = list.is_array() ? list : json::array();
  if (key)
    for (const auto& e : out)
      if (e.value(key, "") == entry.value(key, "")) throw std::invalid_argument(twice);
  out.push_back(entry);
  return out;
}

const json& chosen_entry(const Creature& x, const json& list, const json& cmd, const char* param_name, const char* key,
                         const ChoiceErrors& err) {
  if (!list.is_array() || list.empty()) throw UserError(err.none, jobj{"name", x.name});
  if (param::find(cmd, param_name)) {
    const json* e = find_in_list(list, key, param::str(cmd, param_name));
    if (!e) throw UserError(err.unknown, jobj{"name", x.name, "id", param::str(cmd, param_name)});
    return *e;
  }
  if (list.size() > 1) throw UserError(err.which, jobj{"name", x.name});
  return list.front();
}

std::string joined(const std::vector<std::string>& items, const std::string& sep) {
  std::string s;
  for (const auto& x : items) append(s, sep, x);
  return s;
}

int d20_total(Ctx& ctx, std::optional<int> entered, int mod, json& data) {
  if (entered) {
    data["rolled"] = false;
    return *entered;
  }
  const int d20 = ctx.rng().die(20);
  data["roll"] = d20;
  data["rolled"] = true;
  return d20 + mod;
}

int d20_total(Ctx& ctx, const json& cmd, int mod, json& data) {
  std::optional<int> entered;
  if (campaign::param::find(cmd, "roll")) entered = static_cast<int>(campaign::param::integer(cmd, "roll", -100, 1000));
  return d20_total(ctx, entered, mod, data);
}

const json& data_of(const Campaign& c, std::string_view module) {
  static const json null;
  auto it = c.modules.find(std::string(module));
  return it == c.modules.end() ? null : *it;
}

json& data_ref(Campaign& c, std::string_view module) {
  json& m = c.modules[std::string(module)];
  if (!m.is_object()) m = json::object();
  return m;
}

const json& data_at(const Campaign& c, std::string_view module, std::string_view a, std::string_view b) {
  static const json null;
  const json& m = data_of(c, module);
  if (!m.is_object()) return null;
  auto ia = m.find(std::string(a));
  if (ia == m.end()) return null;
  if (b.empty()) return *ia;
  if (!ia->is_object()) return null;
  auto ib = ia->find(std::string(b));
  return ib == ia->end() ? null : *ib;
}

const json& creature_data(const Creature& x, std::string_view module, std::string_view key) {
  static const json null;
  auto m = x.modules.find(std::string(module));
  if (m == x.modules.end() || !m->is_object()) return null;
  auto it = m->find(std::string(key));
  return it == m->end() ? null : *it;
}

campaign::DataField notes_field() {
  return {"notes", "list of the DM's free-text entries (texts)", false, [](const json& v) {
            if (!v.is_array()) campaign::jr::fail_type("array");
          }};
}

void set_creature_data(Creature& x, std::string_view module, std::string_view key, json value) {
  const std::string id(module);
  if (value.is_null()) {
    auto m = x.modules.find(id);
    if (m == x.modules.end()) return;
    if (m->is_object()) m->erase(std::string(key));
    if (!m->is_object() || m->empty()) x.modules.erase(m);
    return;
  }
  json& m = x.modules[id];
  if (!m.is_object()) m = json::object();
  m[std::string(key)] = std::move(value);
}

void int_in(const json& v, long long lo, long long hi) {
  if (!v.is_number_integer()) campaign::jr::fail_type("integer");
  long long n = v.get<long long>();
  if (n < lo || n > hi) campaign::jr::fail_value("out_of_range", jobj{"value", n, "min", lo, "max", hi});
}

void unique_list(const json& v, size_t max, const char* key, const std::function<void(const json&)>& one) {
  namespace jr = campaign::jr;
  if (!v.is_array()) jr::fail_type("array");
  if (v.size() > max) jr::fail_value("too_many", jobj{"value", v.size(), "max", max});
  std::set<std::string> seen;
  size_t i = 0;
  for (const auto& e : v) {
    jr::PathGuard g(i++);
    one(e);
    if (!seen.insert(e[key].get<std::string>()).second) {
      jr::PathGuard d(key);
      jr::fail_value("duplicate_id", jobj{"id", e[key].get<std::string>()});
    }
  }
}

std::string next_list_id(const json& list, char prefix) {
  int n = 0;
  if (list.is_array())
    for (const auto& e : list) {
      const std::string id = e.value("id", "");
      if (id.size() > 1 && id[0] == prefix) try {
          n = std::max(n, std::stoi(id.substr(1)));
        } catch (...) {
        }
    }
  return std::string(1, prefix) + std::to_string(n + 1);
}

std::vector<std::string> id_list(const json& cmd, const char* name) {
  std::vector<std::string> out;
  const json* v = campaign::param::find(cmd, name);
  if (!v) return out;
  if (!v->is_array()) throw UserError("campaign.err.param", jobj{"param", name, "expected", "list of ids"});
  for (const auto& x : *v) {
    if (!x.is_string() || x.get<std::string>().empty())
      throw UserError("campaign.err.param", jobj{"param", name, "expected", "list of ids"});
    if (std::find(out.begin(), out.end(), x.get<std::string>()) != out.end())
      throw UserError("campaign.err.duplicate", jobj{"id", x.get<std::string>()});
    out.push_back(x.get<std::string>());
  }
  return out;
}

std::optional<int> opt_int(const json& cmd, const char* name, int lo, int hi) {
  if (!campaign::param::find(cmd, name)) return std::nullopt;
  return static_cast<int>(campaign::param::integer(cmd, name, lo, hi));
}

std::vector<int> int_list(const json& cmd, const char* name, int lo, int hi) {
  std::vector<int> out;
  const json* v = campaign::param::find(cmd, name);
  if (!v) return out;
  if (!v->is_array()) throw UserError("campaign.err.param", jobj{"param", name, "expected", "list of numbers"});
  for (const auto& x : *v) {
    json one = {{name, x}};
    out.push_back(static_cast<int>(campaign::param::integer(one, name, lo, hi)));
  }
  return out;
}

std::optional<int> then_roll(const Ctx& ctx, const Prompt& p) {
  const json& cmd = ctx.command();
  if (!cmd.is_object() || cmd.value("type", "") != "ResolvePrompt" || cmd.value("prompt", "") != p.id) return std::nullopt;
  return opt_int(cmd, "then_roll", -1000, 1000);
}

void add_lasting_conditions(Ctx& ctx, const std::string& target, const json& effects, const std::string& source,
                            const campaign::Until& until) {
  if (!effects.is_object()) return;
  auto add = [&](const std::string& id, json extra) {
    Condition c;
    c.id = id;
    c.source = source;
    c.until = until;
    if (!extra.is_null()) c.extra = std::move(extra);
    campaign::actions::add_condition(ctx, target, std::move(c));
  };
  if (effects.contains("condition") && effects["condition"].is_string()) add(effects["condition"].get<std::string>(), nullptr);
  if (effects.value("no_reactions", false)) add("no_reactions", nullptr);
  if (effects.contains("disadvantage")) add("disadvantage", jobj{"rolls", effects["disadvantage"]});
  if (effects.contains("advantage")) add("advantage", jobj{"rolls", effects["advantage"]});
}

void add_exhaustion(Ctx& ctx, const std::string& target, int n, const std::string& source, const std::string& cause) {
  const Creature* x = campaign::find_creature(ctx.state(), target);
  if (!x || x->death_saves.dead || n <= 0) return;
  campaign::actions::set_exhaustion(ctx, target, std::min(6, x->exhaustion + n), source, cause);
}

}  // namespace druzina::rules::detail

namespace druzina::rules {

json rule_notes(const Creature& x, std::string_view module) {
  const json& v = detail::creature_data(x, module, "notes");
  return v.is_array() ? v : json::array();
}

}  // namespace druzina::rules
