// `druzina spells [QUERY…] [--level N] [--class C] [--school S] [--concentration yes|no] [--ritual yes|no]` — the SRD
// spells whose name (in --lang or English) or id holds the query, one per line (id · name · level · school); no
// query: every spell. `druzina spell ID|NAME` — one spell's facts and its dice at each slot level (--json: as
// rules::spell_json). An unknown spell: rules.err.spell_unknown, exit code 2. See src/core/rules/spells/.
#include <string>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "core/rules/spells/spells.hpp"

namespace {

using namespace druzina;
using nlohmann::json;

constexpr const char* kAbilityKey = "rules.ability.";  // + str … cha

std::optional<bool> yes_no(const cli::Args& args, const char* name) {
  auto v = args.get(name);
  if (!v) return std::nullopt;
  if (*v == "yes" || *v == "true" || v->empty()) return true;
  if (*v == "no" || *v == "false") return false;
  throw UserError("calc.err.not_allowed", {{"param", name}, {"allowed", "yes, no"}, {"value", *v}});
}

std::string line_of(const rules::Spell& s, Lang lang) {
  return tr(lang, "cli.spells.line",
            {{"id", s.id}, {"name", s.name_in(lang)}, {"level", rules::spell_level_text(s.level, lang)},
             {"school", rules::spell_school_text(s, lang)}});
}

cli::Output run_spells(const cli::Args& args) {
  for (const auto& [name, value] : args.options)
    if (name != "level" && name != "class" && name != "school" && name != "concentration" && name != "ritual")
      throw UserError("reference.err.unknown_option", {{"command", "spells"}, {"option", name}});
  rules::SpellFilter f;
  if (args.has("level")) {
    const long long lv = args.integer("level");
    if (lv < 0) throw UserError("calc.err.too_small", {{"param", "level"}, {"min", 0}, {"value", lv}});
    if (lv > 9) throw UserError("calc.err.too_large", {{"param", "level"}, {"max", 9}, {"value", lv}});
    f.level = static_cast<int>(lv);
  }
  f.cls = args.get("class").value_or("");
  f.school = args.get("school").value_or("");
  f.concentration = yes_no(args, "concentration");
  f.ritual = yes_no(args, "ritual");
  std::string query;
  for (const auto& w : args.positional) query.append(query.empty() ? "" : " ").append(w);
  json list = json::array();
  std::string text;
  for (const auto* s : rules::search_spells(query, args.lang, f)) {
    list.push_back({{"id", s->id}, {"name", s->name_in(args.lang)}, {"level", s->level}, {"school", s->school},
                    {"concentration", s->concentration}, {"ritual", s->ritual}});
    text.append(line_of(*s, args.lang)).append("\n");
  }
  if (list.empty()) text = tr(args.lang, "cli.spells.none", {{"query", query}});
  else text.pop_back();
  return {list, text};
}

cli::Output run_spell(const cli::Args& args) {
  for (const auto& [name, value] : args.options)
    throw UserError("reference.err.unknown_option", {{"command", "spell"}, {"option", name}});
  std::string query;
  for (const auto& w : args.positional) query.append(query.empty() ? "" : " ").append(w);
  if (query.empty()) args.arg(0, "SPELL");
  const rules::Spell* s = rules::find_spell(query);
  if (!s) throw UserError("rules.err.spell_unknown", {{"value", query}});
  const Lang lang = args.lang;
  std::string text = line_of(*s, lang);
  text.append("\n").append(rules::spell_casting_time_text(*s, lang)).append(" · ").append(rules::spell_range_text(*s, lang));
  text.append(" · ").append(s->components).append(" · ").append(rules::spell_duration_text(*s, lang));
  if (s->ritual) text.append(" · ").append(tr(lang, "ui.spells.ritual_tag"));
  if (!s->save.empty())
    text.append("\n").append(tr(lang, s->on_save == "half" ? "ui.spells.save_half" : "ui.spells.save",
                                 {{"ability", tr(lang, kAbilityKey + s->save)}}));
  for (const auto* table : {&s->slot_dice, &s->heal_dice})
    for (const auto& [lv, d] : *table) text.append("\n  ").append(rules::spell_level_text(lv, lang)).append(": ").append(d);
  for (const auto& [lv, d] : s->char_dice) text.append("\n  ").append(std::to_string(lv)).append("+: ").append(d);
  return {rules::spell_json(*s, lang), text};
}

const bool reg_spells = cli::register_command(
    {"spells", "spells [QUERY…] [--level N] [--class C] [--school S] [--concentration yes|no] [--ritual yes|no]",
     "Search the SRD spells in --lang (id, name, level, school)", run_spells});
const bool reg_spell = cli::register_command({"spell", "spell ID|NAME", "Show one SRD spell's facts and dice", run_spell});

}  // namespace
