// What a player reads of an event in the log (LogAudience::player), beside what is left out whole (session.hpp):
// the data as Session::log and History::view render it for a player. Here and not in history.hpp, so that it is
// compiled only where the log is rendered.
#pragma once
#include <functional>
#include <string>

#include "core/campaign/engine.hpp"

namespace druzina::campaign {

// without_hidden (history.hpp), and a new creature's HP left out where the players may not see its HP exactly
// (vis_party / vis_others: Settings::hp_visibility): "Ogre joins (monster)." A hidden creature named by another
// creature's event is "someone" (campaign.someone): the callers' LogContext::name says so.
json player_data(const std::string& type, const json& data, const std::function<bool(const std::string& id)>& hidden,
                 const std::string& vis_party, const std::string& vis_others);

}  // namespace druzina::campaign
