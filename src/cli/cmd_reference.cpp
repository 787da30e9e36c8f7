// `druzina reference [QUERY…]` — search the rules reference (house rules, the DM's optional rules, SRD facts) in
// --lang; `druzina reference --id ID` — one entry in full; `druzina prices [QUERY…] [--category C]` — the price
// list with the DM's overrides applied.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "core/reference/reference.hpp"

namespace {

using namespace druzina;
using nlohmann::json;

// Concatenates pieces by appending (GCC 12 warns falsely about "literal" + std::string temporaries).
template <class... P>
std::string cat(const P&... pieces) {
  std::string out;
  (out.append(std::string_view(pieces)), ...);
  return out;
}

std::string category_label(const std::string& category, Lang lang) {
  std::string key("reference.category.");
  for (char c : category) key.push_back(c == '-' ? '_' : c);
  return tr(lang, key);
}

std::string joined(const std::vector<std::string>& words) {
  std::string q;
  for (const auto& w : words) q.append(q.empty() ? "" : " ").append(w);
  return q;
}

void only_options(const cli::Args& args, const char* command, std::initializer_list<const char*> allowed) {
  for (const auto& [name, value] : args.options) {
    bool ok = false;
    for (const char* a : allowed) ok = ok || name == a;
    if (!ok) throw UserError("reference.err.unknown_option", {{"command", command}, {"option", name}});
  }
}

std::string source_label(const std::string& source, Lang lang) {
  // "srd-5.1" → reference.source.srd_5_1
  std::string out = "reference.source.";
  for (char c : source) out.push_back(c == '-' || c == '.' ? '_' : c);
  return tr(lang, out);
}

std::string list_of(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out.append(out.empty() ? "" : ", ").append(s);
  return out;
}

cli::Output show_entry(const cli::Args& args, const std::string& id) {
  const auto& e = reference::entry(id);
  Lang lang = args.lang;
  json j = e;
  j["tables_now"] = reference::tables_now(e);
  std::string text = cat(e.title.in(lang), "  [", e.id, " · ", source_label(e.source, lang), "]\n");
  text.append(e.summary.in(lang)).append("\n");
  for (const auto& b : reference::blocks(e.body.in(lang))) text.append(b.bullet ? "\n  • " : "\n\n").append(b.text);
  auto tables = reference::tables_now(e);
  text.append("\n");
  if (!e.tools.empty()) text.append(cat("\n", tr(lang, "reference.label.tools"), ": ", list_of(e.tools)));
  if (!tables.empty()) text.append(cat("\n", tr(lang, "reference.label.tables"), ": ", list_of(tables)));
  std::vector<std::string> planned;
  for (const auto& t : e.planned_tables)
    if (std::find(tables.begin(), tables.end(), t) == tables.end()) planned.push_back(t);
  if (!planned.empty()) text.append(cat("\n", tr(lang, "reference.label.planned_tables"), ": ", list_of(planned)));
  if (!e.related.empty()) {
    std::vector<std::string> rel;
    for (const auto& r : e.related) {
      const auto* other = reference::find(r);
      rel.push_back(other ? cat(other->title.in(lang), " (", r, ")") : r);
    }
    text.append(cat("\n", tr(lang, "reference.label.related"), ": ", list_of(rel)));
  }
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return {j, text};
}

cli::Output run_reference(const cli::Args& args) {
  only_options(args, "reference", {"id"});
  if (args.has("id")) {
    auto id = args.get("id");
    if (!id || id->empty()) throw UserError("cli.err.missing_option", {{"option", "id"}});
    return show_entry(args, *id);
  }
  std::string query = joined(args.positional);
  auto hits = reference::search(query, args.lang);
  json list = json::array();
  std::string text;
  std::string last_source;
  for (const auto& h : hits) {
    list.push_back(reference::brief_json(*h.entry, args.lang));
    if (query.empty() && h.entry->source != last_source) {
      if (!text.empty()) text += "\n";
      text.append(cat("== ", source_label(h.entry->source, args.lang), " ==\n"));
      last_source = h.entry->source;
    }
    text.append(cat(h.entry->id, "  ", h.entry->title.in(args.lang), "\n    ", h.entry->summary.in(args.lang), "\n"));
  }
  if (hits.empty()) text = tr(args.lang, "reference.none", {{"query", query}});
  else text.pop_back();
  return {list, text};
}

std::string weight_text(const std::optional<double>& w, Lang lang) {
  if (!w) return "—";
  std::ostringstream s;
  double v = *w;
  if (std::fabs(v - std::round(v)) < 1e-9) s << static_cast<long long>(std::llround(v));
  else s << v;
  return cat(s.str(), " ", tr(lang, "reference.unit.lb"));
}

cli::Output run_prices(const cli::Args& args) {
  only_options(args, "prices", {"category", "id"});
  if (args.has("id")) {
    const auto& p = reference::price_item(args.get("id").value_or(""));
    json j = p;
    j["price"] = reference::price_of(p);
    std::string text = cat(p.name.in(args.lang), "  [", p.id, " · ", category_label(p.category, args.lang), "]\n",
                           reference::format_price(reference::price_of(p), args.lang));
    if (p.override_gp)
      text.append(cat("  (", tr(args.lang, "reference.label.rulebook_price"), ": ",
                      reference::format_price(p.price_gp, args.lang), ")"));
    text.append(cat("\n", weight_text(p.weight_lb, args.lang)));
    if (p.note.complete()) text.append(cat("\n", p.note.in(args.lang)));
    return {j, text};
  }
  std::string category = args.get("category").value_or("");
  if (args.has("category")) {
    auto cats = reference::price_categories();
    if (std::find(cats.begin(), cats.end(), category) == cats.end())
      throw UserError("reference.err.unknown_category", {{"category", category}, {"allowed", list_of(cats)}});
  }
  json list = json::array();
  std::string text;
  for (const auto* p : reference::search_prices(joined(args.positional), args.lang)) {
    if (!category.empty() && p->category != category) continue;
    list.push_back(reference::price_json(*p, args.lang));
    text.append(cat(p->id, "  ", p->name.in(args.lang), "  ", reference::format_price(reference::price_of(*p), args.lang)));
    if (p->override_gp) text.append(cat(" (", reference::format_price(p->price_gp, args.lang), ")"));
    text.append(cat("  ", weight_text(p->weight_lb, args.lang), "\n"));
  }
  if (list.empty()) text = tr(args.lang, "reference.none", {{"query", joined(args.positional)}});
  else text.pop_back();
  return {list, text};
}

const bool reg_reference = cli::register_command(
    {"reference", "reference [QUERY…] | reference --id ID",
     "Search the rules reference in --lang (empty query: everything by source), or show one entry", run_reference});
const bool reg_prices = cli::register_command({"prices", "prices [QUERY…] [--category C] | prices --id ID",
                                                "Search the price list (the DM's overrides applied)", run_prices});

}  // namespace
