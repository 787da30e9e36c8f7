// The creature editor: add a character (name, level, HP, AC, ability scores by steppers, hit die), add monsters
// quickly (name, HP as a number or dice — rolled or average —, AC, initiative bonus, legendary actions and
// resistances, N copies numbered by the engine), or edit an existing creature (UpdateCreature with only the
// changed fields).
// Test ids: edit.kind.<pc|monster|npc|sidekick>, edit.name, edit.count.*, edit.hp_mode.<number|dice>,
// edit.hp_expr, edit.hp_roll.<roll|average>, edit.max_hp.*, edit.ac.*, edit.level.*, edit.init.*,
// edit.legendary.*, edit.legendary_res.*, edit.ability.<str…>.*, edit.hit_die.<6|8|10|12>, edit.save, edit.cancel.
#pragma once
#include <string>

namespace druzina::ui {

void open_creature_editor(const std::string& kind);  // a new creature: "pc" or "monster" (or npc, sidekick)
void open_creature_editor_for(const std::string& id);
bool creature_editor_open();
// Draws the form; when it saves, `added` gets the first new creature's id (or the edited one).
void draw_creature_editor(std::string* added = nullptr);

}  // namespace druzina::ui
