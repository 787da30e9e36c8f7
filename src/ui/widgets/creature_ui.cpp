#include "ui/widgets/creature_ui.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "core/campaign/derived.hpp"
#include "core/rules/classes/classes.hpp"
#include "core/rules/concentration/concentration.hpp"
#include "core/rules/hero_points/hero_points.hpp"
#include "core/rules/lingering_injuries/lingering_injuries.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/style.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

using campaign::Creature;

// =====================================================================================================
// colours and layout
// =====================================================================================================
ImVec4 col_hp(float f) {
  if (f > 0.5f) return ImVec4(0.27f, 0.66f, 0.35f, 1.0f);
  if (f > 0.25f) return ImVec4(0.86f, 0.60f, 0.18f, 1.0f);
  return ImVec4(0.85f, 0.26f, 0.24f, 1.0f);
}
ImVec4 col_temp_hp() { return ImVec4(0.33f, 0.58f, 0.95f, 1.0f); }
ImVec4 col_accent() { return ImGui::GetStyleColorVec4(ImGuiCol_CheckMark); }
ImVec4 col_good() { return ImVec4(0.25f, 0.62f, 0.33f, 1.0f); }
ImVec4 col_bad() { return ImVec4(0.78f, 0.24f, 0.22f, 1.0f); }
ImVec4 col_card() {
  // Between the window and the controls, so buttons and fields on a card stand out.
  ImVec4 w = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg), f = ImGui::GetStyleColorVec4(ImGuiCol_FrameBg);
  return ImVec4(w.x + (f.x - w.x) * 0.5f, w.y + (f.y - w.y) * 0.5f, w.z + (f.z - w.z) * 0.5f, 1.0f);
}
ImVec4 col_muted() { return ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled); }
ImVec4 col_tint(ImVec4 hue, float a) {
  ImVec4 c = col_card();
  return ImVec4(c.x + (hue.x - c.x) * a, c.y + (hue.y - c.y) * a, c.z + (hue.z - c.z) * a, 1.0f);
}

bool wide_layout() { return ImGui::GetMainViewport()->Size.x >= 700.0f; }
bool short_screen() { return ImGui::GetMainViewport()->Size.y < 560.0f; }
float gap() { return ImGui::GetStyle().ItemSpacing.x; }
float split_width(int n) {
  float avail = ImGui::GetContentRegionAvail().x;
  return std::max(10.0f, (avail - gap() * static_cast<float>(n - 1)) / static_cast<float>(n));
}

// =====================================================================================================
// creatures
// =====================================================================================================
const Creature* creature(std::string_view id) { return campaign::find_creature(model().state(), id); }

std::string creature_name(std::string_view id) {
  const Creature* c = creature(id);
  if (c && hidden_from_players(*c)) return T("campaign.someone");  // as the player's log says it
  return c ? c->name : std::string(id);
}

std::string Tk(std::string_view prefix, std::string_view rest) {
  std::string k(prefix);
  k += rest;
  return T(k);
}

std::string Tk_or(std::string_view prefix, std::string_view rest, const std::string& fallback) {
  std::string k(prefix);
  k += rest;
  return has_key(ui().lang, k) ? std::string(T(k)) : fallback;
}

std::string kind_label(const std::string& kind) { return Tk_or("campaign.kind.", kind, kind); }

std::string condition_name(const std::string& id) {
  for (std::string key : {"campaign.condition." + id, "rules.condition." + id})
    if (has_key(ui().lang, key)) return tr(ui().lang, key);
  std::string out = id;
  std::replace(out.begin(), out.end(), '_', ' ');
  return out;
}

std::string duration_text(long long minutes) {
  long long d = minutes / 1440, h = (minutes % 1440) / 60, m = minutes % 60;
  std::string out;
  auto add = [&](const char* key, long long n) {
    if (!n) return;
    if (!out.empty()) out += " ";
    out += Tf(key, jobj{"n", n});
  };
  add("campaign.time.days", d);
  add("campaign.time.hours", h);
  add("campaign.time.minutes", m);
  return out.empty() ? Tf("campaign.time.minutes", jobj{"n", 0}) : out;
}

std::string clock_text(long long minutes) {
  long long day = minutes / 1440 + 1, h = (minutes % 1440) / 60, m = minutes % 60;
  char hm[16];
  std::snprintf(hm, sizeof hm, "%02lld:%02lld", h, m);
  return Tf("campaign.time.clock", jobj{"day", day, "time", hm});
}

std::string until_text(const campaign::Until& u, const Creature& bearer) {
  const bool own = u.turn_of.empty() || u.turn_of == bearer.id;
  nlohmann::json args = jobj{"whose", creature_name(u.turn_of)};
  if (u.kind == "end_of_next_turn") return Tf(own ? "campaign.until.end_of_own_turn" : "campaign.until.end_of_turn", args);
  if (u.kind == "start_of_next_turn")
    return Tf(own ? "campaign.until.start_of_own_turn" : "campaign.until.start_of_turn", args);
  if (u.kind == "rounds") {
    const auto& enc = model().state().encounter;
    int left = u.rounds;
    if (enc && u.set_round > 0) left = std::max(1, u.set_round + u.rounds - enc->round);
    return Tf("campaign.until.rounds", jobj{"n", left});
  }
  if (u.kind == "minutes") {
    // "na 1 hodinu", "на 1 годину": the duration after "for" takes the accusative (1 hodina → na 1 hodinu)
    long long left = std::max(1LL, u.set_at + u.minutes - model().state().minutes);
    long long d = left / 1440, h = (left % 1440) / 60, m = left % 60;
    std::string out;
    for (auto [key, n] : {std::pair{"ui.creature.for_days", d}, {"ui.creature.for_hours", h}, {"ui.creature.for_minutes", m}})
      if (n) out += (out.empty() ? "" : " ") + Tf(key, jobj{"n", n});
    return Tf("campaign.until.minutes", jobj{"duration", out});
  }
  if (u.kind == "long_rest") return T("campaign.until.long_rest");
  return {};
}

std::string condition_text(const campaign::Condition& c, const Creature& bearer) {
  std::string out = condition_name(c.id);
  std::string until = until_text(c.until, bearer);
  if (!until.empty()) out += " \xE2\x80\x94 " + until;  // " — "
  return out;
}


int uncured_injuries(const Creature& c) { return rules::uncured_injuries(c); }

std::string hp_visibility(const Creature& c) {
  if (!ui_player_mode()) return "exact";
  const auto& v = model().state().settings.hp_visibility;
  return campaign::in_party(c) ? v.party : v.others;
}

bool hidden_from_players(const Creature& c) { return ui_player_mode() && c.hidden; }

std::string hp_shown(const Creature& c) {
  std::string vis = hp_visibility(c);
  if (vis == "hidden") return "?";
  if (vis == "status") return Tk("ui.creature.status.", campaign::health_status(c));
  if (c.death_saves.dead) return std::string("\xE2\x98\xA0 ") + T("ui.creature.status.dead");  // ☠
  char buf[64];
  if (c.temp_hp > 0)
    std::snprintf(buf, sizeof buf, "%d / %d  +%d", c.hp, c.max_hp, c.temp_hp);
  else
    std::snprintf(buf, sizeof buf, "%d / %d", c.hp, c.max_hp);
  return buf;
}

bool rule_on(const char* module_id) {
  const auto& engine = model().session().engine();
  if (!engine.module(module_id)) return false;
  return engine.module_enabled(model().state(), module_id);
}

// =====================================================================================================
// drawing
// =====================================================================================================
namespace {

float small_size() { return ui().fonts.small->FontSize * ImGui::GetIO().FontGlobalScale; }
float body_size() { return ui().fonts.body->FontSize * ImGui::GetIO().FontGlobalScale; }


void draw_hp_bar(ImDrawList* dl, ImVec2 p, ImVec2 size, const Creature& c) {
  const float r = 6.0f;
  dl->AddRectFilled(p, ImVec2(p.x + size.x, p.y + size.y), ImGui::GetColorU32(ImVec4(0, 0, 0, 0.35f)), r);
  std::string vis = hp_visibility(c);
  if (vis == "exact" && !c.death_saves.dead) {
    float total = static_cast<float>(std::max(c.max_hp, c.hp + c.temp_hp));
    float fh = total > 0 ? static_cast<float>(c.hp) / total : 0;
    float ft = total > 0 ? static_cast<float>(c.hp + c.temp_hp) / total : 0;
    float frac = c.max_hp > 0 ? static_cast<float>(c.hp) / static_cast<float>(c.max_hp) : 0;
    if (fh > 0) dl->AddRectFilled(p, ImVec2(p.x + size.x * fh, p.y + size.y), ImGui::GetColorU32(col_hp(frac)), r);
    if (ft > fh)
      dl->AddRectFilled(ImVec2(p.x + size.x * fh, p.y), ImVec2(p.x + size.x * ft, p.y + size.y),
                        ImGui::GetColorU32(col_temp_hp()), r);
  } else if (vis == "status") {
    std::string s = campaign::health_status(c);
    ImVec4 col = s == "healthy" ? col_hp(1) : s == "bloodied" ? col_hp(0.4f) : col_hp(0);
    if (s != "dead") dl->AddRectFilled(p, ImVec2(p.x + size.x, p.y + size.y), ImGui::GetColorU32(col), r);
  }
  std::string text = hp_shown(c);
  ImFont* f = ui().fonts.body;
  float fs = body_size();
  ImVec2 ts = f->CalcTextSizeA(fs, FLT_MAX, 0, text.c_str());
  ImVec2 tp(p.x + (size.x - ts.x) * 0.5f, p.y + (size.y - ts.y) * 0.5f);
  dl->AddText(f, fs, ImVec2(tp.x + 1, tp.y + 1), IM_COL32(0, 0, 0, 200), text.c_str());
  dl->AddText(f, fs, tp, IM_COL32(255, 255, 255, 255), text.c_str());
}

}  // namespace

void hp_bar(const Creature& c, float width, float height) {
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(width, height));
  draw_hp_bar(ImGui::GetWindowDrawList(), p, ImVec2(width, height), c);
}

std::vector<std::string> status_chips(const Creature& c, bool with_durations) {
  std::vector<std::string> out;
  if (c.death_saves.dead) {
    // the HP bar says it already
  } else if (c.hp == 0) {
    if (c.death_saves.stable)
      out.push_back(T("ui.creature.stable"));
    else
      out.push_back(Tf("ui.creature.death_saves", jobj{"ok", c.death_saves.successes, "fail", c.death_saves.failures}));
  }
  for (const auto& cond : c.conditions) {
    if (cond.id == "unconscious" && cond.source == "0hp" && c.hp == 0) continue;  // said by the line above
    out.push_back(with_durations ? condition_text(cond, c) : condition_name(cond.id));
  }
  if (const std::string spell = rules::concentrating_on(c); !spell.empty())
    out.push_back(Tf("ui.concentration.chip", jobj{"spell", spell}));
  if (c.hidden && !ui_player_mode()) out.push_back(T("ui.creature.hidden"));
  if (c.exhaustion > 0) out.push_back(Tf("ui.creature.exhaustion_n", jobj{"n", c.exhaustion}));
  // the icon and its word never part at a line end: a no-break space (U+00A0) between them
  if (int n = uncured_injuries(c); n > 0) out.push_back("\xE2\x9A\x95\xC2\xA0" + Tf("ui.creature.injuries_n", jobj{"n", n}));  // ⚕
  if (c.inspiration) out.push_back(std::string("\xE2\x98\x85\xC2\xA0") + T("ui.creature.inspiration"));                   // ★
  if (const auto hero = rules::hero_points_view(model().state(), c); hero.on && hero.points > 0)  // ✦
    out.push_back("\xE2\x9C\xA6\xC2\xA0" + Tf("ui.creature.hero_points_n", jobj{"n", hero.points}));
  return out;
}

bool creature_card(const Creature& c, const std::string& test_id, bool highlight, float reserve, const char* prefix) {
  const float w = ImGui::GetContentRegionAvail().x - reserve;
  const float pad = 12.0f, bar_h = 30.0f;
  ImFont* body = ui().fonts.body;
  ImFont* small = ui().fonts.small;
  const float fs = body_size(), ss = small_size();
  std::vector<std::string> chips = status_chips(c, true);
  std::string chip_text;
  for (const auto& s : chips) chip_text += (chip_text.empty() ? "" : "  \xC2\xB7  ") + s;  // ·
  const float inner = w - 2 * pad;
  ImVec2 chip_sz = chip_text.empty() ? ImVec2(0, 0) : body->CalcTextSizeA(fs, FLT_MAX, inner, chip_text.c_str());
  std::string sub = kind_label(c.kind);
  if (campaign::in_party(c) || c.kind == "npc") {
    // "Wizard 5" when it has a class (module classes), else "level 5"
    const std::string cls = rule_on(rules::kClasses) ? rules::class_line(ui().lang, c) : std::string();
    if (!cls.empty())
      sub += " \xC2\xB7 " + cls;
    else if (c.kind != "npc")
      sub += " \xC2\xB7 " + Tf("ui.creature.level_n", jobj{"n", c.level});
  }
  // A phone on its side (a short screen): one line — name, HP bar, AC — so the initiative list shows four
  // creatures, not one and a half; the kind line is left out (still tracked).
  const bool compact = short_screen();
  const float cpad = compact ? 8.0f : pad;
  const float h = compact ? cpad + bar_h + (chip_text.empty() ? 0 : 6 + chip_sz.y) + cpad
                          : pad + fs + 4 + ss + 10 + bar_h + (chip_text.empty() ? 0 : 8 + chip_sz.y) + pad;

  ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::PushID(test_id.c_str());
  bool pressed = ImGui::InvisibleButton("card", ImVec2(w, h));
  ImGui::PopID();
  track(test_id, c.name);
  track(test_id + ".sub", sub);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec4 bg = col_card();
  if (ImGui::IsItemActive()) bg = ImGui::GetStyleColorVec4(ImGuiCol_FrameBgActive);
  if (c.death_saves.dead) bg.w *= 0.55f;
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), ImGui::GetColorU32(bg), 12.0f);
  if (highlight) dl->AddRect(p, ImVec2(p.x + w, p.y + h), ImGui::GetColorU32(col_accent()), 12.0f, 0, 3.5f);

  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), muted = ImGui::GetColorU32(col_muted());
  float x = p.x + pad, y = p.y + cpad;
  // right side: AC (players see their own party's; a monster's or an NPC's AC is the DM's, as in the player view)
  char ac[32] = "";
  if (!ui_player_mode() || campaign::in_party(c)) std::snprintf(ac, sizeof ac, "%s %d", T("ui.creature.ac"), c.ac);
  ImVec2 acs = ac[0] ? body->CalcTextSizeA(fs, FLT_MAX, 0, ac) : ImVec2(0, 0);
  std::string title = prefix ? std::string(prefix) + "  " + c.name : c.name;
  if (compact) {
    const float ty = y + (bar_h - fs) * 0.5f;
    if (ac[0]) dl->AddText(body, fs, ImVec2(p.x + w - pad - acs.x, ty), text, ac);
    const float name_w = inner * 0.34f;  // one column for every row: the bars line up
    ImVec4 clip(x, ty, x + name_w, ty + fs + 2);
    dl->AddText(body, fs, ImVec2(x, ty), highlight ? ImGui::GetColorU32(col_accent()) : text, title.c_str(), nullptr, 0, &clip);
    const float bx = x + name_w + 12, bw = p.x + w - pad - (ac[0] ? acs.x + 12 : 0) - bx;
    draw_hp_bar(dl, ImVec2(bx, y), ImVec2(std::max(40.0f, bw), bar_h), c);
    if (!chip_text.empty())
      dl->AddText(body, fs, ImVec2(x, y + bar_h + 6), ImGui::GetColorU32(col_accent()), chip_text.c_str(), nullptr, inner);
    return pressed;
  }
  if (ac[0]) dl->AddText(body, fs, ImVec2(p.x + w - pad - acs.x, y), text, ac);
  ImVec4 clip(x, y, p.x + w - pad - acs.x - 8, y + fs + 2);
  dl->AddText(body, fs, ImVec2(x, y), highlight ? ImGui::GetColorU32(col_accent()) : text, title.c_str(), nullptr, 0,
              &clip);
  y += fs + 4;
  dl->AddText(small, ss, ImVec2(x, y), muted, sub.c_str());
  y += ss + 10;
  draw_hp_bar(dl, ImVec2(x, y), ImVec2(inner, bar_h), c);
  y += bar_h;
  if (!chip_text.empty()) {
    y += 8;
    dl->AddText(body, fs, ImVec2(x, y), ImGui::GetColorU32(col_accent()), chip_text.c_str(), nullptr, inner);
  }
  return pressed;
}

// =====================================================================================================
// cards
// =====================================================================================================
void begin_card(const char* id, ImVec4 bg) {
  if (bg.w == 0) bg = col_card();
  ImGui::PushStyleVar(ImGuiStyleVar_ChildRounding, 12.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(12, 12));
  ImGui::PushStyleColor(ImGuiCol_ChildBg, bg);
  ImGui::BeginChild(id, ImVec2(0, 0), ImGuiChildFlags_AutoResizeY | ImGuiChildFlags_AlwaysUseWindowPadding,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PushStyleColor(ImGuiCol_FrameBg, ImGui::GetStyleColorVec4(ImGuiCol_WindowBg));  // text fields: darker wells
}

void end_card() {
  ImGui::PopStyleColor();
  ImGui::EndChild();
  ImGui::PopStyleColor();
  ImGui::PopStyleVar(2);
}

void section(const char* title) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, col_accent());
  ImGui::PushTextWrapPos(0.0f);  // a long heading (Ukrainian) wraps instead of running off the screen
  ImGui::TextUnformatted(title);
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

// =====================================================================================================
// model helpers
// =====================================================================================================
std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) {
    if (l.empty()) continue;
    if (!out.empty()) out += "\n";
    out += l;
  }
  return out;
}

std::string notice_text(const std::vector<std::string>& lines) {
  // A notice sits over the bottom of the screen: a few lines, each in full (the outcome is at the end of a line,
  // "… → failed": never cut off). What does not fit is in the log, which opens at this step while it shows.
  constexpr size_t kMaxLines = 3;
  std::vector<std::string> kept;
  for (const auto& l : lines)
    if (!l.empty()) kept.push_back(l);
  std::string out;
  size_t n = std::min(kept.size(), kMaxLines);
  size_t first = kept.size() - n;  // the last lines say how it ended
  if (first > 0) out = Tf("ui.notice.more", jobj{"n", static_cast<long long>(first)});
  for (size_t i = first; i < kept.size(); ++i) {
    if (!out.empty()) out += "\n";
    out += kept[i];
  }
  return out;
}

Outcome dispatch_and_tell(const nlohmann::json& command, double seconds) {
  Outcome o = model().dispatch(command);
  if (!o) return o;
  std::string text = notice_text(o.lines);
  if (!text.empty()) model().notify(text, false, seconds, o.tx);
  return o;
}

}  // namespace druzina::ui
