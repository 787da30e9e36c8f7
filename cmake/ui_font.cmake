# The UI font: a subset of DejaVu Sans made with fonttools (pyftsubset), its bytes compiled into the app as
# druzina::ui::font_ttf (cmake/embed_font.cmake). Included by the web build (cmake/web.cmake) and by the native UI
# tests (cmake/ui_native.cmake), so both rasterise the same glyphs. Defines DRUZINA_FONT (the subset),
# DRUZINA_FONT_CPP (the generated C++ file) and the target druzina_font.
# tests/tools/check_glyphs.py (ctest i18n.glyphs_in_the_font) reads the --unicodes= list below.
# The subset: Latin-1, Latin Extended-A, Cyrillic, punctuation and a few symbols.
# Cyrillic is the basic block U+0400-045F (Ukrainian, and Russian, Belarusian, Serbian, Bulgarian, Macedonian as a
# player might type them) plus Ґ ґ (U+0490-0491); not the historic letters (U+0460-048F) nor the extensions for
# Kazakh, Tatar, Komi … (U+0492-052F): 206 glyphs, −10 kB gzip. Only the tables stb_truetype reads are kept (no
# hinting, no layout tables, no MATH, no names): docs/performance.md "Size of the web build".
set(DRUZINA_FONT_SRC "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
set(DRUZINA_FONT "${CMAKE_BINARY_DIR}/fonts/ui.ttf")
add_custom_command(
  OUTPUT "${DRUZINA_FONT}"
  COMMAND "${CMAKE_COMMAND}" -E make_directory "${CMAKE_BINARY_DIR}/fonts"
  COMMAND pyftsubset "${DRUZINA_FONT_SRC}" "--output-file=${DRUZINA_FONT}"
          "--unicodes=U+0020-017F,U+02BC,U+0400-045F,U+0490-0491,U+2010-205E,U+2190-2193,U+21B6-21BB,U+2212,U+2264-2265,U+2302,U+25B2,U+25B6,U+25BC,U+25C0,U+2605,U+2620,U+2630,U+263C,U+2665,U+2680-2685,U+2691-2699,U+2713,U+2715,U+270E,U+2726,U+2764"
          --layout-features= --no-hinting --drop-tables+=MATH,GSUB,GPOS,GDEF,gasp --name-IDs=
  DEPENDS "${DRUZINA_FONT_SRC}"
  COMMENT "Subsetting the UI font")
add_custom_target(druzina_font DEPENDS "${DRUZINA_FONT}")
# The subset's bytes compiled into the app (src/ui/style.cpp hands them to ImGui): no emscripten file system in the web build.
set(DRUZINA_FONT_CPP "${CMAKE_BINARY_DIR}/gen/font_embed.cpp")
add_custom_command(
  OUTPUT "${DRUZINA_FONT_CPP}"
  COMMAND "${CMAKE_COMMAND}" "-DIN=${DRUZINA_FONT}" "-DOUT=${DRUZINA_FONT_CPP}"
          -P "${CMAKE_SOURCE_DIR}/cmake/embed_font.cmake"
  DEPENDS "${DRUZINA_FONT}" "${CMAKE_SOURCE_DIR}/cmake/embed_font.cmake"
  COMMENT "Embedding the UI font")
