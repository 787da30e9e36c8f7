// Rule "planes" on the downtime screen: where the party is. The campaign's plane with what it does (the effect's
// text; the engine applies the saves at the end of a long rest and Mechanus's averages), the creatures on a plane
// of their own and the planar afflictions they carry; the DM moves the party (SetPlane) from the planes listed by
// kind, and ends an affliction by the DM's word (EndPlanarAffliction). Players read it. Nothing shows while the
// rule is off.
#include <imgui.h>

#include <string>
#include <utility>

#include "core/rules/planes/planes.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/screens/downtime/parts.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {

// A plane's name as a title: "the Shadowfell" → "The Shadowfell" (the English names carry their article).
std::string title(const rules::Plane& p) {
  std::string s = p.name.in(ui().lang);
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

bool& picking() {
  static bool open = false;
  return open;
}

void draw_plane_picker(const rules::Plane* current) {
  if (plane_picker("planes", current, "ui.planes.close", true,
                   [](const rules::Plane& p) { downtime_dispatch(jobj{"type", "SetPlane", "plane", p.id}); }))
    picking() = false;
}

}  // namespace

bool plane_picker(const std::string& ids, const rules::Plane* current, const char* close_key, bool titled,
                  const std::function<void(const rules::Plane&)>& pick) {
  const std::pair<const char*, const char*> kinds[] = {{"material", "ui.planes.kind.material"},
                                                       {"echo", "ui.planes.kind.echo"},
                                                       {"transitive", "ui.planes.kind.transitive"},
                                                       {"inner", "ui.planes.kind.inner"},
                                                       {"outer", "ui.planes.kind.outer"}};
  bool closed = false;
  for (const auto& [kind, label] : kinds) {
    small_label(T(label));
    for (const auto& p : rules::plane_list()) {
      if (p.kind != kind) continue;
      const bool here = current == &p;
      const std::string name = titled ? title(p) : p.name.in(ui().lang);
      if (card_button(ids + ".pick." + p.id, name.c_str(), nullptr, here)) {
        if (!here) pick(p);
        closed = true;
      }
    }
  }
  if (big_button(T(close_key), ImVec2(0, kTouchTarget))) closed = true;
  track(ids + ".close", T(close_key));
  return closed;
}

void draw_planes() {
  const auto& c = model().state();
  const rules::PlanesView v = rules::planes_view(c);
  if (!v.on || v.plane == nullptr) return;
  const bool dm = !ui_player_mode();
  section(T("ui.planes.title"));
  const std::string name = v.plane->name.in(ui().lang);
  const std::string effect = v.plane->effect.in(ui().lang);
  ImGui::TextWrapped("%s", Tf("ui.planes.here", jobj{"plane", name}).c_str());
  track("planes.current", name);
  muted(effect.empty() ? T("ui.planes.no_effect") : effect.c_str());
  // Creatures apart from the party, and the afflictions the Shadowfell and the Abyss left.
  for (const auto& x : c.creatures) {
    const rules::PlanesView xv = rules::planes_view(c, &x);
    if (xv.own && xv.plane) {
      const std::string line = Tf("ui.planes.own", jobj{"name", x.name, "plane", xv.plane->name.in(ui().lang)});
      bullet(line.c_str());
      track("planes.own." + x.id, line);
    }
    if (!xv.affliction) continue;
    const bool despair = xv.affliction->table == "shadowfell-despair";
    const std::string line = Tf(despair ? "ui.planes.despair" : "ui.planes.corruption",
                                jobj{"name", x.name, "text", rules::affliction_text(ui().lang, *xv.affliction)});
    bullet(line.c_str());
    track("planes.affliction." + x.id, line);
    if (dm && big_button((std::string(T("ui.planes.end")) + "##" + x.id).c_str(), ImVec2(0, kTouchTarget))) {
      // the command replaces the creature list (copy on write): `x` and the loop's list are gone, stop here
      downtime_dispatch(jobj{"type", "EndPlanarAffliction", "target", std::string(x.id), "means", "dm"});
      return;
    }
    if (dm) track("planes.end." + x.id, T("ui.planes.end"));
  }
  if (!dm) return;
  if (picking()) {
    draw_plane_picker(v.plane);
  } else {
    if (big_button(T("ui.planes.change"), ImVec2(0, kTouchTarget))) picking() = true;
    track("planes.change", T("ui.planes.change"));
  }
}

}  // namespace druzina::ui
