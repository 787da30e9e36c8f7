// druzina open LINK | --file FILE [--out SAVE.json] — decodes a share link (a fragment "#d1.…" or a whole URL)
// and prints what it holds (--json: {"kind", "campaign", "creature"?, "campaign_id"?, "made_at"?, "warnings",
// "save"? (the campaign kind: the whole save document)}). --out writes it as a save `druzina run --campaign`
// reads. A malformed, truncated, tampered, oversized or newer link: exit 2 with a message in --lang.
#include <algorithm>
#include <fstream>

#include "cli/cli.hpp"
#include "core/campaign/derived.hpp"
#include "core/error.hpp"
#include "core/io/save.hpp"
#include "core/share/link.hpp"

namespace druzina::cli {
namespace {

using json = nlohmann::json;

std::string creature_line(const campaign::Creature& c, Lang lang) {
  std::string shown = c.extra.value("hp_shown", "");
  if (shown == "hidden") return tr(lang, "link.open.hp_hidden", {{"name", c.name}});
  if (shown == "status" || c.death_saves.dead) {
    std::string status_key = std::string("ui.creature.status.") + campaign::health_status(c);  // healthy … dead
    return tr(lang, "link.open.hp_status", {{"name", c.name}, {"status", tr(lang, status_key)}});
  }
  return tr(lang, "link.open.hp_exact", {{"name", c.name}, {"hp", c.hp}, {"max", c.max_hp}});
}

Output open(const Args& args) {
  std::string text;
  if (auto file = args.get("file")) text = read_text_file(*file);
  else text = args.arg(0, "LINK");
  share::Decoded d = share::decode(text);

  campaign::Session session;
  if (d.kind == share::LinkKind::campaign) {
    session = io::load_json(d.payload);
  } else {
    campaign::Campaign c = d.payload.get<campaign::Campaign>();
    session = campaign::Session(campaign::Engine::standard(), c, {}, {}, c, {});
  }
  const campaign::Campaign& state = session.state();

  Output out;
  out.json = {{"kind", share::kind_name(d.kind)}, {"campaign", d.kind == share::LinkKind::campaign ? json(state) : d.payload}};
  if (d.kind == share::LinkKind::campaign) out.json["save"] = d.payload;
  if (!d.creature.empty()) out.json["creature"] = d.creature;
  if (!d.campaign_id.empty()) out.json["campaign_id"] = d.campaign_id;
  if (d.made_at) out.json["made_at"] = d.made_at;
  json warnings = json::array();
  for (const auto& w : d.warnings) warnings.push_back(w.message(args.lang));
  out.json["warnings"] = warnings;
  if (auto file = args.get("out")) write_text_file(*file, io::save(session));

  std::string kind_key = std::string("link.kind.") + std::string(share::kind_name(d.kind));  // table, character, campaign
  out.text = tr(args.lang, "link.open.head", {{"kind", tr(args.lang, kind_key)}, {"name", state.name}});
  out.text += " — " + tr(args.lang, "link.open.creatures", {{"n", state.creatures.size()}});
  for (const auto& c : state.creatures) out.text += "\n  " + creature_line(c, args.lang);
  for (const auto& w : warnings) out.text += "\n" + w.get<std::string>();
  return out;
}

const bool reg = register_command(
    {"open", "open LINK | --file FILE [--out SAVE.json]",
     "show what a share link holds (and --out: save it as a campaign file)", open});

}  // namespace
}  // namespace druzina::cli
