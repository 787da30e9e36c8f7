// DM rule "alignment" (seed section "Світогляд"): a creature's alignment — one of the nine (lawful good … chaotic
// evil) or unaligned — as module data, set on the sheet (SetAlignment → alignment_set), with the nine short
// descriptions as reference (dm-alignment) and as texts the sheet shows. Planar effects and sentient items (later
// rules) read it through alignment_of(). Texts in assets/i18n/<lang>/alignment.json, tests in
// tests/unit/rules_alignment.tests.cpp, panel src/ui/screens/party/panels/alignment.cpp.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/campaign/engine.hpp"

namespace druzina::rules {

inline constexpr const char* kAlignment = "alignment";

campaign::Module alignment();

struct AlignmentInfo {
  const char* id;        // "lg" … "ce", "unaligned"
  const char* name_key;  // rules.alignment.<id>: "Lawful good"
  const char* abbr_key;  // rules.alignment.<id>.abbr: "LG" / "ZD" / "ЗД"
  const char* desc_key;  // rules.alignment.<id>.desc: the short description
  int law;               // +1 lawful, 0 neutral, −1 chaotic (unaligned: 0)
  int good;              // +1 good, 0 neutral, −1 evil (unaligned: 0)
};
// The nine in the usual 3 × 3 order (LG NG CG / LN N CN / LE NE CE), then "unaligned".
const std::vector<AlignmentInfo>& alignments();
const AlignmentInfo* find_alignment(std::string_view id);

// Creature::modules["alignment"]: {"alignment": id} (absent = not set). Not a secret: players see their party's.
std::optional<std::string> alignment_of(const campaign::Creature& x);

struct AlignmentView {
  bool on = false;
  const AlignmentInfo* info = nullptr;  // null: not set
};
AlignmentView alignment_view(const campaign::Campaign& c, const campaign::Creature& x);

}  // namespace druzina::rules
