// Helpers shared by the base commands (see common.hpp).
#include "core/campaign/commands/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::campaign::base_cmd {

void reg(Engine& e, const char* type, std::vector<std::string> params,
         Fn<void(const Campaign&, const json&)> validate, Fn<void(Ctx&, const json&)> execute) {
  CommandDef def;
  def.params = std::move(params);
  def.validate = std::move(validate);
  def.execute = std::move(execute);
  e.register_command(type, std::move(def));
}

std::string target(const json& cmd) { return param::str(cmd, "target"); }

std::vector<std::string> id_list(const json& cmd, const char* name) {
  std::vector<std::string> out;
  const json* v = param::find(cmd, name);
  if (!v) return out;
  if (!v->is_array()) throw UserError("campaign.err.param", jobj{"param", name, "expected", "list of ids"});
  for (const auto& x : *v) {
    if (!x.is_string()) throw UserError("campaign.err.param", jobj{"param", name, "expected", "list of ids"});
    out.push_back(x.get<std::string>());
  }
  return out;
}

void no_encounter(const Campaign& c, const char* command) {
  if (c.encounter) throw UserError("campaign.err.in_encounter", jobj{"command", command});
}

}  // namespace druzina::campaign::base_cmd
