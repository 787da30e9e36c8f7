// Table rule "prepared-encounters": the DM's own monsters saved for reuse, and prepared encounters — a
// named group of monsters (SRD monsters and the DM's own) that starts a fight, or joins the running one, in one
// command. Texts in assets/i18n/<lang>/prepared_encounters.json, tests in tests/unit/rules_prepared_encounters.tests.cpp;
// docs/table-rules.md.
#pragma once
#include <string>
#include <vector>

#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kPreparedEncounters = "prepared-encounters";
inline constexpr int kMaxOwnMonsters = 200, kMaxPrepared = 100, kMaxMembers = 12, kMaxMemberCount = 20;

campaign::Module prepared_encounters();

struct OwnMonster {
  std::string id;    // "m12"
  std::string name;  // the base name copies are numbered after
  campaign::Creature creature;  // the stat block (id empty, full HP, nothing from a fight)
};
struct PreparedMember {
  std::string srd;      // an SRD monster's id, or
  std::string monster;  // one of the DM's own monsters
  int count = 1;
};
struct PreparedEncounter {
  std::string id;  // "e13"
  std::string name;
  std::vector<PreparedMember> members;
};

// The name a creature is saved under: "Goblin 3" → "Goblin" (the copy's number dropped).
std::string base_name(const std::string& name);
std::vector<OwnMonster> own_monsters(const campaign::Campaign& c);
std::vector<PreparedEncounter> prepared_encounters(const campaign::Campaign& c);
// "3 × Goblin, Bugbear" in lang (own monsters by their name, SRD ones in the reader's language).
std::string prepared_summary(const campaign::Campaign& c, const PreparedEncounter& e, Lang lang);

}  // namespace druzina::rules
