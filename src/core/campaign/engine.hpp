// The campaign engine: commands → events → state, and the hooks rule modules plug into.
//
// How a change happens
//   A command is JSON: {"type": "ApplyDamage", "target": "c3", "amount": 9}. Engine::run() takes the current
//   state and a command and, on a COPY of the state:
//     1. checks the command: known type, only known parameters (CommandDef::params + Engine::allow_params),
//        module switched on (for commands a module registered);
//     2. CommandDef::validate(state, cmd) — refuses with UserError;
//     3. before-hooks of the command type, in registration order (may refuse, may emit events first);
//     4. CommandDef::execute(ctx, cmd) — emits events with ctx.emit(type, data);
//     5. after-hooks of the command type;
//     6. validate_campaign() on the result (a module bug that breaks an invariant refuses the command).
//   Every emitted event is applied to the working copy AT ONCE (later logic sees it) and then the on_event
//   hooks of its type run (depth-first: their events are applied and hooked before emit() returns).
//   Only if all of that succeeds does the caller get the new state and a Transaction {id, command, events, at};
//   any UserError leaves the caller's state and Rng untouched (the Rng is restored too).
//
// Randomness is decided ONLY inside execute/hooks, through ctx.rng(), and the result is written into the
// event data ({"roll": 14}). Applying an event never rolls, never reads the clock and never runs hooks, so
// folding the recorded events over a snapshot reproduces the state exactly (undo, redo, load, replay tests).
//
// Rule modules (the house rules, the DM's optional rules)
//   struct Module { id, default_on, install, description }. Engine::add_module(m) calls m.install(engine); every
//   command, event, hook and prompt handler registered during install belongs to the module, and the module's
//   description records them (Module::commands with their parameters, Module::events, Module::prompts), next
//   to what the module declares itself (seed section, calculators, tables, reference entries, data). When the
//   campaign's settings.rules[id] is false (or missing and default_on is false) the module's hooks do not run
//   and its commands are refused with campaign.err.rule_off. Its EVENTS always apply (history must replay even
//   after the DM switches a rule off). Add a module to the app in src/core/rules/modules.cpp (one line);
//   docs/adding-a-rule.md is the recipe.
//
//   Hooks (Foundry's preX/X hooks):
//     e.before("ApplyDamage", [](Ctx& ctx, const json& cmd) { … });   // refuse (throw UserError) or emit first
//     e.after("ApplyDamage", [](Ctx& ctx, const json& cmd) { … });    // sees ctx.events() of the command
//     e.on_event("hp_changed", [](Ctx& ctx, const Event& ev) { … });  // reacts to an applied event
//     e.on_prompt("my-rule.save", [](Ctx& ctx, const Prompt& p, const json& answer) { … });
//   "*" as the type matches every command / event. Hooks read ctx.state() and change it ONLY by emitting
//   events (base events are listed in docs/engine.md; a module may register its own with register_event) or by
//   running nested commands with ctx.run({...}) (same transaction, same hooks). Nesting (hooks that emit events
//   that trigger hooks …) is limited to kMaxDepth levels and kMaxEvents events per transaction; beyond that the
//   command is refused with campaign.err.hook_loop / campaign.err.too_many_events.
//
//   Per-campaign module data lives in Campaign::modules[module id]; change it with the base event
//   "module_data_set" {"module": id, "patch": {...}} (a JSON merge patch). Per-creature module data goes there
//   too (keyed by creature id): creature fields are a fixed list (UpdateCreature refuses unknown ones).
//
//   New ids: ctx.new_id("i") → "i42". The event that brings the id into the state must call claim_id(state, id)
//   in its apply function (all base "…_added" events do), so that replay restores Campaign::next_id.
//
//   Building blocks the base commands use are in actions.hpp (damage, heal, conditions, exhaustion, hit dice,
//   time, prompts) — call them from hooks to get exactly the base behaviour (death saves, instant death …).
#pragma once
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/campaign/state.hpp"
#include "core/fn.hpp"
#include "core/i18n.hpp"
#include "core/rng.hpp"

namespace druzina::campaign {

inline constexpr int kMaxDepth = 24;        // nested commands + event hooks
inline constexpr size_t kMaxEvents = 20000; // events in one transaction

struct Event {
  std::string type;
  json data = json::object();
};
void to_json(json& j, const Event& e);    // {"type": …, "data": {…}}
void from_json(const json& j, Event& e);  // strict: UserError state.err.wrong_type with path

struct Transaction {
  long long id = 0;             // 1, 2, 3 … (Campaign::last_tx after it)
  json command;                 // the command as given (top-level command only; nested ones show in events)
  std::vector<Event> events;    // in the order they were applied
  long long at = 0;             // in-world minutes when the command ran
  std::optional<long long> wall;  // wall-clock time (ms since 1970) if the caller gave it
  std::string by;               // who ran it: "" = the DM (or a script), "player" = player mode on the DM's phone
  json extra = json::object();
};
void to_json(json& j, const Transaction& t);
void from_json(const json& j, Transaction& t);

class Engine;

// What a command's execute, every hook and every prompt handler work with: the working copy of the state, the
// Rng, and the events of the transaction so far.
class Ctx {
 public:
  const Campaign& state() const { return *state_; }
  Rng& rng() { return *rng_; }
  const Engine& engine() const { return *engine_; }
  long long tx_id() const { return tx_id_; }
  const json& command() const { return *command_; }       // the top-level command of this transaction
  const std::vector<Event>& events() const { return events_; }
  size_t event_count() const { return events_.size(); }

  // Applies the event to the working state at once, records it, then runs the on_event hooks for its type.
  void emit(std::string type, json data);
  // Runs a nested command in this transaction (validate, before-hooks, execute, after-hooks).
  void run(const json& command);
  // A fresh id "<prefix><n>"; see claim_id.
  std::string new_id(std::string_view prefix);
  bool module_enabled(std::string_view module_id) const;
  // Runs the on_prompt handlers for p.kind with the answer (ResolvePrompt does this after prompt_resolved).
  void run_prompt_handlers(const Prompt& p, const json& answer);

 private:
  friend class Engine;
  Ctx(const Engine& e, Campaign& s, Rng& r, long long tx, const json& cmd)
      : engine_(&e), state_(&s), rng_(&r), tx_id_(tx), command_(&cmd) {}
  struct DepthGuard;
  const Engine* engine_;
  Campaign* state_;
  Rng* rng_;
  long long tx_id_;
  const json* command_;
  std::vector<Event> events_;
  int depth_ = 0;
  long long reserved_id_ = 0;
};

// Turns an id into a name for log lines (names as they were at that point of the history).
struct LogContext {
  Lang lang = Lang::en;
  std::function<std::string(const std::string& id)> name;
};

struct CommandDef {
  std::vector<std::string> params;                                // accepted parameters besides "type"
  Fn<void(const Campaign&, const json& cmd)> validate;  // may be empty; throws UserError
  Fn<void(Ctx&, const json& cmd)> execute;
};

struct EventDef {
  Fn<void(Campaign&, const json& data)> apply;  // never rolls; throws on a corrupt history
  // Log text. Empty → tr(lang, "event.<type>", data + {"name": name of data.creature}).
  Fn<std::string(const json& data, const LogContext&)> render;
  bool silent = false;  // not shown in the log (bookkeeping events)
  // A DM secret: left out of the log a player sees (Session::log with LogAudience::player). Empty = never;
  // Engine::secret_event sets it (always, or when the predicate says so for the event's data).
  Fn<bool(const json& data)> secret;
  // The count of a folded session's summary it adds one to ("level_ups": History::summary_text); empty = none.
  // Engine::count_event sets it.
  std::string counts{};
};

using CommandHook = Fn<void(Ctx&, const json& cmd)>;
using EventHook = Fn<void(Ctx&, const Event&)>;
using PromptHook = Fn<void(Ctx&, const Prompt&, const json& answer)>;

// Whether players may know a creature (io::player_view: not hidden).
using Sees = Fn<bool(const std::string& creature)>;

// A field's compact form in the players' table link (share/link.cpp), which carries only the fields that have one.
struct WireCodec {
  std::string key;  // its key in the link (a creature's "more" object or the link's top level): short, and unique
                    // among the base's and the modules' keys (share::check_wire_keys)
  // The value as io::player_view shows it → its compact form; null = nothing to carry.
  Fn<json(const json& shown)> encode;
  // The compact form → the field's value on the player's copy. Hostile input: throws UserError
  // state.err.wrong_type {path, expected} on a bad shape. `ids`: the ids it brings ("c12"), which the copy's
  // counter must pass. Empty = the field is not kept on the copy (it serves for_reader only).
  Fn<json(const json& compact, const std::string& path, std::vector<std::string>& ids)> decode;
  // A character link carries the field whole (every entry with all it keeps), less what the reader's phone writes
  // itself (a table row's text, in her language): `shorten` the value → what the link holds, `restore` it back
  // (hostile input, as decode; a link made before holds the value as it is). Both empty = the value as it is.
  Fn<json(const json& value)> shorten{};
  Fn<json(const json& held, const std::string& path)> restore{};
  // A creature's field, on the copy read by a reader in language `reader` (a table link, a live view): may rewrite
  // the creature's base fields (its JSON) from the compact value — a name the rules gave it, written in her
  // language. Hostile input as decode. Empty = nothing.
  Fn<void(const json& compact, const std::string& path, Lang reader, json& creature)> for_reader{};
};

// A piece of data a module keeps (per creature, or per campaign in Campaign::modules[id]), described so that
// saves stay strict (validate) and a player's view strips DM secrets.
struct DataField {
  std::string name;      // its key in the module's data object
  std::string type;      // what it holds, for people ("int 0..1000", "list of picks")
  bool secret = false;   // a DM secret: io::player_view leaves it out
  Fn<void(const json& value)> validate;  // throws UserError("state.err.*"); empty = no check
  bool player_owned = false;  // the player keeps it on her copy (her picks, her spent points): a character sent
                              // back to the DM brings it along (share::merge_back)
  // What a player's copy carries of a field that is not secret as a whole but holds secrets (an unidentified
  // item's command word); empty = the value as it is. io::player_view applies it.
  Fn<json(const json& value)> for_players{};
  // What players see of it on a visible creature outside the party (an NPC's, a monster's wounds); empty =
  // nothing (a creature's data is shown to players on the party's PCs and sidekicks only).
  Fn<json(const json& value)> for_others{};
  // Campaign data: what the table sees of it (the DM's prices, the projects of creatures players may know);
  // empty = the DM's only.
  Fn<json(const json& value, const Sees& sees)> for_table{};
  WireCodec wire{};  // empty key = not in the table link (shorten / restore serve the character link all the same)
  // As for_others, when what the table sees of it depends on the creature too (a value that goes along only while
  // the creature bears the name the rules gave it); null = nothing. Used instead of for_others when set.
  Fn<json(const json& value, const Creature& c)> for_others_of{};
};

// What a module declares about itself (the rest of its description is recorded when it registers).
struct ModuleInfo {
  std::string seed{};                      // the seed section it implements ("Lektvary"), if any
  std::vector<std::string> prompts{};      // prompt kinds it creates (texts prompt.<kind>); on_prompt kinds are added
  std::vector<std::string> calculators{};  // calculators it owns (calc::calculator ids: `druzina rule <id>`)
  std::vector<calc::Calculator> own_calculators{};  // calculators it defines (rules/<rule>/calc.cpp): they join
                                                  // calc::calculators() and `calculators`
  std::vector<std::string> tables{};       // roll tables it rolls on (tables::table ids)
  std::vector<std::string> reference{};    // its entries in the rules reference (reference::find ids)
  std::vector<DataField> creature_data{};  // per-creature data it keeps
  std::vector<DataField> campaign_data{};  // per-campaign data it keeps (Campaign::modules[id])
};

struct CommandInfo {
  std::string type;                 // the command's "type"
  std::vector<std::string> params;  // accepted parameters besides "type"
};

// A rule module: one house rule (or DM rule) of the campaign, with its self-description.
struct Module : ModuleInfo {
  Module() = default;
  Module(std::string id_, bool default_on_, Fn<void(Engine&)> install_, ModuleInfo info = {})
      : ModuleInfo(std::move(info)), id(std::move(id_)), default_on(default_on_), install(std::move(install_)) {}

  std::string id;                        // "my-rule" (lower case, words joined by "-") — also its switch in
                                         // Settings::rules, its folder src/core/rules/<id with "_">/
  bool default_on = true;
  std::string group = "table";           // where Settings lists its switch: "house" (the group's house rules),
                                         // "dm" (the DM's optional rules) or "table" (the app's own table helpers);
                                         // given by its line in rules/modules.cpp
  Fn<void(Engine&)> install;  // registers the module's commands, events, hooks ("register" is a keyword)
  // Recorded by Engine::add_module while install runs:
  std::vector<CommandInfo> commands;        // in registration order
  std::vector<std::string> events;          // event types it registered
  std::vector<std::string> extra_params;    // "ResolvePrompt.then_roll": parameters it allows on other commands

  std::string name_key() const { return "rules.module." + id; }  // its title (Settings, docs)
  std::string desc_key() const { return name_key() + ".desc"; }  // its one-line description
};

// One switch of the Settings screen: a module, its texts and whether it is on for this campaign.
struct RuleSwitch {
  std::string id, name_key, desc_key, group;
  bool on = true, default_on = true;
};

class Engine {
 public:
  Engine() = default;
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // The engine the app and the CLI use: base commands and events + every rule module of modules.cpp.
  static const Engine& standard();

  // [SECTION] registration (during start-up) --------------------------------------------------------------------------
  void register_command(std::string type, CommandDef def);
  void register_event(std::string type, EventDef def);
  void before(std::string command_type, CommandHook fn);
  void after(std::string command_type, CommandHook fn);
  void on_event(std::string event_type, EventHook fn);
  void on_prompt(std::string prompt_kind, PromptHook fn);
  void allow_params(const std::string& command_type, std::vector<std::string> names);  // extra params for a module
  void add_module(Module m);
  // Marks a registered event type as a DM secret (see EventDef::secret): always, or when `when` says so.
  void secret_event(const std::string& type, Fn<bool(const json& data)> when = {});
  // Makes a registered event type add one to a count of the history's summaries (see EventDef::counts).
  void count_event(const std::string& type, std::string counter);

  // [SECTION] queries -------------------------------------------------------------------------------------------------
  bool has_command(std::string_view type) const;
  bool has_event(std::string_view type) const;
  std::vector<std::string> command_types() const;  // sorted
  const std::vector<Module>& modules() const { return modules_; }
  const Module* module(std::string_view id) const;
  bool module_enabled(const Campaign& c, std::string_view module_id) const;  // "" (base) is always on
  // The Settings switches: every module in registration order, with its texts and its state in c.
  std::vector<RuleSwitch> rule_switches(const Campaign& c) const;
  // The module that registered a command ("" = base; nullopt = unknown type).
  std::optional<std::string> command_module(std::string_view type) const;
  // The calculator's owner ("" when no module claims it).
  std::string calculator_module(std::string_view calculator) const;
  const EventDef* event_def(std::string_view type) const;

  // [SECTION] running -------------------------------------------------------------------------------------------------
  // Runs cmd on a copy of `state`. On success returns the new state and the transaction (id = state.last_tx+1);
  // on failure throws UserError and leaves state and rng as they were.
  struct Result {
    Campaign state;
    Transaction tx;
  };
  Result run(const Campaign& state, const json& cmd, Rng& rng, std::optional<long long> wall_ms = {}) const;

  // Folding (no hooks, no randomness). Unknown event types or a corrupt history throw (std::exception).
  void apply(Campaign& c, const Event& e) const;
  void apply(Campaign& c, const Transaction& tx) const;

  // validate_campaign() plus every module's declared data (DataField::validate), per creature
  // (Creature::modules[id]) and per campaign (Campaign::modules[id]); throws UserError("state.err.*") with a path.
  void validate(const Campaign& c) const;
  // What run() checks after a command: the same, but only what changed from `before` (a state that passed
  // validate) to `after` (validate_campaign_change; the module data of the creatures written or added and the
  // campaign's module data). Falls back to validate(after) when the change is not of that kind.
  void validate_change(const Campaign& before, const Campaign& after) const;

  // One human-readable line for an event ("" for silent events).
  std::string render(const Event& e, const LogContext& lc) const;

 private:
  friend class Ctx;
  struct Tagged {
    std::string module;  // "" = base
  };
  struct CommandEntry : Tagged {
    CommandDef def;
  };
  struct CommandHookEntry : Tagged {
    CommandHook fn;
  };
  struct EventHookEntry : Tagged {
    EventHook fn;
  };
  struct PromptHookEntry : Tagged {
    PromptHook fn;
  };
  void run_command(Ctx& ctx, const json& cmd) const;
  void run_event_hooks(Ctx& ctx, const Event& e) const;
  void run_prompt_hooks(Ctx& ctx, const Prompt& p, const json& answer) const;
  void validate_modules(const Campaign& c, const std::vector<size_t>* creatures) const;  // nullptr = all

  std::unordered_map<std::string, CommandEntry> commands_;
  std::unordered_map<std::string, EventDef> events_;
  std::unordered_map<std::string, std::string> event_owner_;
  std::unordered_map<std::string, std::vector<CommandHookEntry>> before_, after_;
  std::unordered_map<std::string, std::vector<EventHookEntry>> on_event_;
  std::unordered_map<std::string, std::vector<PromptHookEntry>> on_prompt_;
  struct ExtraParam {
    std::string name, module;  // a parameter a module lets a command take, and that module
  };
  std::unordered_map<std::string, std::vector<ExtraParam>> extra_params_;
  std::vector<Module> modules_;
  std::string installing_;  // module whose install() is running
  Module* installing_module_ = nullptr;
};

// Registration of the built-in parts (events.cpp, commands.cpp) and of the rule modules (modules.cpp).
void register_base_events(Engine& e);
void register_base_commands(Engine& e);
void register_rule_modules(Engine& e);

// Helpers for command parameters: a missing or mistyped parameter throws campaign.err.param / .param_range.
namespace param {
const json* find(const json& cmd, std::string_view name);  // nullptr when absent or null
std::string str(const json& cmd, std::string_view name);  // required, non-empty
std::string str(const json& cmd, std::string_view name, std::string fallback);
long long integer(const json& cmd, std::string_view name, long long lo, long long hi);  // required
long long integer(const json& cmd, std::string_view name, long long lo, long long hi, long long fallback);
bool boolean(const json& cmd, std::string_view name, bool fallback);
const json& object(const json& cmd, std::string_view name);  // required object
}  // namespace param

}  // namespace druzina::campaign
