// DM rule "deity" (seed section "Пантеони"): a character's deity — one of the Celtic, Greek, Egyptian and Norse
// deities of the fantasy-historical pantheons (assets/data/rules/deities.json: name, title, alignment, domains,
// symbol in cs/uk/en; the same facts as the reference entries dm-pantheon-*), or a name the DM types (a god of the
// campaign's own world). SetDeity → deity_set. Texts in assets/i18n/<lang>/deity.json, tests in
// tests/unit/rules_deity.tests.cpp, panel src/ui/screens/party/panels/deity.cpp. The pantheons and the planes are
// searchable in Rules → Reference (assets/data/reference/dm-rules-pantheons.json, dm-rules-planes.json).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/engine.hpp"
#include "core/i18n.hpp"

namespace druzina::rules {

inline constexpr const char* kDeity = "deity";

campaign::Module deity();

struct Deity {
  std::string id;        // "greek-athena"
  std::string pantheon;  // celtic | greek | egyptian | norse
  std::string alignment; // lg … ce (rules/alignment)
  Text name, title, symbol;
  std::vector<std::string> domains;  // knowledge, life, light, nature, tempest, trickery, war, death
};
const std::vector<Deity>& deities();  // in the pantheons' order, loaded on first use
const Deity* find_deity(std::string_view id);
// Deities whose name, title, pantheon, domains or symbol have a word starting with each word of the query (folded
// as the reference search folds: case, diacritics); an empty query lists all.
std::vector<const Deity*> search_deities(std::string_view query, Lang lang);
// Text keys: rules.pantheon.<id>, rules.domain.<id> (literal keys for the i18n check).
const char* pantheon_key(const std::string& pantheon);
const char* domain_key(const std::string& domain);

// Creature::modules["deity"]: {"deity": id} (from the list) or {"name": text} (typed); absent = none.
struct DeityView {
  bool on = false;
  const Deity* deity = nullptr;  // from the list
  std::string name;              // typed (when not from the list)
  bool set() const { return deity || !name.empty(); }
};
DeityView deity_view(const campaign::Campaign& c, const campaign::Creature& x);

}  // namespace druzina::rules
