# The web build (emcmake): SDL2 2.26.5 compiled straight from its sources (no configure step, as emscripten's
# port does), Dear ImGui 1.90.1 with its SDL2 + OpenGL3 backends, the font subset, the icons, the page shell.
# See ../shared/notes/toolchain.md for why: Debian's emscripten 3.1.6 cannot download ports.
set(SDL_DIR "${DRUZINA_DEPS}/SDL2")
set(IMGUI_DIR "${DRUZINA_DEPS}/imgui")
if(NOT EXISTS "${SDL_DIR}/include/SDL.h" OR NOT EXISTS "${IMGUI_DIR}/imgui.h")
  message(FATAL_ERROR "ImGui/SDL2 sources missing in ${DRUZINA_DEPS}: run scripts/deps")
endif()

# ---- flags shared by every C++ target of the web build (compile and link alike; reuse these variables) --------
# Native wasm exception handling (Chrome 95+, Firefox 100+, Safari 15.2+) instead of emscripten's JavaScript
# emulation (-fexceptions), which sends every call that may throw through a JS trampoline. In emscripten 3.1.6 the
# frozen cache's libc++-except / libc++abi-except / libunwind-except are the wasm-EH variants, so this links offline.
# Every C++ object and the link must agree on it.
set(DRUZINA_WEB_CXX_FLAGS -fwasm-exceptions)
set(DRUZINA_WEB_LINK_FLAGS -fwasm-exceptions)
# No RTTI: no code asks an object its type (a caught UserError is told apart by rethrowing), and with RTTI every
# lambda held in a std::function carried its mangled name (765 names, 142 kB of the data section). The types that
# are thrown and caught keep their type_info: the compiler emits it for exceptions regardless.
list(APPEND DRUZINA_WEB_CXX_FLAGS -fno-rtti)
# Link-time optimisation: every object of the web build (core, UI, app, ImGui, SDL, qrcodegen) is compiled to LLVM
# bitcode and wasm-ld optimises them as one module at the link (each function keeps its own -O2/-Os/-Oz), with
# emscripten's LTO system libraries (its frozen cache has them). Measured, off: index.wasm +19 kB gzip (the link's
# inliner inlines across files what -Os kept out of line), no speed gained, and a 4-minute uncacheable link code
# generation per executable (docs/performance.md "Size of the web build", LTO).
option(DRUZINA_WEB_LTO "compile the web build's objects as bitcode and optimise them together at the link" OFF)
set(DRUZINA_WEB_LTO_FLAGS "")
if(DRUZINA_WEB_LTO)
  set(DRUZINA_WEB_LTO_FLAGS -flto)
  list(APPEND DRUZINA_WEB_CXX_FLAGS -flto)
  list(APPEND DRUZINA_WEB_LINK_FLAGS -flto)
endif()
# Optimisation, per part (empty = the build type's -O3): the rules core runs every command and loads the saves, the
# UI, ImGui, SDL and the QR encoder run once per frame or per tap; the link runs wasm-opt over everything. emcc's -Os
# (and -Oz) also means -fno-inline-functions, for the whole command line (an -O2 after it keeps that). Measure a
# choice with a build of its own:
#   emcmake cmake -S . -B build/web-small -G Ninja -DCMAKE_BUILD_TYPE=Release -DDRUZINA_WEB_UI_OPT=-Os …
#   DRUZINA_WEB_DIR=build/web-small scripts/bench web_size save
# Default (measured, docs/performance.md "Size of the web build"): the core at -Os except io/ and campaign/ at -O2
# (DRUZINA_WEB_CORE_HOT_OPT, below; not their three cold files), everything else at -Os.
# Against the whole core at -O2: index.wasm 281 kB gzip smaller, the benchmark save's load and save as fast and
# the long campaign's load within the noise (fastest runs).
# The whole core at -Os would take 382 kB off but loads the long campaign 1.7x slower (20 against 12 ms). A build
# folder configured before keeps its cached -O2: `cmake -DDRUZINA_WEB_CORE_OPT=-Os build/web`.
set(DRUZINA_WEB_CORE_OPT "-Os" CACHE STRING "optimisation of the web build's rules core (src/core), e.g. -O2")
set(DRUZINA_WEB_UI_OPT "-Os" CACHE STRING "optimisation of the web build's UI, app, ImGui, SDL and qrcodegen")
# The link at -Oz: wasm-opt shrinks the whole module once more (measured: index.wasm −24 kB gzip, load and save of the
# benchmark campaign within their noise; docs/performance.md "Size of the web build").
set(DRUZINA_WEB_LINK_OPT "-Oz" CACHE STRING "optimisation of the web build's link (wasm-opt), e.g. -Os; empty = -O3")
set(DRUZINA_WEB_UI_FLAGS ${DRUZINA_WEB_CXX_FLAGS} ${DRUZINA_WEB_UI_OPT})
# index.js minified after the link by Debian's terser (package node-terser) when it is installed; emscripten
# 3.1.6 only strips its whitespace (its --closure needs Closure Compiler from npm).
find_program(DRUZINA_NODE node)
find_path(DRUZINA_TERSER_DIR package.json PATHS /usr/share/nodejs/terser /usr/lib/nodejs/terser NO_DEFAULT_PATH
          NO_CMAKE_FIND_ROOT_PATH)
set(DRUZINA_TERSER "")
if(DRUZINA_NODE AND DRUZINA_TERSER_DIR)
  set(DRUZINA_TERSER "${DRUZINA_TERSER_DIR}")
else()
  message(WARNING "node or terser (Debian package node-terser) not found: index.js is shipped as emscripten writes it")
endif()
list(APPEND DRUZINA_WEB_LINK_FLAGS ${DRUZINA_WEB_LINK_OPT})
# More link flags for a build of one's own, e.g. --profiling-funcs to keep the function names for scripts/wasm-size.
set(DRUZINA_WEB_EXTRA_LINK_FLAGS "" CACHE STRING "extra link flags of the web build (e.g. --profiling-funcs)")
list(APPEND DRUZINA_WEB_LINK_FLAGS ${DRUZINA_WEB_EXTRA_LINK_FLAGS})

# ---- SDL2 ----------------------------------------------------------------------------------------------
set(sdl_globs "")
# Only what the app uses (video, events, keyboard, mouse, touch, timer, GL context) and what those need;
# cmake/sdl_config_web.h turns the rest off (audio, joystick drivers, haptic, sensor, power, filesystem, render).
foreach(sub IN ITEMS "" atomic cpuinfo events file haptic haptic/dummy joystick joystick/dummy libm loadso/dlopen
        locale locale/emscripten main/dummy misc misc/emscripten render stdlib thread thread/generic timer
        timer/unix video video/emscripten video/dummy video/yuv2rgb)
  list(APPEND sdl_globs "${SDL_DIR}/src/${sub}/*.c")
endforeach()
file(GLOB SDL_SOURCES ${sdl_globs})
add_library(sdl2_web STATIC ${SDL_SOURCES})
# SDL's own include dir must come before the emscripten sysroot's SDL1 headers.
target_include_directories(sdl2_web BEFORE PUBLIC "${SDL_DIR}/include")
target_include_directories(sdl2_web PRIVATE "${SDL_DIR}/src" "${SDL_DIR}/src/video/khronos")
target_compile_options(sdl2_web PRIVATE -w -O2 ${DRUZINA_WEB_UI_OPT} ${DRUZINA_WEB_LTO_FLAGS}
  "SHELL:-include ${CMAKE_SOURCE_DIR}/cmake/sdl_config_web.h")

# ---- Dear ImGui ----------------------------------------------------------------------------------------
add_library(imgui_web STATIC
  "${IMGUI_DIR}/imgui.cpp" "${IMGUI_DIR}/imgui_draw.cpp" "${IMGUI_DIR}/imgui_tables.cpp"
  "${IMGUI_DIR}/imgui_widgets.cpp" "${IMGUI_DIR}/backends/imgui_impl_sdl2.cpp"
  "${IMGUI_DIR}/backends/imgui_impl_opengl3.cpp" "${IMGUI_DIR}/misc/cpp/imgui_stdlib.cpp")
target_include_directories(imgui_web SYSTEM PUBLIC "${IMGUI_DIR}" "${IMGUI_DIR}/backends" "${IMGUI_DIR}/misc/cpp")
# No debug tools (metrics window, debug log, allocation hooks: the app opens none) and no file functions (the app
# keeps no imgui.ini): less code.
target_compile_definitions(imgui_web PUBLIC IMGUI_DISABLE_OBSOLETE_FUNCTIONS IMGUI_IMPL_OPENGL_ES3
                           IMGUI_DISABLE_DEBUG_TOOLS IMGUI_DISABLE_FILE_FUNCTIONS)
target_link_libraries(imgui_web PUBLIC sdl2_web)
# ImGui throws nothing and catches nothing: no cleanup code for exceptions.
target_compile_options(imgui_web PRIVATE -w ${DRUZINA_WEB_UI_FLAGS} -fignore-exceptions)

# ---- QR codes: Nayuki's qrcodegen (Debian source package qr-code-generator, unpacked by scripts/deps) -----
set(QRCODEGEN_DIR "${DRUZINA_DEPS}/qrcodegen/c")
if(NOT EXISTS "${QRCODEGEN_DIR}/qrcodegen.c")
  message(FATAL_ERROR "qrcodegen sources missing in ${DRUZINA_DEPS}: run scripts/deps")
endif()
add_library(qrcodegen_web STATIC "${QRCODEGEN_DIR}/qrcodegen.c")
target_include_directories(qrcodegen_web SYSTEM PUBLIC "${QRCODEGEN_DIR}")
target_compile_options(qrcodegen_web PRIVATE -w ${DRUZINA_WEB_UI_FLAGS})

# ---- the UI font subset, embedded (shared with the native UI tests: cmake/ui_font.cmake) ------------------
include("${CMAKE_SOURCE_DIR}/cmake/ui_font.cmake")

# ---- the app ---------------------------------------------------------------------------------------------
# Two executables from the same objects (compiled once, in an OBJECT library):
#   index      build/web/index.{html,js,wasm}       the published page: no global function that changes the
#                                                   campaign outside the UI
#   index_test build/web/test/index.{html,js,wasm}  the same app plus the test and benchmark hooks
#                                                   (src/app/test/*.cpp) for tests/e2e and scripts/bench
file(GLOB_RECURSE DRUZINA_UI_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/ui/*.cpp")
file(GLOB DRUZINA_WEB_PLATFORM CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/platform/web/*.cpp")
file(GLOB DRUZINA_APP_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/app/*.cpp")
file(GLOB DRUZINA_APP_TEST_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/app/test/*.cpp")
add_library(druzina_app_objects OBJECT ${DRUZINA_APP_SOURCES} ${DRUZINA_UI_SOURCES} ${DRUZINA_WEB_PLATFORM}
  "${DRUZINA_FONT_CPP}")
target_link_libraries(druzina_app_objects PUBLIC druzina_core imgui_web sdl2_web qrcodegen_web)
target_compile_options(druzina_app_objects PRIVATE -Wall ${DRUZINA_WEB_UI_FLAGS})
# Exceptions in the app's files: only those with a catch block (cmake/web_catch_sources.txt, checked by ctest
# web.catch_sources_listed) get wasm exception handling; the others are compiled with -fignore-exceptions: no
# cleanup code on an exception's way (a thrown exception still passes through them to its catch; what their frames
# held is then not freed). Nearly everything those files call that throws is the core, and the UI catches the
# core's refusals right where it calls it. Measured: docs/performance.md "Size of the web build".
file(STRINGS "${CMAKE_SOURCE_DIR}/cmake/web_catch_sources.txt" catch_sources REGEX "^src/")
set(app_ignore_sources ${DRUZINA_APP_SOURCES} ${DRUZINA_UI_SOURCES} ${DRUZINA_WEB_PLATFORM})
list(TRANSFORM catch_sources PREPEND "${CMAKE_SOURCE_DIR}/")
list(REMOVE_ITEM app_ignore_sources ${catch_sources})
set_source_files_properties(${app_ignore_sources} PROPERTIES COMPILE_OPTIONS -fignore-exceptions)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/cmake/web_catch_sources.txt")
# The core's load/save path at another optimisation than the rest of the core (DRUZINA_WEB_CORE_HOT_OPT; empty or
# equal to DRUZINA_WEB_CORE_OPT = no split): src/core/io (the JSON parser, the guard, the save format)
# and src/core/campaign with its events (state, session, history, engine, and the events a load replays from the
# undo tail; not commands/). Each file gets ONE -O flag (emcc turns an -Os anywhere on its command line into
# -fno-inline-functions, whatever -O follows), and these files go first in the archive, so the link keeps their
# copies of what is inlined in both (json, std:: containers). Measured: docs/performance.md "Size of the web build"
# (a shorter list, without migrate, player_view, actions, commands, derived and modules: 16 kB smaller, the long
# campaign's load +8 %).
# -O2 with the inliner's threshold at 100 instead of its 225: 17 kB gzip smaller, loads and saves as fast at their
# fastest (measured; at 40: 37 kB smaller but the benchmark save's load ~20 % slower).
set(DRUZINA_WEB_CORE_HOT_OPT "-O2;-mllvm;-inline-threshold=100" CACHE STRING
    "optimisation of the web core's load/save path (src/core/io, src/core/campaign and campaign/events)")
if(DRUZINA_WEB_CORE_HOT_OPT AND NOT DRUZINA_WEB_CORE_HOT_OPT STREQUAL DRUZINA_WEB_CORE_OPT)
  file(GLOB DRUZINA_CORE_HOT_SOURCES CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/core/io/*.cpp"
       "${CMAKE_SOURCE_DIR}/src/core/campaign/*.cpp" "${CMAKE_SOURCE_DIR}/src/core/campaign/events/*.cpp")
  # Not on that path, so at DRUZINA_WEB_CORE_OPT with the rest: io/player_view.cpp (the players' share link) and
  # campaign/calculators.cpp (the calculators' list, once). (The migrations, run only on a save of an older schema,
  # and the rule modules' registration, once at start, are outside these folders: src/core/migrate, src/core/rules.)
  list(REMOVE_ITEM DRUZINA_CORE_HOT_SOURCES "${CMAKE_SOURCE_DIR}/src/core/io/player_view.cpp"
       "${CMAKE_SOURCE_DIR}/src/core/campaign/calculators.cpp")
  get_target_property(core_cold_sources druzina_core SOURCES)
  list(REMOVE_ITEM core_cold_sources ${DRUZINA_CORE_HOT_SOURCES})
  set_property(TARGET druzina_core PROPERTY SOURCES ${DRUZINA_CORE_HOT_SOURCES} ${core_cold_sources})
  set_source_files_properties(${DRUZINA_CORE_HOT_SOURCES} PROPERTIES COMPILE_OPTIONS "${DRUZINA_WEB_CORE_HOT_OPT}")
  set_source_files_properties(${core_cold_sources} PROPERTIES COMPILE_OPTIONS "${DRUZINA_WEB_CORE_OPT}")
  target_compile_options(druzina_core PRIVATE ${DRUZINA_WEB_CXX_FLAGS})
else()
  target_compile_options(druzina_core PRIVATE ${DRUZINA_WEB_CXX_FLAGS} ${DRUZINA_WEB_CORE_OPT})
endif()
add_dependencies(druzina_app_objects druzina_font)

file(WRITE "${CMAKE_BINARY_DIR}/library_funcs.json" "[\"$autoResumeAudioContext\",\"$dynCall\"]")
file(WRITE "${CMAKE_BINARY_DIR}/exported_funcs.json" "[\"_main\",\"_malloc\",\"_free\"]")
file(WRITE "${CMAKE_BINARY_DIR}/exported_runtime.json" "[\"ccall\",\"UTF8ToString\",\"stringToUTF8\",\"lengthBytesUTF8\"]")
# The link options both executables share.
set(DRUZINA_WEB_LINK_OPTIONS
  ${DRUZINA_WEB_LINK_FLAGS} -sUSE_SDL=0 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 -sALLOW_MEMORY_GROWTH=1
  -sDEFAULT_LIBRARY_FUNCS_TO_INCLUDE=@${CMAKE_BINARY_DIR}/library_funcs.json
  -sEXPORTED_FUNCTIONS=@${CMAKE_BINARY_DIR}/exported_funcs.json
  -sEXPORTED_RUNTIME_METHODS=@${CMAKE_BINARY_DIR}/exported_runtime.json
  -sMINIFY_HTML=0 -sENVIRONMENT=web -sINITIAL_MEMORY=33554432 -sFILESYSTEM=0
  "--shell-file=${CMAKE_SOURCE_DIR}/web/index.html"
  # The language packs' names (written with the embedded assets), then the page's fetch of them (web/lang.js), and
  # of the packed wasm (web/wasm.js).
  "SHELL:--pre-js ${DRUZINA_PACKS_DIR}/packs.js" "SHELL:--pre-js ${CMAKE_SOURCE_DIR}/web/lang.js"
  "SHELL:--pre-js ${CMAKE_SOURCE_DIR}/web/wasm.js")

add_executable(index $<TARGET_OBJECTS:druzina_app_objects>)
add_executable(index_test $<TARGET_OBJECTS:druzina_app_objects> ${DRUZINA_APP_TEST_SOURCES})
target_compile_options(index_test PRIVATE -Wall ${DRUZINA_WEB_UI_FLAGS})
set_target_properties(index_test PROPERTIES OUTPUT_NAME index RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/test")
foreach(t IN ITEMS index index_test)
  set_target_properties(${t} PROPERTIES SUFFIX ".html")
  target_link_libraries(${t} PRIVATE druzina_core imgui_web sdl2_web qrcodegen_web)
  # The core's objects go first (link options precede the objects on the command line): a function inlined into
  # both the core and the UI (nlohmann/json's parser and serializer, std:: templates) is kept from the first object
  # that defines it, and it should be the core's speed-compiled copy, not the UI's size-compiled one (measured:
  # load of the saved campaign 3.6 → 2.2 ms at its fastest, save 2.4 → 1.1 ms median; +9 kB gzip).
  target_link_options(${t} PRIVATE ${DRUZINA_WEB_LINK_OPTIONS}
    "SHELL:-Wl,--whole-archive $<TARGET_FILE:druzina_core> -Wl,--no-whole-archive")
  set_property(TARGET ${t} APPEND PROPERTY LINK_DEPENDS "${CMAKE_SOURCE_DIR}/web/index.html"
               "${CMAKE_SOURCE_DIR}/web/lang.js" "${CMAKE_SOURCE_DIR}/web/wasm.js" "${DRUZINA_PACKS_DIR}/packs.js")
  get_target_property(dir ${t} RUNTIME_OUTPUT_DIRECTORY)
  if(NOT dir)
    set(dir "${CMAKE_BINARY_DIR}")
  endif()
  # The wasm shipped packed (web/wasm.js unpacks it; ~280 kB less than its gzip).
  add_custom_command(TARGET ${t} POST_BUILD
    COMMAND "${DRUZINA_PYTHON}" "${CMAKE_SOURCE_DIR}/cmake/pack_lzma.py" "${dir}/index.wasm" "${dir}/index.wasm.lzma"
    COMMENT "Packing ${t}'s index.wasm (LZMA)" VERBATIM)
  if(DRUZINA_TERSER)
    add_custom_command(TARGET ${t} POST_BUILD
      COMMAND "${DRUZINA_NODE}" "${CMAKE_SOURCE_DIR}/cmake/minify_js.js" "${DRUZINA_TERSER}" "${dir}/index.js"
      COMMENT "Minifying ${t}'s index.js (terser)" VERBATIM)
  endif()
endforeach()

# ---- PWA files: shell, manifest, icons, the service worker with this build's file list and hash ------------
include("${CMAKE_SOURCE_DIR}/cmake/pwa.cmake")
