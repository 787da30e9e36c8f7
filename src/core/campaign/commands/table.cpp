// Inspiration, notes, prompts, roll tables: SetInspiration, AddNote, RemoveNote, ResolvePrompt, DismissPrompt, RollTable.
// Each command is a validate_<name> (refusals, no state change) and an execute_<name> (events).
#include "core/campaign/commands/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::campaign::base_cmd {

namespace {

void validate_set_inspiration(const Campaign& c, const json& cmd) {
  require(c, target(cmd));
  if (!param::find(cmd, "value")) throw UserError("campaign.err.param", jobj{"param", "value", "expected", "true/false"});
  param::boolean(cmd, "value", false);
}

void execute_set_inspiration(Ctx& ctx, const json& cmd) {
  ctx.emit("inspiration_set", jobj{"creature", target(cmd), "value", param::boolean(cmd, "value", false)});
}

void validate_add_note(const Campaign& c, const json& cmd) {
  std::string text = param::str(cmd, "text");
  if (text.size() > 100'000) throw UserError("state.err.too_long", jobj{"path", "text", "max", 100000});
  param::boolean(cmd, "secret", false);
  std::string who = param::str(cmd, "creature", "");
  if (!who.empty()) require(c, who);
}

void execute_add_note(Ctx& ctx, const json& cmd) {
  Note n;
  n.id = ctx.new_id("n");
  n.text = param::str(cmd, "text");
  n.secret = param::boolean(cmd, "secret", false);
  n.creature = param::str(cmd, "creature", "");
  n.at = ctx.state().minutes;
  json nj = n;
  ctx.emit("note_added", jobj{"note", std::move(nj)});
}

void validate_remove_note(const Campaign& c, const json& cmd) {
  std::string id = param::str(cmd, "note");
  if (c.notes.find(id) < 0)
    throw UserError("campaign.err.no_note", jobj{"id", id});
}

void execute_remove_note(Ctx& ctx, const json& cmd) { ctx.emit("note_removed", jobj{"note", param::str(cmd, "note")}); }

auto require_prompt(const Campaign& c, const json& cmd) -> const Prompt& {
  std::string id = param::str(cmd, "prompt");
  const Prompt* p = find_prompt(c, id);
  if (!p) throw UserError("campaign.err.no_prompt", jobj{"id", id});
  return *p;
}

void validate_resolve_prompt(const Campaign& c, const json& cmd) {
  const Prompt& p = require_prompt(c, cmd);
  const json* choices = p.data.contains("choices") ? &p.data["choices"] : nullptr;
  const json* choice = param::find(cmd, "choice");
  if (choices) {
    if (!choice) throw UserError("campaign.err.choice_needed", jobj{"choices", choices->dump()});
    if (std::find(choices->begin(), choices->end(), *choice) == choices->end())
      throw UserError("campaign.err.bad_choice", jobj{"choice", choice->dump(), "choices", choices->dump()});
    if (param::find(cmd, "roll")) throw UserError("campaign.err.roll_not_expected");
  } else {
    if (choice) throw UserError("campaign.err.choice_not_expected");
    param::integer(cmd, "roll", -100, 1000, 0);
    param::integer(cmd, "natural", 1, 100, 1);
    if (p.data.contains("dice")) {
      if (!p.data["dice"].is_string()) throw UserError("campaign.err.param", jobj{"param", "dice", "expected", "text"});
      dice::validate(p.data["dice"].get<std::string>());
    }
  }
}

void execute_resolve_prompt(Ctx& ctx, const json& cmd) {
  const Prompt p = require_prompt(ctx.state(), cmd);  // a copy: the event removes it
  json data = jobj{"prompt", p.id, "kind", p.kind, "creature", p.creature, "data", p.data};
  if (const json* choice = param::find(cmd, "choice")) {
    data["choice"] = *choice;
  } else {
    int total = 0;
    if (param::find(cmd, "roll")) {
      total = static_cast<int>(param::integer(cmd, "roll", -100, 1000));
      data["rolled"] = false;
      if (param::find(cmd, "natural")) data["natural"] = param::integer(cmd, "natural", 1, 100);
    } else {
      std::string expr = p.data.value("dice", std::string("1d20"));
      dice::Roll r = dice::roll(expr, ctx.rng());
      total = static_cast<int>(std::floor(r.total));
      data["rolled"] = true;
      data["text"] = r.text;
      if (r.nat20) data["natural"] = 20;
      if (r.nat1) data["natural"] = 1;
    }
    data["total"] = total;
    if (p.data.contains("dc") && p.data["dc"].is_number_integer()) {
      data["dc"] = p.data["dc"];
      data["success"] = total >= p.data["dc"].get<int>();
    }
  }
  ctx.emit("prompt_resolved", data);
  ctx.run_prompt_handlers(p, data);
}

void validate_dismiss_prompt(const Campaign& c, const json& cmd) { require_prompt(c, cmd); }

void execute_dismiss_prompt(Ctx& ctx, const json& cmd) {
  const Prompt& p = require_prompt(ctx.state(), cmd);
  ctx.emit("prompt_dismissed", jobj{"prompt", p.id, "kind", p.kind, "creature", p.creature, "data", p.data});
}

void validate_roll_table(const Campaign& c, const json& cmd) {
  std::string id = param::str(cmd, "table");
  const tables::Table& t = tables::table(id);  // unknown id → tables.err.unknown
  std::string who = param::str(cmd, "target", "");
  if (!who.empty()) require(c, who);
  if (param::find(cmd, "roll")) tables::row_for(t, static_cast<int>(param::integer(cmd, "roll", -100000, 100000)));
}

void execute_roll_table(Ctx& ctx, const json& cmd) {
  const tables::Table& t = tables::table(param::str(cmd, "table"));
  tables::TableRoll r = param::find(cmd, "roll")
                            ? tables::roll_table_with(t, static_cast<int>(param::integer(cmd, "roll", -100000, 100000)), ctx.rng())
                            : tables::roll_table(t, ctx.rng());
  json data = tables::to_json(r);
  data["rolled"] = !param::find(cmd, "roll");
  std::string who = param::str(cmd, "target", "");
  if (!who.empty()) data["creature"] = who;
  ctx.emit("table_rolled", std::move(data));
}

}  // namespace

void register_table_commands(Engine& e) {
  reg(e, "SetInspiration", {"target", "value"}, validate_set_inspiration, execute_set_inspiration);
  reg(e, "AddNote", {"text", "secret", "creature"}, validate_add_note, execute_add_note);
  reg(e, "RemoveNote", {"note"}, validate_remove_note, execute_remove_note);
  reg(e, "ResolvePrompt", {"prompt", "roll", "natural", "choice"}, validate_resolve_prompt, execute_resolve_prompt);
  reg(e, "DismissPrompt", {"prompt"}, validate_dismiss_prompt, execute_dismiss_prompt);
  reg(e, "RollTable", {"table", "target", "roll"}, validate_roll_table, execute_roll_table);
}

}  // namespace druzina::campaign::base_cmd
