// `druzina monsters [QUERY…]` — the SRD monsters whose name (in --lang or English) or id holds the query, one per
// line (id · name · CR · AC · HP); `druzina monster ID` — one stat block (--json: the SRD file's fields, the names
// in --lang). An unknown id: rules.err.monster_unknown, exit code 2. See src/core/rules/srd_monsters/.
#include <string>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "core/rules/srd_monsters/srd_monsters.hpp"

namespace {

using namespace druzina;
using nlohmann::json;

void only_options(const cli::Args& args, const char* command) {
  for (const auto& [name, value] : args.options)
    throw UserError("reference.err.unknown_option", {{"command", command}, {"option", name}});
}

std::string line_of(const rules::Monster& m, Lang lang) {
  return tr(lang, "cli.monsters.line",
            {{"id", m.id}, {"name", m.name_in(lang)}, {"cr", rules::cr_text(m.cr)}, {"ac", m.ac}, {"hp", m.hp},
             {"hp_dice", m.hp_dice}});
}

cli::Output run_monsters(const cli::Args& args) {
  only_options(args, "monsters");
  std::string query;
  for (const auto& w : args.positional) query.append(query.empty() ? "" : " ").append(w);
  json list = json::array();
  std::string text;
  for (const auto* m : rules::search_srd_monsters(query, args.lang)) {
    json j = {{"id", m->id}, {"name", m->name_in(args.lang)}, {"cr", m->cr}, {"ac", m->ac}, {"hp", m->hp},
              {"hp_dice", m->hp_dice}};
    list.push_back(std::move(j));
    text.append(line_of(*m, args.lang)).append("\n");
  }
  if (list.empty()) text = tr(args.lang, "cli.monsters.none", {{"query", query}});
  else text.pop_back();
  return {list, text};
}

cli::Output run_monster(const cli::Args& args) {
  only_options(args, "monster");
  const std::string& id = args.arg(0, "ID");
  const rules::Monster* m = rules::find_srd_monster(id);
  if (!m) throw UserError("rules.err.monster_unknown", {{"value", id}});
  json j = rules::srd_monster_json(*m, args.lang);
  std::string text = line_of(*m, args.lang);
  text.append("\n").append(m->size).append(" ").append(m->type).append(", ").append(m->alignment);
  text.append("\nSTR DEX CON INT WIS CHA:");
  for (int s : m->abilities) text.append(" ").append(std::to_string(s));
  for (const auto& a : m->attacks) {
    text.append("\n  • ").append(a.name_in(args.lang)).append(": ");
    if (a.bonus) text.append(*a.bonus >= 0 ? "+" : "").append(std::to_string(*a.bonus));
    else text.append(a.save).append(" DC ").append(std::to_string(a.dc));
    for (const auto& d : a.damage) text.append(", ").append(d.dice).append(" ").append(d.type);
  }
  return {j, text};
}

const bool reg_monsters = cli::register_command(
    {"monsters", "monsters [QUERY…]", "Search the SRD monsters in --lang (id, name, CR, AC, HP)", run_monsters});
const bool reg_monster =
    cli::register_command({"monster", "monster ID", "Show one SRD monster's stat block", run_monster});

}  // namespace
