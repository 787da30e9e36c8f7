// Helpers shared by the base commands (src/core/campaign/commands/*.cpp; internal to the engine).
// Each file registers one topic's commands: register_<topic>_commands(Engine&), called by commands.cpp.
#pragma once
#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/actions.hpp"
#include "core/campaign/derived.hpp"
#include "core/campaign/engine.hpp"
#include "core/campaign/json_read.hpp"
#include "core/dice/dice.hpp"
#include "core/error.hpp"
#include "core/tables/table.hpp"

namespace druzina::campaign::base_cmd {

using actions::require;
using actions::require_living;

// Registers a base command.
void reg(Engine& e, const char* type, std::vector<std::string> params,
         Fn<void(const Campaign&, const json&)> validate, Fn<void(Ctx&, const json&)> execute);

// The "target" parameter (required).
std::string target(const json& cmd);

// A list-of-ids parameter (empty when absent).
std::vector<std::string> id_list(const json& cmd, const char* name);

// Reads a struct from a command parameter with the state.err.* errors, the path prefixed by the parameter.
template <class T>
T read_param(const json& v, std::string_view name) {
  jr::reset_path();
  jr::PathGuard g(name);
  T out{};
  jr::get(v, out);
  jr::reset_path();
  return out;
}


// Refuses `command` during an encounter.
void no_encounter(const Campaign& c, const char* command);

void register_campaign_commands(Engine& e);
void register_creatures_commands(Engine& e);
void register_health_commands(Engine& e);
void register_rests_commands(Engine& e);
void register_encounter_commands(Engine& e);
void register_table_commands(Engine& e);

}  // namespace druzina::campaign::base_cmd
