// Helpers shared by the house-rule modules (internal to src/core/rules).
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/actions.hpp"
#include "core/campaign/derived.hpp"
#include "core/campaign/engine.hpp"
#include "core/error.hpp"
#include "core/rules/rules.hpp"

namespace druzina::rules::detail {

using campaign::Condition;
using campaign::Ctx;
using campaign::Engine;
using campaign::Event;
using campaign::LogContext;
using campaign::Prompt;

// Registers a command of the module being installed.
void command(Engine& e, const char* type, std::vector<std::string> params,
             Fn<void(const Campaign&, const json&)> validate, Fn<void(Ctx&, const json&)> execute);
// Registers an event; render empty → tr("event.<type>", data + {"name": name of data.creature}).
void event(Engine& e, const char* type, Fn<void(Campaign&, const json&)> apply,
           Fn<std::string(const json&, const LogContext&)> render = {}, bool silent = false);

// Name of the creature whose id is d[key] (for log lines).
std::string name_of(const LogContext& lc, const json& d, const char* key = "creature");
// A label key if the catalog has it, else the fallback text.
std::string label(Lang lang, const std::string& key, const std::string& fallback);
// The same sentence in every language (for stored texts such as scars).
Text text_all(std::string_view key, const json& args = json::object());
std::string signed_text(int n);  // "+3", "−1" written as "-1", "+0"
// Appends item to list, with sep in between.
void append(std::string& list, const std::string& sep, const std::string& item);

// Campaign::modules[module] (null json when absent) and a mutable one for event apply functions.
const json& data_of(const Campaign& c, std::string_view module);
json& data_ref(Campaign& c, std::string_view module);
// data_of(c, module)[a][b] or null.
const json& data_at(const Campaign& c, std::string_view module, std::string_view a, std::string_view b = {});

// A creature's module data: x.modules[module][key] (null json when absent), and setting it from an event's apply
// function: a null value erases the key, and an empty module entry is erased (absent = the default, so old saves
// and new creatures need no data).
const json& creature_data(const Creature& x, std::string_view module, std::string_view key);
void set_creature_data(Creature& x, std::string_view module, std::string_view key, json value);

// DataField validation: an integer in lo..hi (UserError state.err.wrong_type / out_of_range with the path).
void int_in(const json& v, long long lo, long long hi);

// Command parameters.
std::vector<std::string> id_list(const json& cmd, const char* name);
std::optional<int> opt_int(const json& cmd, const char* name, int lo, int hi);
std::vector<int> int_list(const json& cmd, const char* name, int lo, int hi);

// The die result for the table a prompt's answer leads to, when the table entered it: ResolvePrompt
// {"prompt": p.id, "then_roll": N} as the top-level command.
std::optional<int> then_roll(const Ctx& ctx, const Prompt& p);

// Party: living PCs and sidekicks.
std::vector<std::string> party(const Campaign& c);

// Adds a condition from a table row's lasting effects: condition / no_reactions / disadvantage / advantage.
void add_lasting_conditions(Ctx& ctx, const std::string& target, const json& effects, const std::string& source,
                            const campaign::Until& until);

// Raises exhaustion by n (capped at 6) with a source; nothing for the dead.
void add_exhaustion(Ctx& ctx, const std::string& target, int n, const std::string& source, const std::string& cause);

}  // namespace druzina::rules::detail
