// Injuries and scars: AddInjury, CureInjury.
// Each command is a validate_<name> (refusals, no state change) and an execute_<name> (events).
#include "core/campaign/commands/common.hpp"

namespace druzina::campaign::base_cmd {

namespace {

Text text_param(const json& cmd, const char* name) {
  const json* v = param::find(cmd, name);
  if (!v) throw UserError("campaign.err.param", {{"param", name}, {"expected", "text"}});
  Text t = read_param<Text>(*v, name);
  if (t.cs.empty() && t.uk.empty() && t.en.empty())
    throw UserError("campaign.err.param", {{"param", name}, {"expected", "text"}});
  return t;
}

void validate_add_injury(const Campaign& c, const json& cmd) {
  require(c, target(cmd));
  text_param(cmd, "text");
  param::str(cmd, "table", "");
  param::integer(cmd, "table_row", 0, 100000, 0);
  if (const json* ef = param::find(cmd, "effects"); ef && !ef->is_object())
    throw UserError("campaign.err.param", {{"param", "effects"}, {"expected", "object"}});
}

void execute_add_injury(Ctx& ctx, const json& cmd) {
  Injury inj;
  inj.id = ctx.new_id("i");
  inj.text = text_param(cmd, "text");
  inj.table = param::str(cmd, "table", "");
  inj.table_row = static_cast<int>(param::integer(cmd, "table_row", 0, 100000, 0));
  if (const json* ef = param::find(cmd, "effects")) inj.effects = *ef;
  inj.since_minutes = ctx.state().minutes;
  json ij = inj;
  ctx.emit("injury_added", {{"creature", target(cmd)}, {"injury", std::move(ij)}});
}

void validate_cure_injury(const Campaign& c, const json& cmd) {
  const Creature& x = require(c, target(cmd));
  std::string id = param::str(cmd, "injury");
  auto it = std::find_if(x.injuries.begin(), x.injuries.end(), [&](const Injury& j) { return j.id == id; });
  if (it == x.injuries.end()) throw UserError("campaign.err.no_injury", {{"name", x.name}, {"id", id}});
  if (it->cured) throw UserError("campaign.err.already_cured", {{"name", x.name}, {"id", id}});
  if (param::find(cmd, "scar")) text_param(cmd, "scar");
}

void execute_cure_injury(Ctx& ctx, const json& cmd) {
  json data = {{"creature", target(cmd)}, {"injury", param::str(cmd, "injury")}};
  if (param::find(cmd, "scar")) {
    Scar sc;
    sc.text = text_param(cmd, "scar");
    sc.since_minutes = ctx.state().minutes;
    sc.from_injury = param::str(cmd, "injury");
    data["scar"] = sc;
  }
  ctx.emit("injury_cured", std::move(data));
}

}  // namespace

void register_injuries_commands(Engine& e) {
  reg(e, "AddInjury", {"target", "text", "table", "table_row", "effects"}, validate_add_injury, execute_add_injury);
  reg(e, "CureInjury", {"target", "injury", "scar"}, validate_cure_injury, execute_cure_injury);
}

}  // namespace druzina::campaign::base_cmd
