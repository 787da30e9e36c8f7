// The UI tests' runner. The screens keep their state in statics (the welcome's answer, the open tab, each tab's
// scroll …), as the app does for the page's life, so each test needs a process of its own, like a page of its own:
// ctest runs each one alone (catch_discover_tests), and a run of several here (no filter, or a tag) forks one child
// per test case and sums up. One test case, or a listing, runs as Catch2 would.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

// A test name as a Catch2 filter that matches it alone.
std::string exact(const std::string& name) {
  std::string out;
  for (char c : name) {
    if (c == '\\' || c == ',' || c == '[' || c == ']') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

int main(int argc, char* argv[]) {
  Catch::Session session;
  if (int rc = session.applyCommandLine(argc, argv)) return rc;
  const Catch::ConfigData& data = session.configData();
  if (data.showHelp || data.listTests || data.listTestNamesOnly || data.listTags || data.listReporters)
    return session.run();
  const Catch::Config& config = session.config();
  const std::vector<Catch::TestCase> tests =
      Catch::filterTests(Catch::getAllTestCasesSorted(config), config.testSpec(), config);
  if (tests.size() <= 1) return session.run();
  int failed = 0;
  for (const Catch::TestCase& test : tests) {
    std::fflush(stdout);
    std::fflush(stderr);
    const pid_t child = ::fork();
    if (child < 0) return 2;
    if (child == 0) {
      Catch::ConfigData one = data;
      one.testsOrTags = {exact(test.getTestCaseInfo().name)};
      session.useConfigData(one);
      const int rc = session.run();
      std::fflush(stdout);
      std::exit(rc == 0 ? 0 : 1);  // not _exit: the test's storage folder is removed at exit
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      ++failed;
      std::printf("FAILED (its process): %s\n", test.getTestCaseInfo().name.c_str());
    }
  }
  std::printf("%zu UI test cases, each in a process of its own: %zu passed, %d failed\n", tests.size(),
              tests.size() - failed, failed);
  return failed == 0 ? 0 : 1;
}
