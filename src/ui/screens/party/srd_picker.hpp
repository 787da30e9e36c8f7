// Party → "+ From the SRD" (DM): the 334 SRD 5.1 monsters searched by name in the reader's language (or English),
// one picked, how many, Add — AddMonsters fills in the stat block (one undo step). Module srd_monsters. Opened
// from the Combat screen (join), the monsters join the running fight at once (AddMonsters join).
// Test ids: party.add_srd, srd.search, srd.more, srd.pick.<id>, srd.facts, srd.count.{minus,value,plus}, srd.add,
// srd.back.
#pragma once

namespace druzina::ui {

bool srd_picker_open();
void open_srd_picker(bool join = false);
bool srd_picker_joins();  // opened from the Combat screen
void draw_srd_picker();

}  // namespace druzina::ui
