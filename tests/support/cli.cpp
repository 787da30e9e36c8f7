#include "cli.hpp"

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>

namespace druzina::test {

CliRun cli(const std::string& args, Output what) {
  const char* redirect = what == Output::err ? " 2>&1 >/dev/null" : what == Output::merged ? " 2>&1" : " 2>/dev/null";
  std::string cmd = std::string("'") + DRUZINA_CLI + "' " + args + redirect;
  CliRun r;
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

nlohmann::json cli_json(const std::string& args) {
  CliRun r = cli("--json " + args);
  INFO(args << " → " << r.out);
  REQUIRE(r.code == 0);
  return nlohmann::json::parse(r.out);
}

}  // namespace druzina::test
