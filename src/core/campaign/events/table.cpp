// Inspiration, prompts, notes, roll tables, module data: inspiration_set, prompt_created / _resolved / _dismissed,
// note_added / _removed, table_rolled, module_data_set.
// Each event is an apply_<type> (the state change; never rolls, reads its data strictly) and a render_<type>
// (its log line).
#include "core/campaign/events/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::campaign::base_ev {

namespace {

void apply_inspiration_set(Campaign& c, const json& d) { creature_ref(c, s(d, "creature")).inspiration = d.at("value").get<bool>(); }

std::string render_inspiration_set(const json& d, const LogContext& lc) {
  return tr(lc.lang, d.value("value", false) ? "event.inspiration_gained" : "event.inspiration_lost",
            jobj{"name", name_of(lc, d)});
}

auto question(const LogContext& lc, const json& d) {
  std::string kind = opt_s(d, "kind");
  json args = d.value("data", json::object());
  if (!args.is_object()) args = json::object();
  args["name"] = name_of(lc, d);
  std::string key = "prompt." + kind;
  return has_key(lc.lang, key) ? tr(lc.lang, key, args) : kind;
}

void apply_prompt_created(Campaign& c, const json& d) {
  Prompt p;
  jr::get(d.at("prompt"), p);
  if (find_prompt(c, p.id)) throw std::invalid_argument("duplicate prompt id " + p.id);
  if (!p.creature.empty() && !find_creature(std::as_const(c), p.creature)) throw std::out_of_range("no creature " + p.creature);
  claim_id(c, p.id);
  c.prompts.push_back(std::move(p));
}

std::string render_prompt_created(const json& d, const LogContext& lc) {
  const json& p = d.at("prompt");
  return tr(lc.lang, "event.prompt_created", jobj{"question", question(lc, p)});
}

auto remove_prompt(Campaign& c, const json& d) {
  const std::string& id = s(d, "prompt");
  auto it = std::find_if(c.prompts.begin(), c.prompts.end(), [&](const Prompt& p) { return p.id == id; });
  if (it == c.prompts.end()) throw std::out_of_range("no prompt " + id);
  c.prompts.erase(it);
}

std::string render_prompt_resolved(const json& d, const LogContext& lc) {
  json args = jobj{"question", question(lc, d)};
  if (d.contains("choice")) {
    args["choice"] = d.at("choice").is_string() ? d.at("choice").get<std::string>() : d.at("choice").dump();
    return tr(lc.lang, "event.prompt_choice", args);
  }
  args["total"] = d.value("total", 0);
  if (d.contains("dc")) {
    args["dc"] = d.value("dc", 0);
    return tr(lc.lang, d.value("success", false) ? "event.prompt_success" : "event.prompt_failure", args);
  }
  return tr(lc.lang, "event.prompt_roll", args);
}

std::string render_prompt_dismissed(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.prompt_dismissed", jobj{"question", question(lc, d)});
}

void apply_note_added(Campaign& c, const json& d) {
  Note n;
  jr::get(d.at("note"), n);
  if (!n.creature.empty() && !find_creature(std::as_const(c), n.creature)) throw std::out_of_range("no creature " + n.creature);
  claim_id(c, n.id);
  c.notes.push_back(std::move(n));
}

std::string render_note_added(const json& d, const LogContext& lc) {
  const json& n = d.at("note");
  return tr(lc.lang, n.value("secret", false) ? "event.secret_note_added" : "event.note_added",
            jobj{"text", n.value("text", "")});
}

void apply_note_removed(Campaign& c, const json& d) {
  const std::string& id = s(d, "note");
  auto k = c.notes.find(id);
  if (k < 0) throw std::out_of_range("no note " + id);
  c.notes.erase_at(static_cast<size_t>(k));
}

std::string render_note_removed(const json&, const LogContext& lc) { return tr(lc.lang, "event.note_removed"); }

void apply_table_rolled(Campaign&, const json&) {}

std::string render_table_rolled(const json& d, const LogContext& lc) {
  Text t;
  if (d.contains("text")) jr::get(d.at("text"), t);
  std::string table = opt_s(d, "table");
  json args = jobj{"table", tables::has_table(table) ? tables::table(table).title.in(lc.lang) : table,
               "roll", d.value("roll", 0),
               "text", t.in(lc.lang)};
  if (d.contains("creature")) {
    args["name"] = name_of(lc, d);
    return tr(lc.lang, "event.table_rolled_for", args);
  }
  return tr(lc.lang, "event.table_rolled", args);
}

void apply_module_data_set(Campaign& c, const json& d) {
  const std::string& m = s(d, "module");
  const json& patch = d.at("patch");
  if (!c.modules.contains(m)) c.modules[m] = json::object();
  c.modules[m].merge_patch(patch);
  if (c.modules[m].is_null()) c.modules.erase(m);
}

}  // namespace

void register_table_events(Engine& e) {
  reg(e, "inspiration_set", apply_inspiration_set, render_inspiration_set);
  reg(e, "prompt_created", apply_prompt_created, render_prompt_created);
  reg(e, "prompt_resolved", remove_prompt, render_prompt_resolved);
  reg(e, "prompt_dismissed", remove_prompt, render_prompt_dismissed);
  reg(e, "note_added", apply_note_added, render_note_added);
  e.secret_event("note_added", [](const json& d) { return d.at("note").value("secret", false); });
  reg(e, "note_removed", apply_note_removed, render_note_removed);
  reg(e, "table_rolled", apply_table_rolled, render_table_rolled);
  reg(e, "module_data_set", apply_module_data_set, {}, true);
}

}  // namespace druzina::campaign::base_ev
