// DM rule "challenge-rating" (on by default: it is a monster's statistic in every stat block, changes nothing at the
// table by itself and shows only where the DM set it): a creature's challenge rating and what it implies.
//
//   SetChallengeRating {target, cr: "0" | "1/8" | "1/4" | "1/2" | "1" … "30" (also the numbers 0, 0.125, 0.25,
//                       0.5, 1 … 30) | null (clears)} → challenge_rating_set {creature, old, new} (null = none).
//   Refused for a player character (it has a level instead) and when nothing would change.
// Data: Creature::modules["challenge-rating"].cr (absent = not set), a DM secret: players do not see it.
// XP and proficiency bonus are derived from the SRD table (cr_table), never stored.
#include <cmath>

#include "core/campaign/json_read.hpp"
#include "core/rules/challenge_rating/challenge_rating.hpp"
#include "core/rules/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kCr = "cr";

std::string allowed_list() {
  std::string s;
  for (const auto& n : cr_names()) s += (s.empty() ? "" : ", ") + n;
  return s;
}

campaign::DataField cr_field() {
  return {kCr, "string: the challenge rating (\"0\", \"1/8\", \"1/4\", \"1/2\", \"1\" … \"30\"); DM secret", true,
          [](const json& v) {
            if (!v.is_string()) campaign::jr::fail_type("string");
            if (!cr_row(v.get<std::string>()))
              campaign::jr::fail_value("not_one_of", jobj{"value", v.get<std::string>(), "allowed", allowed_list()});
          }};
}

// The rating a command asks for: a name of the table or its number; null clears (nullopt).
std::optional<std::string> wanted_cr(const json& cmd) {
  if (!cmd.contains(kCr)) throw UserError("campaign.err.param", jobj{"param", kCr, "expected", allowed_list()});
  const json& v = cmd.at(kCr);
  if (v.is_null()) return std::nullopt;
  if (v.is_string()) {
    if (auto row = cr_row(v.get<std::string>())) return std::string(row->cr);
  } else if (v.is_number()) {
    const double n = v.get<double>();
    for (const auto& row : cr_table())
      if (std::abs(row.value - n) < 1e-9) return std::string(row.cr);
  }
  throw UserError("rules.err.cr_unknown", jobj{"value", v.is_string() ? v.get<std::string>() : v.dump(),
                                           "allowed", allowed_list()});
}

void validate_set(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  const auto cr = wanted_cr(cmd);
  if (x.kind == "pc") throw UserError("rules.err.cr_pc", jobj{"name", x.name});
  if (cr == challenge_rating_of(x)) throw UserError("rules.err.cr_same", jobj{"name", x.name});
}

void execute_set(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  const auto old = challenge_rating_of(x);
  const auto now = wanted_cr(cmd);
  ctx.emit("challenge_rating_set",
           jobj{"creature", x.id, "old", old ? json(*old) : json(nullptr), "new", now ? json(*now) : json(nullptr)});
}

void apply_set(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  const json& now = d.at("new");
  if (!now.is_null() && !cr_row(now.get<std::string>())) throw std::out_of_range("unknown challenge rating");
  set_creature_data(x, kChallengeRating, kCr, now);
}

std::string render_set(const json& d, const LogContext& lc) {
  auto text = [&](const char* key) {
    const json& v = d.value(key, json());
    if (!v.is_string()) return tr(lc.lang, "rules.cr.none");
    const auto row = cr_row(v.get<std::string>());
    return row ? tr(lc.lang, "rules.cr.value", jobj{"cr", row->cr, "xp", row->xp}) : v.get<std::string>();
  };
  // A first rating (an SRD monster as it is added) says what it is, not "none → 1/4"
  if (!d.value("old", json()).is_string() && d.value("new", json()).is_string())
    return tr(lc.lang, "event.challenge_rating_first", jobj{"name", name_of(lc, d), "new", text("new")});
  return tr(lc.lang, "event.challenge_rating_set", jobj{"name", name_of(lc, d), "old", text("old"), "new", text("new")});
}

void install(Engine& e) {
  event(e, "challenge_rating_set", apply_set, render_set);
  e.secret_event("challenge_rating_set");  // a monster's CR is the DM's (as its module data is)
  command(e, "SetChallengeRating", {"target", kCr}, validate_set, execute_set);
}

}  // namespace

const std::vector<CrRow>& cr_table() {
  // SRD 5.1, "Experience Points by Challenge Rating" and the monsters' proficiency bonus by CR.
  static const std::vector<CrRow> rows = {
      {"0", 0, 10, 2},          {"1/8", 0.125, 25, 2},    {"1/4", 0.25, 50, 2},     {"1/2", 0.5, 100, 2},
      {"1", 1, 200, 2},         {"2", 2, 450, 2},         {"3", 3, 700, 2},         {"4", 4, 1100, 2},
      {"5", 5, 1800, 3},        {"6", 6, 2300, 3},        {"7", 7, 2900, 3},        {"8", 8, 3900, 3},
      {"9", 9, 5000, 4},        {"10", 10, 5900, 4},      {"11", 11, 7200, 4},      {"12", 12, 8400, 4},
      {"13", 13, 10000, 5},     {"14", 14, 11500, 5},     {"15", 15, 13000, 5},     {"16", 16, 15000, 5},
      {"17", 17, 18000, 6},     {"18", 18, 20000, 6},     {"19", 19, 22000, 6},     {"20", 20, 25000, 6},
      {"21", 21, 33000, 7},     {"22", 22, 41000, 7},     {"23", 23, 50000, 7},     {"24", 24, 62000, 7},
      {"25", 25, 75000, 8},     {"26", 26, 90000, 8},     {"27", 27, 105000, 8},    {"28", 28, 120000, 8},
      {"29", 29, 135000, 9},    {"30", 30, 155000, 9}};
  return rows;
}

std::optional<CrRow> cr_row(std::string_view cr) {
  for (const auto& row : cr_table())
    if (cr == row.cr) return row;
  return std::nullopt;
}

std::vector<std::string> cr_names() {
  std::vector<std::string> out;
  for (const auto& row : cr_table()) out.emplace_back(row.cr);
  return out;
}

std::optional<std::string> challenge_rating_of(const Creature& x) {
  const json& v = creature_data(x, kChallengeRating, kCr);
  if (v.is_string() && cr_row(v.get<std::string>())) return v.get<std::string>();
  return std::nullopt;
}

ChallengeRatingView challenge_rating_view(const Campaign& c, const Creature& x) {
  ChallengeRatingView v;
  v.on = campaign::rule_enabled(c, kChallengeRating, true);
  if (auto cr = challenge_rating_of(x)) v.row = cr_row(*cr);
  return v;
}

Module challenge_rating() {
  return {kChallengeRating, true, install,
          {.seed = "Правила Майстра",
           .own_calculators = {cr_calculator()},
           .reference = {"dm-challenge-rating"},
           .creature_data = {cr_field()}}};
}

}  // namespace druzina::rules
