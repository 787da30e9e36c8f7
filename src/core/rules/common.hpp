// Helpers shared by the house-rule modules (internal to src/core/rules).
#pragma once
#include <functional>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/campaign/actions.hpp"
#include "core/campaign/derived.hpp"
#include "core/campaign/engine.hpp"
#include "core/campaign/json_read.hpp"
#include "core/error.hpp"
#include "core/rules/rules.hpp"

namespace druzina::rules::detail {

// The core's namespaces a module names most (`using namespace detail;` brings them in with the helpers below).
namespace actions = campaign::actions;
namespace param = campaign::param;
namespace jr = campaign::jr;

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

// The data of the last event of `type` among `events` (a transaction's), or nullptr: what a rule's typed result
// (an attack, a luck reroll) reads.
const json* last_event(const std::vector<Event>& events, std::string_view type);

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
// The field "notes" of a rule that keeps the DM's free-text entries on a creature (rules::rule_notes): a list.
// (Until schema 8 the base creature's own lists: diseases, poisons, madness.)
campaign::DataField notes_field();

// DataField validation: an integer in lo..hi (UserError state.err.wrong_type / out_of_range with the path).
void int_in(const json& v, long long lo, long long hi);
// DataField validation of a list of at most `max` objects, each checked by `one` (its index in the path), no two
// with the same string `key` (UserError state.err.wrong_type / too_many / duplicate_id with the path).
void unique_list(const json& v, size_t max, const char* key, const std::function<void(const json&)>& one);
// DataField validation: each of `keys` is in the object (UserError state.err.wrong_type "a value" with its path).
void require_keys(const json& obj, std::initializer_list<const char*> keys);

// A rule's own list of objects on a creature (infections, poison effects, madness …), absent = empty:
// the entry whose string `key` is `value`, or nullptr;
const json* find_in_list(const json& list, const char* key, std::string_view value);
// the same in a list an event's apply function changes, where none is a broken history (std::out_of_range(missing));
json::iterator entry_in(json& list, const char* key, std::string_view value, const std::string& missing);
// the list with `entry` added at the end (with a `key`: one with the same key there is std::invalid_argument(twice));
json list_with(const json& list, const json& entry, const char* key = nullptr, const char* twice = "");
// its entries read as T.
template <class T, class Read>
std::vector<T> read_list(const json& list, Read read) {
  std::vector<T> out;
  if (!list.is_array()) return out;
  for (const auto& j : list) out.push_back(read(j));
  return out;
}
// The refusals of chosen_entry (rules.err.* keys, each with {name}; `unknown` also with {id}).
struct ChoiceErrors {
  const char* none;     // the list is empty
  const char* unknown;  // the command names an entry that is not there
  const char* which;    // it names none and there are several
};
// The entry of `list` a command means: the one whose `key` is the command's string parameter `param_name`, else the
// only one.
const json& chosen_entry(const Creature& x, const json& list, const json& cmd, const char* param_name, const char* key,
                         const ChoiceErrors& err);
// items with sep in between ("a, b, c").
std::string joined(const std::vector<std::string>& items, const std::string& sep);

// The next id "<prefix><n>" of a rule's own list of {id} objects: one past the highest n there ("t4" → "t5").
std::string next_list_id(const json& list, char prefix);

// [SECTION] catalogues: a rule's data file in assets (diseases.json, …), read once ------------------------------------
// The entries of `entries`, each read by `read` (json → T; throws std::runtime_error "<file>: …" on a bad entry),
// no id twice (std::runtime_error "<file>: id twice: <id>").
template <class T, class Read>
std::vector<T> read_catalogue(const json& entries, const char* file, Read read) {
  std::vector<T> out;
  for (const auto& j : entries) {
    T entry = read(j);
    for (const auto& q : out)
      if (q.id == entry.id) throw std::runtime_error(std::string(file) + ": id twice: " + entry.id);
    out.push_back(std::move(entry));
  }
  return out;
}
// A text of a catalogue entry: {cs, uk, en} (a language not loaded — the web build's packs, assets.hpp — is empty),
// one string for every language, anything else (an optional text that is absent) empty.
Text catalogue_text(const json& j);
// The entry with this id, or nullptr.
template <class T>
const T* find_by_id(const std::vector<T>& list, std::string_view id) {
  for (const auto& x : list)
    if (x.id == id) return &x;
  return nullptr;
}
// Every entry's id, in the catalogue's order.
template <class T>
std::vector<std::string> ids_of(const std::vector<T>& list) {
  std::vector<std::string> out;
  for (const auto& x : list) out.push_back(x.id);
  return out;
}

// Command parameters.
std::vector<std::string> id_list(const json& cmd, const char* name);
std::optional<int> opt_int(const json& cmd, const char* name, int lo, int hi);
std::vector<int> int_list(const json& cmd, const char* name, int lo, int hi);

// The total of a check or save at modifier `mod`: `entered` (a total the player rolled at the table; data.rolled =
// false), else d20 + mod rolled by the engine (data.roll, data.rolled = true).
int d20_total(Ctx& ctx, std::optional<int> entered, int mod, json& data);
// The same with the command's "roll" (-100..1000) as the entered total.
int d20_total(Ctx& ctx, const json& cmd, int mod, json& data);

// The die result for the table a prompt's answer leads to, when the table entered it: ResolvePrompt
// {"prompt": p.id, "then_roll": N} as the top-level command.
std::optional<int> then_roll(const Ctx& ctx, const Prompt& p);

// Adds a condition from a table row's lasting effects: condition / no_reactions / disadvantage / advantage.
void add_lasting_conditions(Ctx& ctx, const std::string& target, const json& effects, const std::string& source,
                            const campaign::Until& until);

// Raises exhaustion by n (capped at 6) with a source; nothing for the dead.
void add_exhaustion(Ctx& ctx, const std::string& target, int n, const std::string& source, const std::string& cause);

}  // namespace druzina::rules::detail
