#include "golden.hpp"
#include "paths.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace druzina::test {

namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

bool updating() {
  const char* v = std::getenv("DRUZINA_UPDATE_GOLDEN");
  return v && *v && std::string(v) != "0";
}

// "line 7:\n  expected: …\n  actual:   …" for each differing line (at most `limit` of them).
std::string describe_diff(const std::vector<std::string>& want, const std::vector<std::string>& got, size_t limit = 12) {
  std::ostringstream out;
  size_t shown = 0, differing = 0;
  for (size_t i = 0; i < std::max(want.size(), got.size()); ++i) {
    const std::string* w = i < want.size() ? &want[i] : nullptr;
    const std::string* g = i < got.size() ? &got[i] : nullptr;
    if (w && g && *w == *g) continue;
    ++differing;
    if (shown++ >= limit) continue;
    out << "line " << i + 1 << ":\n  expected: " << (w ? *w : "(no line)") << "\n  actual:   " << (g ? *g : "(no line)")
        << "\n";
  }
  if (shown > limit) out << "… and " << differing - limit << " more differing line(s)\n";
  out << differing << " of " << std::max(want.size(), got.size()) << " line(s) differ (expected " << want.size()
      << " lines, got " << got.size() << ")";
  return out.str();
}

}  // namespace

std::string golden_path(const std::string& name) { return std::string(DRUZINA_SOURCE_DIR) + "/tests/golden/" + name; }

std::vector<std::string> golden_files() {
  std::vector<std::string> names;
  const std::filesystem::path dir = golden_path("");
  if (std::filesystem::is_directory(dir))
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
      if (entry.is_regular_file()) names.push_back(std::filesystem::relative(entry.path(), dir).generic_string());
  std::sort(names.begin(), names.end());
  return names;
}

void check_golden(const std::string& name, const std::string& actual) {
  const std::string path = golden_path(name);
  std::string text = actual;
  if (!text.empty() && text.back() != '\n') text += '\n';
  if (updating()) {
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    std::ofstream out(path, std::ios::binary);
    REQUIRE(out.good());
    out << text;
    WARN("DRUZINA_UPDATE_GOLDEN: wrote " << path);
    return;
  }
  std::ifstream in(path, std::ios::binary);
  INFO("golden file " << path << (in ? "" : " is missing")
                      << "\n(to regenerate after an intended change: scripts/update-golden, then read the git diff)");
  REQUIRE(in.good());
  std::ostringstream want;
  want << in.rdbuf();
  const std::string expected = want.str();
  const bool same = expected == text;
  INFO((same ? std::string() : describe_diff(split_lines(expected), split_lines(text))));
  CHECK(same);
}

}  // namespace druzina::test
