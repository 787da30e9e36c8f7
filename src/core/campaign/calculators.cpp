// calc::calculators(): every rule module's own calculators (Module::own_calculators) in one list. It lives with
// the engine that holds the modules, so calc/ needs nothing from campaign/ (engine.hpp includes calc.hpp).
#include <algorithm>

#include "core/calc/calc.hpp"
#include "core/campaign/engine.hpp"

namespace druzina::calc {

namespace {

// A module with an entry among the DM rules' reference (dm-…): its calculators come after the house rules'.
bool dm_rule(const campaign::Module& m) {
  return std::any_of(m.reference.begin(), m.reference.end(),
                     [](const std::string& id) { return id.rfind("dm-", 0) == 0; });
}

// A rule of the game itself (docs/table-rules.md): no entry in the house rules' or the DM rules' reference.
bool table_rule(const campaign::Module& m) {
  return std::none_of(m.reference.begin(), m.reference.end(),
                      [](const std::string& id) { return id.rfind("dm-", 0) == 0 || id.rfind("hr-", 0) == 0; });
}

}  // namespace

const std::vector<Calculator>& calculators() {
  // The house rules' calculators (Module::own_calculators) in the modules' order, then the DM rules' in the
  // modules' order, then the rules of 5e itself (table-rules.md).
  static const std::vector<Calculator> list = [] {
    const auto& modules = campaign::Engine::standard().modules();
    std::vector<Calculator> all;
    for (const auto& m : modules)
      if (!dm_rule(m) && !table_rule(m)) all.insert(all.end(), m.own_calculators.begin(), m.own_calculators.end());
    for (const auto& m : modules)
      if (dm_rule(m)) all.insert(all.end(), m.own_calculators.begin(), m.own_calculators.end());
    for (const auto& m : modules)
      if (table_rule(m)) all.insert(all.end(), m.own_calculators.begin(), m.own_calculators.end());
    return all;
  }();
  return list;
}

}  // namespace druzina::calc
