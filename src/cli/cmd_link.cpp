// druzina link --kind table|character|campaign --campaign SAVE.json [--creature ID] [--id CAMPAIGN_ID]
// — prints a share link's fragment ("#d1.…"; --json: {"link", "length", "kind", "warning"?}). See
// src/core/share/link.hpp for what each kind holds (a table link never holds a DM secret).
#include <iostream>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "core/io/save.hpp"
#include "core/share/link.hpp"

namespace druzina::cli {
namespace {

using json = nlohmann::json;

Output link(const Args& args) {
  std::string kind_text = args.get("kind").value_or("table");
  auto kind = share::parse_kind(kind_text);
  if (!kind) throw UserError("link.err.bad_kind", {{"kind", kind_text}});
  auto file = args.get("campaign");
  if (!file) throw UserError("cli.err.missing_option", {{"option", "campaign"}});
  campaign::Session session = load_campaign_file(*file, args.lang);
  std::string creature;
  if (*kind == share::LinkKind::character) {
    auto c = args.get("creature");
    if (!c) throw UserError("cli.err.missing_option", {{"option", "creature"}});
    creature = *c;
  }
  share::LinkOptions options;
  options.campaign_id = args.get("id").value_or("");
  options.made_at = args.integer("made-at", 0);
  std::string fragment = share::encode(*kind, session, creature, options);
  Output out;
  out.json = {{"link", fragment}, {"length", fragment.size()}, {"kind", share::kind_name(*kind)}};
  if (fragment.size() > share::kLongLink) {
    std::string warning = tr(args.lang, "link.warn.long", {{"length", fragment.size()}});
    out.json["warning"] = warning;
    std::cerr << "druzina: " << warning << "\n";
  }
  out.text = fragment;
  return out;
}

const bool reg = register_command(
    {"link", "link --kind table|character|campaign --campaign SAVE.json [--creature ID] [--id CAMPAIGN_ID]",
     "print a share link (URL fragment) for the players' table, one character or the whole campaign", link});

}  // namespace
}  // namespace druzina::cli
