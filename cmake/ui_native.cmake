# The UI compiled natively (included from CMakeLists.txt when scripts/deps has unpacked ImGui into .deps/): the
# screens (src/ui), the app's frame counters (src/app/app.cpp) and the tests' report (src/app/test/report.cpp)
# against Dear ImGui without any platform or renderer backend, the native platform (src/platform/native: in
# memory where the web build asks the browser), the same UI font as the web build (cmake/ui_font.cmake), and
# qrcodegen. tests/ui/headless.cpp runs the app's frames without a window or a GPU (the font atlas is built on the
# CPU, the draw data thrown away); druzina_ui_tests drives the screens with it in ctest.
# What only a browser shows stays in the browser tests (tests/e2e): touch events, the keyboard bridge, localStorage,
# the service worker, WebGL, the language packs' download.
set(IMGUI_DIR "${DRUZINA_DEPS}/imgui")
set(QRCODEGEN_DIR "${DRUZINA_DEPS}/qrcodegen/c")

# ---- Dear ImGui, no backend ------------------------------------------------------------------------------
add_library(imgui_native STATIC
  "${IMGUI_DIR}/imgui.cpp" "${IMGUI_DIR}/imgui_draw.cpp" "${IMGUI_DIR}/imgui_tables.cpp"
  "${IMGUI_DIR}/imgui_widgets.cpp" "${IMGUI_DIR}/misc/cpp/imgui_stdlib.cpp")
target_include_directories(imgui_native SYSTEM PUBLIC "${IMGUI_DIR}" "${IMGUI_DIR}/misc/cpp")
# As the web build compiles it (cmake/web.cmake: imgui_web), so the screens see the same ImGui.
target_compile_definitions(imgui_native PUBLIC IMGUI_DISABLE_OBSOLETE_FUNCTIONS IMGUI_DISABLE_DEBUG_TOOLS
                           IMGUI_DISABLE_FILE_FUNCTIONS)
# The UI's native objects are for the tests only: -O1 compiles them about twice as fast as the build type's -O3.
target_compile_options(imgui_native PRIVATE -w -O1)

add_library(qrcodegen_native STATIC "${QRCODEGEN_DIR}/qrcodegen.c")
target_include_directories(qrcodegen_native SYSTEM PUBLIC "${QRCODEGEN_DIR}")
target_compile_options(qrcodegen_native PRIVATE -w)

# ---- the UI font, as the web build makes it -----------------------------------------------------------------
include("${CMAKE_SOURCE_DIR}/cmake/ui_font.cmake")

# ---- the screens and what they need --------------------------------------------------------------------------
file(GLOB_RECURSE DRUZINA_UI_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/ui/*.cpp")
add_library(druzina_ui_native STATIC ${DRUZINA_UI_SOURCES} "${CMAKE_SOURCE_DIR}/src/app/app.cpp"
  "${CMAKE_SOURCE_DIR}/src/app/test/report.cpp" "${DRUZINA_FONT_CPP}")
target_link_libraries(druzina_ui_native PUBLIC druzina_core druzina_platform_native imgui_native qrcodegen_native)
target_compile_options(druzina_ui_native PRIVATE -Wall -O1)
add_dependencies(druzina_ui_native druzina_font)

# ---- the tests ----------------------------------------------------------------------------------------------
file(GLOB DRUZINA_UI_TEST_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/ui/*.cpp")
add_executable(druzina_ui_tests ${DRUZINA_UI_TEST_SOURCES})
target_link_libraries(druzina_ui_tests PRIVATE druzina_ui_native Catch2::Catch2)
target_compile_options(druzina_ui_tests PRIVATE -O0 -Wall)  # as druzina_tests: the tests' own code unoptimised
catch_discover_tests(druzina_ui_tests TEST_PREFIX "ui." EXTRA_ARGS -w NoTests)
