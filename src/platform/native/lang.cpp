// Native language packs (see platform/lang.hpp): the native build embeds every language (core/assets.hpp), so no
// pack was fetched and none can be: a fetch_and_restart() is kept (headless.hpp: requested_languages()) and
// reported as failed once, as an offline fetch is.
#include "platform/lang.hpp"

#include <cstdio>

#include "platform/native/headless.hpp"

namespace druzina::platform::lang {

namespace {
std::vector<std::string> requested;
bool failed = false;
}  // namespace

std::vector<std::string> fetched_packs() { return {}; }

void fetch_and_restart(std::string_view code, std::string_view) {
  requested.emplace_back(code);
  failed = true;
}

bool take_fetch_failure() {
  const bool f = failed;
  failed = false;
  return f;
}

void fail_without_texts() { std::fputs("Družina: no texts in any language\n", stderr); }

}  // namespace druzina::platform::lang

namespace druzina::platform::native {
const std::vector<std::string>& requested_languages() { return lang::requested; }
}  // namespace druzina::platform::native
