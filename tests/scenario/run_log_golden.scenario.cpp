// Golden tests of the log `druzina run` prints: a few representative scripts of tests/fixtures/scripts/ through the
// built CLI (a fixed seed) in cs, uk and en, compared line by line with tests/golden/<script>.<lang>.log.txt.
// After an intended change of a log text: scripts/update-golden (DRUZINA_UPDATE_GOLDEN=1), then read the diff.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "../support/cli.hpp"
#include "../support/golden.hpp"

using namespace druzina::test;

namespace {

struct GoldenScript {
  const char* script;  // in tests/fixtures/scripts/
  int seed;
};

// The house rules in combat (massive damage's shock, a lingering injury, death saves), downtime with long rests
// (crafting with overtime saves, art, a scroll, a price override), and the DM rules (diseases: exposure, symptoms,
// the long rest's saves, a cure; cackle fever's madness).
const GoldenScript kScripts[] = {
    {"house-rules-combat", 7},
    {"house-rules-downtime", 7},
    {"dm-rules-diseases", 7},
    {"dm-rules-world", 7},  // planes (Mechanus, the long rest's saves), league play, a sidekick
};
const char* const kLangCodes[] = {"cs", "uk", "en"};

std::string golden_name(const GoldenScript& s, const char* lang) {
  return std::string(s.script) + "." + lang + ".log.txt";
}

}  // namespace

TEST_CASE("golden: the log of `druzina run` in cs, uk and en", "[cli][golden]") {
  for (const auto& s : kScripts) {
    for (const char* lang : kLangCodes) {
      const std::string args = std::string("--lang ") + lang + " run '" + DRUZINA_SOURCE_DIR + "/tests/fixtures/scripts/" +
                               s.script + ".json' --seed " + std::to_string(s.seed);
      CAPTURE(args);
      CliRun r = cli(args);
      if (r.code != 0) FAIL("exit code " << r.code << "; stderr: " << cli(args, Output::err).out);
      check_golden(golden_name(s, lang), r.out);
    }
  }
}

TEST_CASE("golden: every file in tests/golden/ belongs to a golden test", "[golden]") {
  std::set<std::string> expected;
  for (const auto& s : kScripts)
    for (const char* lang : kLangCodes) expected.insert(golden_name(s, lang));
  for (const auto& f : golden_files()) {
    CAPTURE(f);
    CHECK(expected.count(f) == 1);  // a stale golden: delete it or add its script to kScripts
  }
}
