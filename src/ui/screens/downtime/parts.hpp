// Parts of the downtime screen (downtime.cpp):
//   rest.cpp     — short rest with hit dice per creature (steppers), the exhausting rally, long rest,
//                           advancing time by days / hours; "what changed" = the transaction's log lines.
//                           Test ids: rest.hd.<id>.*, rest.short, rest.rally, rest.long, time.days.*, time.hours.*,
//                           time.advance, downtime.summary, downtime.clock.
//   projects.cpp — crafting projects (mundane, art, magic, scroll): progress, collaborators, hours per
//                           day with overtime saves, finishing art with its check; the art value calculator.
//                           Test ids: project.new, project.kind.<k>, project.name, project.crafter.<id>,
//                           project.collab.<id>, project.value.*, project.start, project.<id>,
//                           project.<id>.hours.*, project.<id>.days.*, project.<id>.work, project.<id>.finish_roll,
//                           project.<id>.finish_enter, project.<id>.remove, project.<id>.worked (who worked today),
//                           project.<id>.day.next / .same, project.<id>.rest (nights = long rests),
//                           project.<id>.summary (what the work did), project.<id>.summary.all, artcalc.cost.*,
//                           artcalc.check.*, artcalc.value.
#pragma once
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace druzina::rules {
struct Plane;
}

namespace druzina::ui {

void draw_rest_and_time();
void draw_planes();
// The planes by kind, the current one marked (planes.cpp; the party's here, a creature's own on its sheet): `pick`
// runs for another one; true when the list closes (a plane tapped, or Close). Test ids <ids>.pick.<plane>,
// <ids>.close; `titled`: names as titles ("The Shadowfell").
bool plane_picker(const std::string& ids, const rules::Plane* current, const char* close_key, bool titled,
                  const std::function<void(const rules::Plane&)>& pick);  // planes.cpp: where the party is (rule "planes"). Test ids: planes.current, planes.own.<id>,
                     // planes.affliction.<id>, planes.end.<id>, planes.change, planes.pick.<plane>, planes.close

// Runs a command from the downtime screen and keeps its log lines as the "what changed" summary, shown where
// `where` says: "" at the top of the screen (rests, time), "project.<id>" in that project's card under its Work
// button (a crafting stretch: its days, nights, saves and the finished item right where the DM tapped).
bool downtime_dispatch(const nlohmann::json& command, const std::string& where = {});
void draw_downtime_summary(const std::string& where = {});

}  // namespace druzina::ui
