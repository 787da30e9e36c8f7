// The Catch2 test runner (each TEST_CASE is registered with ctest by catch_discover_tests).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
