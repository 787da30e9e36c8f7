// The rule modules of the app, in the order their hooks run. Each module lives in its own file (e.g.
// src/core/rules/massive_damage.cpp) and exposes a function returning its campaign::Module; add one line per
// module below. (An explicit list, not static self-registration: the core is a static library, and the
// linker would drop a module file that nothing references.)
#include "core/campaign/engine.hpp"

namespace druzina::campaign {

void register_rule_modules(Engine& e) {
  (void)e;
  // e.add_module(rules::massive_damage());
}

}  // namespace druzina::campaign
