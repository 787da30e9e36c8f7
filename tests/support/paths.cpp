#include "paths.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <system_error>
#include <vector>

namespace druzina::test {
const char* source_dir() { return DRUZINA_TEST_SOURCE_DIR; }
const char* cli_path() { return DRUZINA_TEST_CLI; }
const char* split_dir() { return DRUZINA_TEST_SPLIT_DIR; }
std::string temp_file(const std::string& name) {
  // removed (a file or a folder) when the test process ends
  static struct Made {
    std::vector<std::string> paths;
    ~Made() {
      std::error_code ec;
      for (const auto& p : paths) std::filesystem::remove_all(p, ec);
    }
  } made;
  made.paths.push_back(std::string(P_tmpdir) + "/druzina-" + std::to_string(::getpid()) + "-" + name);
  return made.paths.back();
}
}  // namespace druzina::test
