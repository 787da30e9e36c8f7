# The installable, offline web app around the wasm build (included from web.cmake; also run as a script).
#
# Included: renders the icons, copies the page shell (shell.js, shell.css) and the manifest into the published
# folder (build/web) and the test page's folder (build/web/test), and writes each folder's sw.js from web/sw.js
# with that folder's file list and a hash of their content (the cache name): a new build gets a new cache, an
# unchanged one keeps its cache.
#
# As a script: cmake -DDIR=<folder> -DTEMPLATE=web/sw.js -DOUT=<folder>/sw.js -DPREFIX=<cache prefix>
#                    -DFILES=<a|b|…, relative to DIR> -DPACKS=<the language packs' folder> -P cmake/pwa.cmake
# The language packs are copied into <folder>/lang/ and named in the worker (not precached: web/sw.js).
if(CMAKE_SCRIPT_MODE_FILE)
  string(REPLACE "|" ";" FILES "${FILES}")
  set(listing "")
  set(json_files "")
  foreach(f IN LISTS FILES)
    if(NOT EXISTS "${DIR}/${f}")
      message(FATAL_ERROR "pwa.cmake: ${DIR}/${f} is missing, cannot precache it")
    endif()
    file(SHA256 "${DIR}/${f}" h)
    string(APPEND listing "${f} ${h}\n")
    if(json_files)
      string(APPEND json_files ", ")
    endif()
    string(APPEND json_files "\"${f}\"")
  endforeach()
  set(json_packs "")
  file(READ "${PACKS}/packs.json" packs_json)
  if(NOT PACKS STREQUAL "${DIR}/lang")
    file(REMOVE_RECURSE "${DIR}/lang")
    file(MAKE_DIRECTORY "${DIR}/lang")
  endif()
  foreach(lang IN ITEMS cs uk en)
    string(JSON pack GET "${packs_json}" ${lang})
    if(NOT PACKS STREQUAL "${DIR}/lang")
      file(COPY_FILE "${PACKS}/${pack}" "${DIR}/lang/${pack}")
    endif()
    string(APPEND listing "lang/${pack}\n")
    if(json_packs)
      string(APPEND json_packs ", ")
    endif()
    string(APPEND json_packs "\"${lang}\": \"lang/${pack}\"")
  endforeach()
  string(SHA256 build_hash "${listing}")
  string(SUBSTRING "${build_hash}" 0 16 build_hash)
  file(READ "${TEMPLATE}" sw)
  string(REGEX REPLACE "/\\*@BUILD@\\*/[^\n]*/\\*@END@\\*/"
         "{ hash: \"${build_hash}\", prefix: \"${PREFIX}\", files: [${json_files}], packs: { ${json_packs} }, lazy: [\"jsqr.js\"] }" sw "${sw}")
  if(NOT sw MATCHES "hash: \"${build_hash}\"")
    message(FATAL_ERROR "pwa.cmake: no /*@BUILD@*/ … /*@END@*/ line in ${TEMPLATE}")
  endif()
  file(WRITE "${OUT}.tmp" "${sw}")
  file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
  file(REMOVE "${OUT}.tmp")
  file(WRITE "${DIR}/build-hash.txt" "${build_hash}\n")
  return()
endif()

set(DRUZINA_WEB_OUT "${CMAKE_BINARY_DIR}")
set(DRUZINA_WEB_TEST_OUT "${CMAKE_BINARY_DIR}/test")
set(DRUZINA_ICONS icons/icon-192.png icons/icon-512.png icons/maskable-512.png icons/apple-touch-icon.png)
set(DRUZINA_SHELL_FILES shell.js shell.css manifest.webmanifest unlzma.js unpack-worker.js)
# jsQR (npm, web/package.json): the live table's scanner loads it on first use where the browser has no
# BarcodeDetector (src/platform/web/scanner.cpp). Shipped but not precached (the first start stays small): the
# worker keeps it once fetched (web/sw.js, BUILD.lazy), and the Live table screen fetches it when it opens.
set(DRUZINA_JSQR "${CMAKE_SOURCE_DIR}/web/node_modules/jsqr/dist/jsQR.js")
if(NOT EXISTS "${DRUZINA_JSQR}")
  message(FATAL_ERROR "web/node_modules/jsqr is missing: run scripts/deps (it installs web/package.json)")
endif()
# Every file a page needs, relative to its folder (sw.js itself is fetched by the browser, never precached).
# The wasm is shipped packed (cmake/pack_lzma.py; web/sw.js keeps it unpacked): index.wasm stays in the folder for the
# tools (scripts/wasm-size) and is never precached.
set(DRUZINA_PWA_FILES index.html index.js index.wasm.lzma ${DRUZINA_SHELL_FILES} ${DRUZINA_ICONS})
string(REPLACE ";" "|" pwa_files_arg "${DRUZINA_PWA_FILES}")

find_program(DRUZINA_ZOPFLIPNG zopflipng)
if(NOT DRUZINA_ZOPFLIPNG)
  message(WARNING "zopflipng not found (Debian package zopfli): the icons are shipped unoptimised")
endif()
find_program(DRUZINA_PNGQUANT pngquant)
if(NOT DRUZINA_PNGQUANT)
  message(WARNING "pngquant not found (Debian package pngquant): the icons keep their full colour")
endif()
set(icon_svg "${CMAKE_SOURCE_DIR}/assets/icons/icon.svg")
set(maskable_svg "${CMAKE_SOURCE_DIR}/assets/icons/maskable.svg")
foreach(kind IN ITEMS app test)
  if(kind STREQUAL "app")
    set(out "${DRUZINA_WEB_OUT}")
    set(page index)
  else()
    set(out "${DRUZINA_WEB_TEST_OUT}")
    set(page index_test)
  endif()
  set(outputs "")
  foreach(f IN LISTS DRUZINA_ICONS DRUZINA_SHELL_FILES)
    list(APPEND outputs "${out}/${f}")
  endforeach()
  list(APPEND outputs "${out}/jsqr.js")
  # Icons cut to a 64-colour palette by pngquant (four flat colours and their antialiased edges: no difference to
  # see at 512 px; the four icons 46.5 -> 17.9 kB gzip), then recompressed losslessly by zopflipng.
  set(zopfli_commands_${kind} "")
  foreach(icon IN LISTS DRUZINA_ICONS)
    if(DRUZINA_PNGQUANT)
      list(APPEND zopfli_commands_${kind}
           COMMAND "${DRUZINA_PNGQUANT}" --force --strip --speed 1 64 --output "${out}/${icon}" "${out}/${icon}")
    endif()
    if(DRUZINA_ZOPFLIPNG)
      list(APPEND zopfli_commands_${kind} COMMAND "${DRUZINA_ZOPFLIPNG}" -y --iterations=10 "${out}/${icon}" "${out}/${icon}")
    endif()
  endforeach()
  # The page's own scripts minified like index.js (web.cmake: terser, when installed).
  set(minify_commands_${kind} "")
  if(DRUZINA_TERSER)
    set(minify_commands_${kind} COMMAND "${DRUZINA_NODE}" "${CMAKE_SOURCE_DIR}/cmake/minify_js.js" "${DRUZINA_TERSER}"
                                        "${out}/shell.js" "${out}/unlzma.js" "${out}/unpack-worker.js" "${out}/jsqr.js")
  endif()
  add_custom_command(
    OUTPUT ${outputs}
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${out}/icons"
    COMMAND rsvg-convert -w 192 -h 192 -o "${out}/icons/icon-192.png" "${icon_svg}"
    COMMAND rsvg-convert -w 512 -h 512 -o "${out}/icons/icon-512.png" "${icon_svg}"
    COMMAND rsvg-convert -w 512 -h 512 -o "${out}/icons/maskable-512.png" "${maskable_svg}"
    COMMAND rsvg-convert -w 180 -h 180 -o "${out}/icons/apple-touch-icon.png" "${maskable_svg}"
    ${zopfli_commands_${kind}}
    COMMAND "${CMAKE_COMMAND}" -E copy "${CMAKE_SOURCE_DIR}/web/shell.js" "${CMAKE_SOURCE_DIR}/web/shell.css"
            "${CMAKE_SOURCE_DIR}/web/manifest.webmanifest" "${CMAKE_SOURCE_DIR}/web/unlzma.js"
            "${CMAKE_SOURCE_DIR}/web/unpack-worker.js" "${out}/"
    COMMAND "${CMAKE_COMMAND}" -E copy "${DRUZINA_JSQR}" "${out}/jsqr.js"
    ${minify_commands_${kind}}
    DEPENDS "${icon_svg}" "${maskable_svg}" "${CMAKE_SOURCE_DIR}/web/shell.js" "${CMAKE_SOURCE_DIR}/web/shell.css"
            "${CMAKE_SOURCE_DIR}/web/manifest.webmanifest" "${CMAKE_SOURCE_DIR}/web/unlzma.js"
            "${CMAKE_SOURCE_DIR}/web/unpack-worker.js" "${CMAKE_SOURCE_DIR}/cmake/minify_js.js" "${DRUZINA_JSQR}"
    COMMENT "PWA files (${kind}): icons, shell, manifest, jsqr")
  add_custom_command(
    OUTPUT "${out}/sw.js" "${out}/build-hash.txt"
    COMMAND "${CMAKE_COMMAND}" "-DDIR=${out}" "-DTEMPLATE=${CMAKE_SOURCE_DIR}/web/sw.js" "-DOUT=${out}/sw.js"
            "-DPREFIX=druzina-${kind}-" "-DFILES=${pwa_files_arg}" "-DPACKS=${DRUZINA_PACKS_DIR}"
            -P "${CMAKE_SOURCE_DIR}/cmake/pwa.cmake"
    DEPENDS ${page} ${outputs} "${CMAKE_SOURCE_DIR}/web/sw.js" "${CMAKE_SOURCE_DIR}/cmake/pwa.cmake"
            "${DRUZINA_PACKS_DIR}/packs.json"
    COMMENT "Service worker (${kind}): precache list and build hash" VERBATIM)
  add_custom_target(druzina_pwa_${kind} ALL DEPENDS "${out}/sw.js")
endforeach()
