// Campaign state: plain structs, the fold of every event so far (see engine.hpp).
//
// Rules for everything in this file:
//   - Each struct has `nlohmann::json extra`: from_json keeps every field it does not know there, and to_json
//     starts from extra and then writes the known fields — so a save written by a newer app (or by a rule module)
//     survives a load → save round trip. (Only the unknown fields are kept in extra, not a copy of the whole
//     input: that would double the memory and the copy cost of every dispatch.)
//   - Only stored facts live here. Derived values (ability modifiers, proficiency bonus, encumbrance, exhaustion
//     effects …) are computed by the functions in derived.hpp, never stored.
//   - DM secrets: Creature::loyalty, Creature::hidden, Settings::dm_notes, Note::secret, the module data fields a
//     module declares secret (campaign::DataField::secret), and (per Settings::hp_visibility) the HP of creatures.
//     io/player_view.hpp strips them for a player's share link.
//   - A rule module's per-creature data lives in Creature::modules[<module id>] and its per-campaign data in
//     Campaign::modules[<module id>]; the module declares each field (engine.hpp, DataField) and the engine
//     validates them after every command and on load. The base state knows no house rule.
//   - from_json type-checks every known field and throws UserError("state.err.wrong_type", {path, expected})
//     with a path like "creatures[3].hp"; validate_campaign() checks ranges and references
//     (UserError("state.err.*", {path, …})). The engine validates after every command, io::load after reading.
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/cow_list.hpp"
#include "core/i18n.hpp"

namespace druzina::campaign {

using json = nlohmann::json;

// Ability scores. JSON keys: str dex con int wis cha.
struct Abilities {
  int str = 10, dex = 10, con = 10, int_ = 10, wis = 10, cha = 10;
  json extra = json::object();
  int score(std::string_view ability) const;  // "str" … "cha"; throws std::out_of_range for anything else
};

// How long a condition lasts. The engine fills set_round / set_turn_of / set_at when the condition is set.
//   end_of_next_turn / start_of_next_turn: ends at the end / start of the next turn of `turn_of` (empty = the
//       bearer) that is not the turn during which it was set.
//   rounds:  ends at the start of the setter's turn (set_turn_of, or the bearer) in round set_round + rounds;
//            outside combat, when (minutes − set_at) × 10 ≥ rounds (10 rounds = 1 minute).
//   minutes: ends when the clock reaches set_at + minutes.
//   long_rest: ends when the bearer finishes a long rest.      permanent: until removed.
// Turn-based kinds (end/start_of_next_turn) also end when the encounter ends or time advances outside combat.
struct Until {
  std::string kind = "permanent";
  int rounds = 0;
  long long minutes = 0;
  std::string turn_of;
  int set_round = 0;        // encounter round when set; 0 = outside combat
  std::string set_turn_of;  // whose turn it was when set ("" outside combat)
  long long set_at = 0;     // in-world minute when set
  json extra = json::object();
};

struct Condition {
  std::string id;      // "paralyzed", "prone", … or a module's own id ("no_reactions")
  std::string source;  // who/what caused it ("shock", "0hp", a creature id, free text); "" = unspecified
  Until until;
  json extra = json::object();
};

struct DeathSaves {
  int successes = 0, failures = 0;
  bool stable = false, dead = false;
  json extra = json::object();
};

// kind: armor_light | armor_medium | armor_heavy | shield | clothing | weapon | gear | potion | art (an art object)
struct Item {
  std::string name;
  double weight = 0;  // pounds, per piece
  int qty = 1;
  bool worn = false;
  std::string kind = "gear";
  double value_gp = 0;
  json extra = json::object();
};

// kind: pc | npc | monster | sidekick | object (a thing in the fight: a door, a lit dynamite bundle, a trap's
// rolling sphere — it has AC and HP, is destroyed at 0 HP and makes no death saves).
// size: tiny | small | medium | large | huge | gargantuan.
struct Creature {
  std::string id;  // stable, "c7"
  std::string kind = "pc";
  std::string name;
  int level = 1;  // character level; for monsters whatever the DM uses (0 allowed)
  std::string size = "medium";
  std::string race;  // free text; "dwarf" matters for encumbrance
  Abilities abilities;
  int max_hp = 1, hp = 1, temp_hp = 0;
  int ac = 10;
  std::optional<int> initiative_bonus;  // the whole initiative modifier; unset = the DEX modifier
  int speed = 30;
  int hit_die = 0;          // sides of the hit die (6, 8, 10, 12); 0 = not set (no hit dice to spend)
  int hit_dice_used = 0;    // spent hit dice; the creature has max(level, 1) in total
  int legendary_actions = 0;  // per round (reset at the start of its turn in an encounter)
  int legendary_resistances = 0;       // per day ("Legendary Resistance (3/Day)"); 0 = none
  int legendary_resistances_used = 0;  // used since the last long rest, 0..legendary_resistances
  std::vector<Condition> conditions;
  // Damage types (damage_types()) it resists (half, rounded down), is vulnerable to (double) or immune to (0),
  // and the conditions it is immune to (condition_immunity_ids()); each type in at most one of the three lists.
  // Absent in a save = none.
  std::vector<std::string> resistances, vulnerabilities, immunities, condition_immunities;
  int exhaustion = 0;                             // total level, 0..6
  std::map<std::string, int> exhaustion_sources;  // part of `exhaustion` tracked by source ("rage": 1)
  DeathSaves death_saves;
  bool inspiration = false;
  std::vector<Item> inventory;
  json loyalty;                       // null | int | object — DM SECRET
  json diseases = json::array(), poisons = json::array(), madness = json::array();
  json modules = json::object();  // per-rule-module data, keyed by module id (Module::creature_data)
  bool hidden = false;  // DM SECRET: the players do not know this creature
  std::string notes;    // shown to players for PCs and sidekicks only
  json extra = json::object();
};

// Monsters and objects are gone at 0 HP (a monster dies unless knocked out, an object is destroyed); PCs, NPCs and
// sidekicks fall unconscious and make death saves.
inline bool gone_at_zero_hp(const Creature& c) { return c.kind == "monster" || c.kind == "object"; }

// The party: player characters and their companions ("pc" and "sidekick"); everyone else is NPCs, monsters and
// objects. What players see of HP, which notes they read and who rests by default follow it.
inline bool party_kind(std::string_view kind) { return kind == "pc" || kind == "sidekick"; }
inline bool in_party(const Creature& c) { return party_kind(c.kind); }

struct InitEntry {
  std::string creature;
  int initiative = 0;
  bool lair = false;  // the creature's lair action (initiative 20, loses ties), not its own turn
  json extra = json::object();
};

// A running encounter (Campaign::encounter is empty between fights).
struct Encounter {
  std::vector<InitEntry> order;  // sorted, highest initiative first
  int round = 1;
  int turn = 0;                         // index into order
  std::map<std::string, int> legendary;  // creature → legendary actions left this round
  json extra = json::object();
};

// A pending question for the table ("CON save DC 15 for Mira", "DM: does the soul refuse?").
// data conventions (all optional): "dice" (the expression the engine rolls when the answer has no roll,
// modifier included, e.g. "1d20+2"; default "1d20"), "dc" (success = total ≥ dc), "choices" (array of strings:
// the answer is one of them instead of a roll), "dm_only" (true: not shown to players), plus whatever the
// creating module needs to act on the answer. An entered roll is the total as rolled at the table.
struct Prompt {
  std::string id;  // "p31"
  std::string kind;
  std::string creature;  // may be empty
  json data = json::object();
  long long created_by_tx = 0;
  json extra = json::object();
};

struct Note {
  std::string id;  // "n5"
  std::string text;
  bool secret = false;   // DM only
  std::string creature;  // optional: the creature it is about
  long long at = 0;      // in-world minute
  json extra = json::object();
};

// What players see of HP: "exact" (numbers), "status" (healthy / bloodied / down / dead), "hidden".
// party = PCs and sidekicks, others = NPCs and monsters.
struct HpVisibility {
  std::string party = "exact", others = "status";
  json extra = json::object();
};

struct Settings {
  std::string language = "en";          // cs | uk | en
  std::map<std::string, bool> rules;    // rule module switches; a missing key = the module's default
  int exhaustion_edition = 2014;        // 2014 | 2024
  HpVisibility hp_visibility;
  std::string dm_notes;                 // DM SECRET
  std::string house_rule_notes;         // shown to players (e.g. the ranger rework)
  json extra = json::object();
};

struct Campaign {
  std::string name;
  Settings settings;
  CowList<Creature> creatures;  // shared between copies, copied per element on write (cow_list.hpp)
  std::optional<Encounter> encounter;
  long long minutes = 0;  // in-world clock
  std::vector<Prompt> prompts;
  CowList<Note> notes;
  json modules = json::object();  // per-rule-module campaign data, keyed by module id
  long long next_id = 1;          // next number for ids ("c12", "p13", …), shared by all kinds
  long long last_tx = 0;          // id of the last transaction folded into this state
  json extra = json::object();
};

// ---- JSON (ADL, so json.get<Campaign>() works too) -------------------------------------------------
void to_json(json& j, const Abilities& v);
void from_json(const json& j, Abilities& v);
void to_json(json& j, const Until& v);
void from_json(const json& j, Until& v);
void to_json(json& j, const Condition& v);
void from_json(const json& j, Condition& v);
void to_json(json& j, const DeathSaves& v);
void from_json(const json& j, DeathSaves& v);
void to_json(json& j, const Item& v);
void from_json(const json& j, Item& v);
void to_json(json& j, const Creature& v);
void from_json(const json& j, Creature& v);
void to_json(json& j, const InitEntry& v);
void from_json(const json& j, InitEntry& v);
void to_json(json& j, const Encounter& v);
void from_json(const json& j, Encounter& v);
void to_json(json& j, const Prompt& v);
void from_json(const json& j, Prompt& v);
void to_json(json& j, const Note& v);
void from_json(const json& j, Note& v);
void to_json(json& j, const HpVisibility& v);
void from_json(const json& j, HpVisibility& v);
void to_json(json& j, const Settings& v);
void from_json(const json& j, Settings& v);
void to_json(json& j, const Campaign& v);
// The campaign's JSON without "creatures" and "notes": for a writer that writes those two lists itself (io/save.cpp).
json campaign_head_json(const Campaign& v);
void from_json(const json& j, Campaign& v);

// A creature's JSON without the fields that equal a default Creature's (id and name always kept): the
// compact form events carry (creature_added); from_json restores the defaults.
json compact_json(const Creature& c);

// The 13 SRD damage types ("acid" … "thunder"), and the conditions a creature can be immune to (the SRD
// conditions and "exhaustion").
const std::vector<std::string>& damage_types();
const std::vector<std::string>& condition_immunity_ids();

// Names of the editable creature fields (the keys AddCreature / UpdateCreature accept).
const std::vector<std::string>& creature_fields();

// ---- validation --------------------------------------------------------------------------------------
// Throws UserError("state.err.<reason>", {"path": "creatures[2].hp", …}) on the first problem found.
void validate_creature(const Creature& c);
void validate_settings(const Settings& s);
void validate_campaign(const Campaign& c);
// After a command: the same checks, but only of what changed from `before` (a valid state) to `after` — the
// creatures and notes `after` no longer shares with `before` (CowList), the prompts, the encounter and the
// top-level fields. Fills changed_creatures with the positions of the creatures checked. Returns false without
// checking anything when it cannot tell what changed that way (a creature or note removed, ids out of order,
// next_id lowered): then validate_campaign(after) has to run. A written creature or note that changed its id
// is refused (state.err.bad_id).
bool validate_campaign_change(const Campaign& before, const Campaign& after, std::vector<size_t>& changed_creatures);

// ---- lookups -----------------------------------------------------------------------------------------
Creature* find_creature(Campaign& c, std::string_view id);
const Creature* find_creature(const Campaign& c, std::string_view id);
Prompt* find_prompt(Campaign& c, std::string_view id);
const Prompt* find_prompt(const Campaign& c, std::string_view id);
// Like find_creature, but a missing id is a std::out_of_range (for event apply functions: a replayed event
// that names a creature that is not there means a corrupt history).
Creature& creature_ref(Campaign& c, std::string_view id);

// Records that an id ("c12") is taken: next_id becomes at least its number + 1. Every event that brings a new
// id into the state calls this in its apply function, so a replay restores next_id exactly.
void claim_id(Campaign& c, std::string_view id);

}  // namespace druzina::campaign
