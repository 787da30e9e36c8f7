// Table rule "custom-conditions" (on by default).
//
//   DefineCondition {name, note?} → custom_condition_defined {name, note, old?: the note before}: a new entry of the
//     campaign's list, or a new note for one there. Refused: an SRD condition's id or name (rules.err.cond_srd), a
//     name or note too long (rules.err.cond_too_long), the 101st (rules.err.cond_too_many), nothing changed
//     (rules.err.cond_same).
//   ForgetCondition {name} → custom_condition_forgotten {name, note}: off the list; creatures that bear it keep it.
//   SetCustomCondition {target, name, note?, until?, source?}: DefineCondition when the name is new (or the note
//     differs), then SetCondition {target, condition: name, until, source} — one undo step.
// Data: Campaign::modules["custom-conditions"].list = [{name, note?}] (absent = none).
#include <algorithm>

#include "core/campaign/json_read.hpp"
#include "core/i18n.hpp"
#include "core/json_obj.hpp"
#include "core/rules/common.hpp"
#include "core/rules/custom_conditions/custom_conditions.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kConditionKey = "campaign.condition.";  // + a base condition's id

constexpr const char* kList = "list";

void check_text(const json& v, size_t max) {
  if (!v.is_string()) campaign::jr::fail_type("string");
  if (v.get<std::string>().size() > max) campaign::jr::fail_value("too_long", jobj{"max", max});
}

campaign::DataField list_field() {
  return {kList, "list of {name: string ≤ 48 bytes, note?: string ≤ 300 bytes}, at most 100", false,
          [](const json& v) {
            if (!v.is_array()) campaign::jr::fail_type("array");
            if (v.size() > kMaxCustomConditions) campaign::jr::fail_value("too_long", jobj{"max", kMaxCustomConditions});
            for (const auto& e : v) {
              if (!e.is_object() || !e.contains("name")) campaign::jr::fail_type("object {name, note?}");
              check_text(e.at("name"), kMaxCustomName);
              if (e.at("name").get<std::string>().empty()) campaign::jr::fail_value("empty");
              if (e.contains("note")) check_text(e.at("note"), kMaxCustomNote);
            }
          }};
}

// Trims spaces at both ends.
std::string trimmed(std::string s) {
  const auto a = s.find_first_not_of(" \t\n\r"), b = s.find_last_not_of(" \t\n\r");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

std::string ascii_lower(std::string s) {
  for (auto& ch : s)
    if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
  return s;
}

// An SRD condition, by its id or its name in any language, whatever the (Latin) case ("Prone", "ležení na zemi").
bool is_srd_condition(const std::string& name) {
  const std::string n = ascii_lower(name);
  for (const auto& id : campaign::condition_immunity_ids()) {
    if (n == id) return true;
    const std::string key = std::string(kConditionKey) + id;  // the base conditions' names
    for (Lang l : kLangs)
      if (has_key(l, key) && ascii_lower(tr(l, key)) == n) return true;
  }
  return false;
}

std::string wanted_name(const json& cmd) {
  const std::string name = trimmed(param::str(cmd, "name"));
  if (name.empty()) throw UserError("campaign.err.param", jobj{"param", "name", "expected", "text"});
  if (name.size() > kMaxCustomName) throw UserError("rules.err.cond_too_long", jobj{"max", kMaxCustomName});
  if (is_srd_condition(name)) throw UserError("rules.err.cond_srd", jobj{"name", name});
  return name;
}

std::string wanted_note(const json& cmd, const std::string& fallback) {
  const std::string note = trimmed(param::str(cmd, "note", fallback));
  if (note.size() > kMaxCustomNote) throw UserError("rules.err.cond_too_long", jobj{"max", kMaxCustomNote});
  return note;
}

// The definition a command asks for, and whether it changes the list.
struct Definition {
  std::string name, note;
  const CustomCondition* old = nullptr;
  bool changes = false;
};

Definition plan_definition(const Campaign& c, const json& cmd, const std::vector<CustomCondition>& list) {
  Definition d;
  d.name = wanted_name(cmd);
  d.old = find_custom_condition(list, d.name);
  d.note = wanted_note(cmd, d.old ? d.old->note : std::string());
  d.changes = !d.old || d.old->note != d.note;
  if (!d.old && list.size() >= kMaxCustomConditions)
    throw UserError("rules.err.cond_too_many", jobj{"max", kMaxCustomConditions});
  (void)c;
  return d;
}

void emit_definition(Ctx& ctx, const Definition& d) {
  json data = jobj{"name", d.name, "note", d.note};
  if (d.old) data["old"] = d.old->note;
  ctx.emit("custom_condition_defined", std::move(data));
}

void validate_define(const Campaign& c, const json& cmd) {
  const auto list = custom_conditions(c);
  if (!plan_definition(c, cmd, list).changes) throw UserError("rules.err.cond_same", jobj{"name", trimmed(param::str(cmd, "name"))});
}

void execute_define(Ctx& ctx, const json& cmd) {
  const auto list = custom_conditions(ctx.state());
  emit_definition(ctx, plan_definition(ctx.state(), cmd, list));
}

void validate_forget(const Campaign& c, const json& cmd) {
  const auto list = custom_conditions(c);
  const std::string name = param::str(cmd, "name");
  if (!find_custom_condition(list, name)) throw UserError("rules.err.cond_unknown", jobj{"name", name});
}

void execute_forget(Ctx& ctx, const json& cmd) {
  const auto list = custom_conditions(ctx.state());
  const CustomCondition* x = find_custom_condition(list, param::str(cmd, "name"));
  ctx.emit("custom_condition_forgotten", jobj{"name", x->name, "note", x->note});
}

json set_condition_cmd(const json& cmd, const std::string& name) {
  json set = jobj{"type", "SetCondition", "target", cmd.at("target"), "condition", name};
  for (const char* k : {"until", "source"})
    if (cmd.contains(k)) set[k] = cmd.at(k);
  return set;
}

void validate_set_custom(const Campaign& c, const json& cmd) {
  const auto list = custom_conditions(c);
  plan_definition(c, cmd, list);
  actions::require(c, param::str(cmd, "target"));  // the rest SetCondition checks when it runs
}

void execute_set_custom(Ctx& ctx, const json& cmd) {
  const auto list = custom_conditions(ctx.state());
  const Definition d = plan_definition(ctx.state(), cmd, list);
  if (d.changes) emit_definition(ctx, d);
  ctx.run(set_condition_cmd(cmd, d.name));
}

void apply_defined(Campaign& c, const json& d) {
  const std::string name = d.at("name").get<std::string>(), note = d.value("note", std::string());
  json& m = data_ref(c, kCustomConditions);
  json& list = m[kList];
  if (!list.is_array()) list = json::array();
  json entry = jobj{"name", name};
  if (!note.empty()) entry["note"] = note;
  for (auto& e : list)
    if (e.value("name", std::string()) == name) {
      e = entry;
      return;
    }
  list.push_back(entry);
}

void apply_forgotten(Campaign& c, const json& d) {
  const std::string name = d.at("name").get<std::string>();
  json& m = data_ref(c, kCustomConditions);
  json& list = m[kList];
  if (!list.is_array()) throw std::out_of_range("no custom conditions");
  const auto it = std::find_if(list.begin(), list.end(), [&](const json& e) { return e.value("name", std::string()) == name; });
  if (it == list.end()) throw std::out_of_range("no custom condition " + name);
  list.erase(it);
  if (list.empty()) m.erase(kList);
  if (m.empty()) c.modules.erase(kCustomConditions);
}

std::string render_defined(const json& d, const LogContext& lc) {
  const std::string note = d.value("note", std::string());
  return tr(lc.lang, note.empty() ? "event.custom_condition_defined" : "event.custom_condition_defined.note",
            jobj{"condition", d.value("name", std::string()), "note", note});
}

std::string render_forgotten(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.custom_condition_forgotten", jobj{"condition", d.value("name", std::string())});
}

void install(Engine& e) {
  event(e, "custom_condition_defined", apply_defined, render_defined);
  event(e, "custom_condition_forgotten", apply_forgotten, render_forgotten);
  command(e, "DefineCondition", {"name", "note"}, validate_define, execute_define);
  command(e, "ForgetCondition", {"name"}, validate_forget, execute_forget);
  command(e, "SetCustomCondition", {"target", "name", "note", "until", "source"}, validate_set_custom, execute_set_custom);
}

}  // namespace

std::vector<CustomCondition> custom_conditions(const Campaign& c) {
  std::vector<CustomCondition> out;
  const json& list = data_at(c, kCustomConditions, kList);
  if (!list.is_array()) return out;
  for (const auto& e : list)
    if (e.is_object() && e.contains("name") && e.at("name").is_string())
      out.push_back({e.at("name").get<std::string>(), e.value("note", std::string())});
  return out;
}

const CustomCondition* find_custom_condition(const std::vector<CustomCondition>& list, const std::string& id) {
  for (const auto& x : list)
    if (x.name == id) return &x;
  return nullptr;
}

Module custom_conditions() {
  return {kCustomConditions, true, install, {.campaign_data = {list_field()}}};
}

}  // namespace druzina::rules
