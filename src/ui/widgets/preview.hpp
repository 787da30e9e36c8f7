// A step that moves the clock or rests the party says what it will do before it happens: a dry run of its
// command (on a copy of the state and of the dice) read as what changes for whom and as the log's lines, shown in
// a confirmation; the command is dispatched once the user says yes.
#pragma once
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace druzina::ui {

// What a command would do without doing it: the clock, each creature whose HP, maximum HP or exhaustion changes
// or who dies, then the log's lines (in player mode without the DM's secrets). Empty when it would be refused.
std::vector<std::string> preview_lines(const nlohmann::json& command);
// Asks `intro` and what preview_lines says; `yes` labels the button (default "Yes, do it").
void ask_before(const std::string& key, const std::string& intro, const nlohmann::json& command, const char* yes = nullptr);
// Called each frame where the step's button is drawn: shows the question; the command once, when the user says
// yes (the caller dispatches it).
std::optional<nlohmann::json> confirmed_command(const std::string& key);

}  // namespace druzina::ui
