// DM rule "alignment": a creature's alignment.
//
//   SetAlignment {target, alignment?: "lg" | "ng" | "cg" | "ln" | "n" | "cn" | "le" | "ne" | "ce" | "unaligned"}
//   (absent or null: not set) → alignment_set {creature, old?, new?}. Refused when nothing changes
//   (rules.err.alignment_same) and for an unknown alignment (rules.err.alignment_unknown).
// Data: Creature::modules["alignment"].alignment (absent = not set), not a secret.
#include "core/rules/alignment/alignment.hpp"

#include "core/rules/common.hpp"
#include "core/json_obj.hpp"

namespace druzina::rules {

using namespace detail;

namespace {

constexpr const char* kField = "alignment";

campaign::DataField alignment_field() {
  return {kField, "text: lg | ng | cg | ln | n | cn | le | ne | ce | unaligned (absent = not set)", false,
          [](const json& v) {
            if (!v.is_string()) throw UserError("state.err.wrong_type", jobj{"path", "", "expected", "text"});
            if (!find_alignment(v.get<std::string>()))
              throw UserError("rules.err.alignment_unknown", jobj{"alignment", v.get<std::string>()});
          }};
}

std::optional<std::string> wanted(const json& cmd) {
  const json* v = param::find(cmd, "alignment");
  if (!v) return std::nullopt;
  if (!v->is_string()) throw UserError("campaign.err.param", jobj{"param", "alignment", "expected", "lg, ng, cg, ln, n, cn, le, ne, ce, unaligned"});
  if (!find_alignment(v->get<std::string>())) throw UserError("rules.err.alignment_unknown", jobj{"alignment", v->get<std::string>()});
  return v->get<std::string>();
}

void validate_set_alignment(const Campaign& c, const json& cmd) {
  const Creature& x = actions::require(c, param::str(cmd, "target"));
  if (wanted(cmd) == alignment_of(x)) throw UserError("rules.err.alignment_same", jobj{"name", x.name});
}

void execute_set_alignment(Ctx& ctx, const json& cmd) {
  const Creature& x = actions::require(ctx.state(), param::str(cmd, "target"));
  json data = jobj{"creature", x.id};
  if (auto old = alignment_of(x)) data["old"] = *old;
  if (auto now = wanted(cmd)) data["new"] = *now;
  ctx.emit("alignment_set", std::move(data));
}

void apply_alignment_set(Campaign& c, const json& d) {
  Creature& x = campaign::creature_ref(c, d.at("creature").get<std::string>());
  set_creature_data(x, kAlignment, kField, d.contains("new") ? d.at("new") : json(nullptr));
}

std::string render_alignment_set(const json& d, const LogContext& lc) {
  auto name = [&](const char* key) {
    const AlignmentInfo* a = d.contains(key) && d[key].is_string() ? find_alignment(d[key].get<std::string>()) : nullptr;
    return a ? tr(lc.lang, a->name_key) : tr(lc.lang, "rules.alignment.none");
  };
  return tr(lc.lang, "event.alignment_set", jobj{"name", name_of(lc, d), "old", name("old"), "new", name("new")});
}

void install(Engine& e) {
  event(e, "alignment_set", apply_alignment_set, render_alignment_set);
  command(e, "SetAlignment", {"target", "alignment"}, validate_set_alignment, execute_set_alignment);
}

}  // namespace

const std::vector<AlignmentInfo>& alignments() {
  static const std::vector<AlignmentInfo> list = {
      {"lg", "rules.alignment.lg", "rules.alignment.lg.abbr", "rules.alignment.lg.desc", 1, 1},
      {"ng", "rules.alignment.ng", "rules.alignment.ng.abbr", "rules.alignment.ng.desc", 0, 1},
      {"cg", "rules.alignment.cg", "rules.alignment.cg.abbr", "rules.alignment.cg.desc", -1, 1},
      {"ln", "rules.alignment.ln", "rules.alignment.ln.abbr", "rules.alignment.ln.desc", 1, 0},
      {"n", "rules.alignment.n", "rules.alignment.n.abbr", "rules.alignment.n.desc", 0, 0},
      {"cn", "rules.alignment.cn", "rules.alignment.cn.abbr", "rules.alignment.cn.desc", -1, 0},
      {"le", "rules.alignment.le", "rules.alignment.le.abbr", "rules.alignment.le.desc", 1, -1},
      {"ne", "rules.alignment.ne", "rules.alignment.ne.abbr", "rules.alignment.ne.desc", 0, -1},
      {"ce", "rules.alignment.ce", "rules.alignment.ce.abbr", "rules.alignment.ce.desc", -1, -1},
      {"unaligned", "rules.alignment.unaligned", "rules.alignment.unaligned.abbr", "rules.alignment.unaligned.desc", 0, 0},
  };
  return list;
}

const AlignmentInfo* find_alignment(std::string_view id) {
  for (const auto& a : alignments())
    if (id == a.id) return &a;
  return nullptr;
}

std::optional<std::string> alignment_of(const Creature& x) {
  const json& v = creature_data(x, kAlignment, kField);
  if (!v.is_string()) return std::nullopt;
  return v.get<std::string>();
}

AlignmentView alignment_view(const Campaign& c, const Creature& x) {
  AlignmentView v;
  v.on = campaign::rule_enabled(c, kAlignment, true);
  if (auto id = alignment_of(x)) v.info = find_alignment(*id);
  return v;
}

Module alignment() {
  return {kAlignment, true, install,
          {.seed = "Світогляд", .reference = {"dm-alignment"}, .creature_data = {alignment_field()}}};
}

}  // namespace druzina::rules
