// Running the built `druzina` CLI from a C++ test as a user would: through the shell (popen), with its exit code
// and what it printed. One helper for every *_cli test (DRUZINA_CLI is the binary's path, set by CMake).
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "paths.hpp"

namespace druzina::test {

// What CliRun::out captures: stdout, stderr alone (stdout thrown away), or both merged.
enum class Output { out, err, merged };

struct CliRun {
  int code = -1;    // the exit code; -1 when the CLI did not exit normally (a crash)
  std::string out;  // what was captured (see Output)
};

// Runs `druzina ARGS` (ARGS split as a shell would split them).
CliRun cli(const std::string& args, Output what = Output::out);
// Runs `druzina --json ARGS`, requires exit code 0 and returns the parsed output.
nlohmann::json cli_json(const std::string& args);

}  // namespace druzina::test
