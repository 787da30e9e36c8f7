// The HP pad: the number pad (number_pad.hpp) with "Damage" / "Heal" / "Temp HP" for one creature (ApplyDamage /
// Heal / SetTempHp, the log as a notice); at 0 HP a "critical hit" toggle (two death-save failures), above 0 a
// "knock out" toggle (damage that takes it to 0 knocks it out: unconscious and stable).
// Test ids: the pad's (pad.0 … pad.9, pad.value, …), pad.damage, pad.heal, pad.temp, pad.critical, pad.knock_out.
#pragma once
#include <string>

#include "ui/widgets/number_pad.hpp"

namespace druzina::ui::pad {

void open_hp(const std::string& creature_id);

}  // namespace druzina::ui::pad
