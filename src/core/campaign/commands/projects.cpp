// Downtime projects: AddProject, UpdateProject, RemoveProject.
// Each command is a validate_<name> (refusals, no state change) and an execute_<name> (events).
#include "core/campaign/commands/common.hpp"

namespace druzina::campaign::base_cmd {

namespace {

auto project_from(const Campaign& c, const json& cmd) {
  Project p;
  p.kind = param::str(cmd, "kind");
  p.name = param::str(cmd, "name");
  p.owners = id_list(cmd, "owners");
  for (const auto& o : p.owners) require(c, o);
  for (const char* k : {"goal_gp", "materials_gp"}) {
    if (const json* v = param::find(cmd, k)) {
      if (!v->is_number() || v->get<double>() < 0)
        throw UserError("campaign.err.param", {{"param", k}, {"expected", "number ≥ 0"}});
      (std::string(k) == "goal_gp" ? p.goal_gp : p.materials_gp) = v->get<double>();
    }
  }
  if (const json* d = param::find(cmd, "data")) {
    if (!d->is_object()) throw UserError("campaign.err.param", {{"param", "data"}, {"expected", "object"}});
    p.data = *d;
  }
  return p;
}

auto find_project(const Campaign& c, const json& cmd) -> const Project& {
  std::string id = param::str(cmd, "project");
  for (const auto& p : c.projects)
    if (p.id == id) return p;
  throw UserError("campaign.err.no_project", {{"id", id}});
}

void validate_add_project(const Campaign& c, const json& cmd) { project_from(c, cmd); }

void execute_add_project(Ctx& ctx, const json& cmd) {
  Project p = project_from(ctx.state(), cmd);
  p.id = ctx.new_id("j");
  json pj = p;
  ctx.emit("project_added", {{"project", std::move(pj)}});
}

void validate_update_project(const Campaign& c, const json& cmd) {
  const Project& p = find_project(c, cmd);
  const json& patch = param::object(cmd, "patch");
  if (patch.contains("id")) throw UserError("campaign.err.unknown_field", {{"field", "id"}});
  json j = p;
  j.merge_patch(patch);
  Project q = read_param<Project>(j, "patch");
  for (const auto& o : q.owners) require(c, o);
  for (double v : {q.goal_gp, q.progress_gp, q.materials_gp, q.hours})
    if (v < 0) throw UserError("state.err.negative", {{"path", "patch"}, {"value", v}});
}

void execute_update_project(Ctx& ctx, const json& cmd) {
  const Project& p = find_project(ctx.state(), cmd);
  ctx.emit("project_updated", {{"project", p.id}, {"name", p.name}, {"patch", param::object(cmd, "patch")}});
}

void validate_remove_project(const Campaign& c, const json& cmd) { find_project(c, cmd); }

void execute_remove_project(Ctx& ctx, const json& cmd) {
  const Project& p = find_project(ctx.state(), cmd);
  ctx.emit("project_removed", {{"project", p.id}, {"name", p.name}});
}

}  // namespace

void register_projects_commands(Engine& e) {
  reg(e, "AddProject", {"kind", "name", "owners", "goal_gp", "materials_gp", "data"}, validate_add_project, execute_add_project);
  reg(e, "UpdateProject", {"project", "patch"}, validate_update_project, execute_update_project);
  reg(e, "RemoveProject", {"project"}, validate_remove_project, execute_remove_project);
}

}  // namespace druzina::campaign::base_cmd
