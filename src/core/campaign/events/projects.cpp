// Downtime projects: project_added / _updated / _removed.
// Each event is an apply_<type> (the state change; never rolls, reads its data strictly) and a render_<type>
// (its log line).
#include "core/campaign/events/common.hpp"

namespace druzina::campaign::base_ev {

namespace {

void apply_project_added(Campaign& c, const json& d) {
  Project p;
  jr::get(d.at("project"), p);
  for (const auto& o : p.owners) creature_ref(c, o);
  claim_id(c, p.id);
  c.projects.push_back(std::move(p));
}

std::string render_project_added(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.project_added", {{"project", d.at("project").value("name", "")}});
}

auto project_ref(Campaign& c, const std::string& id) -> Project& {
  for (auto& p : c.projects)
    if (p.id == id) return p;
  throw std::out_of_range("no project " + id);
}

void apply_project_updated(Campaign& c, const json& d) { patch_struct(project_ref(c, s(d, "project")), d.at("patch")); }

std::string render_project_updated(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.project_updated", {{"project", d.value("name", opt_s(d, "project"))}});
}

void apply_project_removed(Campaign& c, const json& d) {
  const std::string& id = s(d, "project");
  auto it = std::find_if(c.projects.begin(), c.projects.end(), [&](const Project& p) { return p.id == id; });
  if (it == c.projects.end()) throw std::out_of_range("no project " + id);
  c.projects.erase(it);
}

std::string render_project_removed(const json& d, const LogContext& lc) {
  return tr(lc.lang, "event.project_removed", {{"project", d.value("name", opt_s(d, "project"))}});
}

}  // namespace

void register_projects_events(Engine& e) {
  reg(e, "project_added", apply_project_added, render_project_added);
  reg(e, "project_updated", apply_project_updated, render_project_updated);
  reg(e, "project_removed", apply_project_removed, render_project_removed);
}

}  // namespace druzina::campaign::base_ev
