// DM rule "renown" (section 6; seed "Слава"): renown per character per organization (+1 for serving its
// interests, +2 for a mission it gave, losses never below 0) with ranks and titles — the seed's example factions
// (assets/data/rules/renown.json, titles in cs/uk/en) as the default, the DM's own thresholds and titles per
// organization in the campaign — and piety, renown toward the character's deity, with its thresholds. Replaces the
// base state's old Creature::renown (schema 7 moves it here, migrate/migrate.cpp). Texts in assets/i18n/<lang>/renown.json,
// tests in tests/unit/rules_renown.tests.cpp; docs/dm-rules.md section 15.6.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/engine.hpp"
#include "core/i18n.hpp"

namespace druzina::rules {

inline constexpr const char* kRenown = "renown";
inline constexpr int kRenownMax = 1000;

campaign::Module renown();

struct RenownRank {
  int at = 0;      // the renown it needs
  Text title;      // a default's title in cs/uk/en; a DM's title: the same text in all three
};
struct RenownOrganization {
  std::string id;  // "harpers"
  Text name;
  std::vector<RenownRank> ranks;
};
const std::vector<RenownOrganization>& renown_organizations();  // the defaults
const std::vector<RenownRank>& piety_ranks();                   // 3, 10, 25, 50
// A default organization by its id or its name in any language (case as typed, Unicode kept).
const RenownOrganization* find_renown_organization(std::string_view name);

// Creature::modules.renown.organizations {name → renown} and .piety (absent = none / 0).
std::map<std::string, int> renown_of(const campaign::Creature& x);
int piety_of(const campaign::Creature& x);

// The ranks that apply to an organization: the DM's (Campaign::modules.renown.ranks[name]) or the default's.
std::vector<RenownRank> ranks_for(const campaign::Campaign& c, const std::string& organization);
// The highest rank reached (nullopt below the first) and the next threshold (nullopt past the last).
struct RankAt {
  std::optional<RenownRank> rank;
  std::optional<int> next;
};
RankAt rank_at(const std::vector<RenownRank>& ranks, int value);

struct RenownView {
  bool on = true;
  struct Entry {
    std::string organization;
    int value = 0;
    RankAt rank;
    bool custom = false;  // the DM's ranks
  };
  std::vector<Entry> organizations;
  int piety = 0;
  RankAt piety_rank;
};
RenownView renown_view(const campaign::Campaign& c, const campaign::Creature& x);

}  // namespace druzina::rules
