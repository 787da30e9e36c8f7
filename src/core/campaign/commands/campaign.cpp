// The campaign and its settings: CreateCampaign, SetSettings.
// Each command is a validate_<name> (refusals, no state change) and an execute_<name> (events).
#include "core/campaign/commands/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::campaign::base_cmd {

namespace {

const std::vector<std::string> kSettingKeys = {"language", "rules", "exhaustion_edition", "hp_visibility",
                                               "dm_notes", "house_rule_notes"};

// A parameter besides "type" (a module's own, allowed with Engine::allow_params, counts: its hook acts on it).
bool has_any_param(const json& cmd) {
  for (auto it = cmd.begin(); it != cmd.end(); ++it)
    if (it.key() != "type") return true;
  return false;
}

auto settings_patch(const json& cmd) {
  json patch = json::object();
  for (const auto& k : kSettingKeys)
    if (cmd.contains(k)) patch[k] = cmd.at(k);
  return patch;
}

auto checked_settings(const Settings& base, const json& patch) {
  json j = base;
  j.merge_patch(patch);
  Settings s = read_param<Settings>(j, "settings");
  jr::reset_path();
  validate_settings(s);
  return s;
}

std::vector<std::string> create_params() {
  std::vector<std::string> p = kSettingKeys;
  p.push_back("name");
  return p;
}

void validate_create_campaign(const Campaign& c, const json& cmd) {
  if (!c.name.empty()) throw UserError("campaign.err.already_created", jobj{"campaign", c.name});
  std::string name = param::str(cmd, "name");
  if (name.size() > 200) throw UserError("state.err.too_long", jobj{"path", "name", "max", 200});
  checked_settings(Settings{}, settings_patch(cmd));
}

void execute_create_campaign(Ctx& ctx, const json& cmd) {
  Settings s = checked_settings(Settings{}, settings_patch(cmd));
  ctx.emit("campaign_created", jobj{"name", param::str(cmd, "name"), "settings", json(s)});
}

void validate_set_settings(const Campaign& c, const json& cmd) {
  if (cmd.contains("name")) {
    std::string name = param::str(cmd, "name");
    if (name.size() > 200) throw UserError("state.err.too_long", jobj{"path", "name", "max", 200});
  }
  json patch = settings_patch(cmd);
  if (!has_any_param(cmd)) throw UserError("campaign.err.nothing_to_change");
  checked_settings(c.settings, patch);
}

void execute_set_settings(Ctx& ctx, const json& cmd) {
  json data = jobj{"patch", settings_patch(cmd)};
  if (cmd.contains("name")) data["name"] = param::str(cmd, "name");
  if (data["patch"].empty() && !data.contains("name")) return;  // only a module's parameters: its hook acts
  ctx.emit("settings_changed", std::move(data));
}

// FoldSession {session}: the history's session n becomes its one-line summary (Session checks that it exists, is
// not the newest and has entries to fold; the history makes the fold when this step leaves the undo tail).
void validate_fold_session(const Campaign&, const json& cmd) {
  param::integer(cmd, "session", 1, 100'000'000);
}

void execute_fold_session(Ctx& ctx, const json& cmd) {
  ctx.emit("session_folded", jobj{"session", param::integer(cmd, "session", 1, 100'000'000)});
}

}  // namespace

void register_campaign_commands(Engine& e) {
  reg(e, "FoldSession", {"session"}, validate_fold_session, execute_fold_session);
  reg(e, "CreateCampaign", create_params(), validate_create_campaign, execute_create_campaign);
  reg(e, "SetSettings", create_params(), validate_set_settings, execute_set_settings);
}

}  // namespace druzina::campaign::base_cmd
