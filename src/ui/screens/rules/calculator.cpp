#include "ui/screens/rules/calculator.hpp"

#include <imgui.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "core/calc/calc.hpp"
#include "core/error.hpp"
#include "core/rules/objects/objects.hpp"
#include "ui/mode.hpp"
#include "ui/model.hpp"
#include "ui/style.hpp"
#include "ui/test_ids.hpp"
#include "ui/ui.hpp"
#include "ui/widgets/controls.hpp"
#include "ui/widgets/creature_ui.hpp"
#include "ui/widgets/widgets.hpp"
#include "core/json_obj.hpp"

namespace druzina::ui {

namespace {

using nlohmann::json;

struct Form {
  json params = json::object();
  json result;                   // last result (null = none)
  std::optional<UserError> error;
  bool dirty = true;
};

std::map<std::string, Form>& forms() {
  static std::map<std::string, Form> f;
  return f;
}

// A sensible starting value for an integer parameter (what a table most often asks about).
int start_value(const calc::Param& p) {
  static const std::map<std::string, int> typical = {
      {"max-hp", 20}, {"damage", 10}, {"str", 10}, {"int", 10}, {"level", 1}, {"value", 100},
      {"cost", 50},   {"check", 10},  {"hour", 9}, {"con-mod", 0}, {"previous", 0}};
  if (p.default_value.is_number_integer()) return p.default_value.get<int>();
  if (!p.allowed_ints.empty()) return static_cast<int>(p.allowed_ints.front());
  auto it = typical.find(p.name);
  int v = it != typical.end() ? it->second : 0;
  if (p.min && v < *p.min) v = static_cast<int>(*p.min);
  if (p.max && v > *p.max) v = static_cast<int>(*p.max);
  return v;
}

Form& form_for(const calc::Calculator& c) {
  auto& all = forms();
  auto it = all.find(c.name);
  if (it != all.end()) return it->second;
  Form f;
  for (const auto& p : c.params) {
    if (p.name == "seed") continue;
    switch (p.type) {
      case calc::ParamType::integer: f.params[p.name] = start_value(p); break;
      case calc::ParamType::enumeration:
        if (p.required && !p.allowed.empty()) f.params[p.name] = p.allowed.front();
        break;
      case calc::ParamType::int_list: f.params[p.name] = json::array(); break;
      case calc::ParamType::string: break;
    }
  }
  return all.emplace(c.name, std::move(f)).first->second;
}

std::string value_label(const std::string& v) {
  std::string k = "ui.rules.calc.value." + v;
  return has_key(ui().lang, k) ? std::string(T(k)) : dice_notation(ui().lang, v);  // "4d10" → 4k10, 4к10
}

std::string key_label(const std::string& k) {
  std::string label_key = "ui.rules.calc.key." + k;
  return has_key(ui().lang, label_key) ? std::string(T(label_key)) : k;
}

std::string value_text(const calc::Calculator& c, const std::string& key, const json& v) {
  if (v.is_null()) return T("ui.rules.calc.none");
  const bool range = std::find(c.ranges.begin(), c.ranges.end(), key) != c.ranges.end();
  if (range && v.is_array() && v.size() == 2 && v[0].is_number_integer() && v[1].is_number_integer())
    return std::to_string(v[0].get<long long>()) + "\xE2\x80\x93" + std::to_string(v[1].get<long long>());  // –
  if (v.is_boolean()) return T(v.get<bool>() ? "ui.ctl.yes" : "ui.ctl.no");
  if (v.is_string()) return value_label(v.get<std::string>());
  if (v.is_array()) {
    std::string s;
    for (const auto& x : v) {
      if (!s.empty()) s += ", ";
      s += value_text(c, key, x);
    }
    return s;
  }
  std::string num = v.is_number_integer() ? std::to_string(v.get<long long>()) : v.dump();
  if (key.size() > 3 && key.compare(key.size() - 3, 3, "_gp") == 0) num += " " + std::string(T("ui.rules.calc.gp"));
  return num;
}

void run_form(const calc::Calculator& c, Form& f) {
  f.error.reset();
  f.result = nullptr;
  try {
    json p = f.params;
    if (p.contains("crafters-levels") && p["crafters-levels"].empty()) p.erase("crafters-levels");
    f.result = calc::run(c.name, p, model().rng());
  } catch (const UserError& e) {
    f.error = e;
  }
  f.dirty = false;
}

}  // namespace

// A calculator whose answer becomes part of the campaign (DM): the object calculator puts the object it priced into
// the campaign as a target with its AC and HP (rule objects: AddObject; it can then join a fight). Test id
// rules.calc.object.add.
void result_action(const calc::Calculator& c, const json& params) {
  if (c.name != "object" || ui_player_mode() || !rule_on(rules::kObjects)) return;
  const std::string material = params.value("material", std::string()), size = params.value("size", std::string());
  const std::string resilience = params.value("resilience", std::string());
  if (material.empty() || size.empty() || resilience.empty()) return;
  ImGui::Spacing();
  if (big_button(T("ui.rules.calc.object_add"), ImVec2(0, kTouchTarget)))
    dispatch_and_tell(jobj{"type", "AddObject", "name", value_label(material) + " (" + value_label(size) + ")",
                       "material", material, "size", size, "resilience", resilience});
  track("rules.calc.object.add", T("ui.rules.calc.object_add"));
}

void draw_calculator(const std::string& name) {
  const calc::Calculator* c = nullptr;
  for (const auto& x : calc::calculators())
    if (x.name == name) c = &x;
  if (!c) return;
  Form& f = form_for(*c);
  const bool rolls = c->param("seed") != nullptr;
  const std::string base = "rules.calc." + c->name;
  ImGui::PushID(c->name.c_str());
  ImGui::PushStyleVar(ImGuiStyleVar_ChildRounding, 12.0f);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, color_card());
  ImGui::BeginChild("##calc", ImVec2(0, 0),
                    ImGuiChildFlags_AutoResizeY | ImGuiChildFlags_AlwaysUseWindowPadding | ImGuiChildFlags_Border);
  ImGui::PushStyleColor(ImGuiCol_Text, color_good());
  ImGui::TextWrapped("%s %s", "\xE2\x9A\x99", T(c->description_key));  // ⚙
  ImGui::PopStyleColor();
  track(base, T(c->description_key));
  for (const auto& p : c->params) {
    if (p.name == "seed") continue;
    const std::string pid = base + "." + p.name;
    ImGui::PushID(p.name.c_str());
    small_label(T(p.description_key));
    switch (p.type) {
      case calc::ParamType::integer: {
        int v = f.params.value(p.name, start_value(p));
        if (!p.allowed_ints.empty()) {
          std::vector<Option> opts;
          int cur = 0;
          for (size_t i = 0; i < p.allowed_ints.size(); ++i) {
            opts.push_back({std::to_string(p.allowed_ints[i]), std::to_string(p.allowed_ints[i])});
            if (p.allowed_ints[i] == v) cur = static_cast<int>(i);
          }
          if (segmented(pid, opts, cur, 6)) {
            f.params[p.name] = p.allowed_ints[static_cast<size_t>(cur)];
            f.dirty = true;
          }
        } else {
          int lo = p.min ? static_cast<int>(std::max<long long>(*p.min, -1000000000)) : -1000000;
          int hi = p.max ? static_cast<int>(std::min<long long>(*p.max, 1000000000)) : 1000000;
          if (stepper(pid, v, lo, hi, {.show_sign = p.name == "con-mod"})) {
            f.params[p.name] = v;
            f.dirty = true;
          }
        }
        break;
      }
      case calc::ParamType::enumeration: {
        std::vector<Option> opts;
        int cur = -1;
        std::string now = f.params.contains(p.name) ? f.params[p.name].get<std::string>() : std::string();
        if (!p.required) opts.push_back({"none", T("ui.rules.calc.none")});
        for (const auto& a : p.allowed) opts.push_back({a, value_label(a)});
        for (size_t i = 0; i < opts.size(); ++i)
          if ((opts[i].id == "none" && !p.required && now.empty()) || opts[i].id == now) cur = static_cast<int>(i);
        if (segmented(pid, opts, cur, 3)) {
          if (opts[static_cast<size_t>(cur)].id == "none" && !p.required) f.params.erase(p.name);
          else f.params[p.name] = opts[static_cast<size_t>(cur)].id;
          f.dirty = true;
        }
        break;
      }
      case calc::ParamType::int_list: {
        json& list = f.params[p.name];
        if (!list.is_array()) list = json::array();
        int remove = -1;
        for (size_t i = 0; i < list.size(); ++i) {
          ImGui::PushID(static_cast<int>(i));
          int v = list[i].get<int>();
          const float w = ImGui::GetContentRegionAvail().x;
          if (stepper(pid + "." + std::to_string(i), v, static_cast<int>(p.min.value_or(0)),
                           static_cast<int>(p.max.value_or(1000)), {.width = w - 66})) {
            list[i] = v;
            f.dirty = true;
          }
          ImGui::SameLine(0, 6);
          if (ImGui::Button("\xE2\x9C\x95", ImVec2(60, kTouchTarget))) remove = static_cast<int>(i);  // ✕
          track(pid + "." + std::to_string(i) + ".remove", "x");
          ImGui::PopID();
        }
        if (remove >= 0) {
          list.erase(static_cast<size_t>(remove));
          f.dirty = true;
        }
        if (list.size() < p.max_items) {
          if (big_button(T("ui.rules.calc.add_item"))) {
            list.push_back(static_cast<int>(p.min.value_or(1)));
            f.dirty = true;
          }
          track(pid + ".add", T("ui.rules.calc.add_item"));
        }
        break;
      }
      case calc::ParamType::string: break;
    }
    ImGui::PopID();
  }
  if (rolls) {
    if (choice_button(T("ui.rules.calc.roll"), true)) run_form(*c, f);
    track(base + ".roll", T("ui.rules.calc.roll"));
  } else if (f.dirty) {
    run_form(*c, f);
  }
  ImGui::Separator();
  if (f.error) {
    std::string msg = f.error->message(ui().lang);
    error_text(msg.c_str());
    track(base + ".error", msg);
  } else if (f.result.is_object()) {
    std::string all;
    ImGui::BeginGroup();
    // Yes/no answers first ("Triggered: yes"), then the numbers that follow from them ("DC: 15").
    std::vector<std::pair<std::string, json>> lines;
    for (const auto& [k, v] : f.result.items())
      if (v.is_boolean()) lines.emplace_back(k, v);
    for (const auto& [k, v] : f.result.items())
      if (!v.is_boolean()) lines.emplace_back(k, v);
    for (const auto& [k, v] : lines) {
      std::string line = key_label(k) + ": ";
      ImGui::TextUnformatted(line.c_str());
      ImGui::SameLine(0, 4);
      ImGui::PushFont(ui().fonts.body);
      ImGui::PushStyleColor(ImGuiCol_Text, color_good());
      std::string val = value_text(*c, k, v);
      ImGui::TextWrapped("%s", val.c_str());
      ImGui::PopStyleColor();
      ImGui::PopFont();
      all += line + val + "\n";
    }
    ImGui::EndGroup();
    track(base + ".result", all);
    result_action(*c, f.params);
  }
  ImGui::EndChild();
  ImGui::PopStyleColor();
  ImGui::PopStyleVar();
  ImGui::PopID();
}

}  // namespace druzina::ui
