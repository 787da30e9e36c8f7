#!/usr/bin/env bash
# Fails when a file under src/core includes ImGui, SDL or emscripten: the rules core stays portable.
set -u
dir=${1:-src/core}
bad=$(grep -rnE '#\s*include\s*[<"](imgui|SDL|emscripten)' "$dir")
if [ -n "$bad" ]; then
  echo "src/core must not include ImGui, SDL or emscripten headers:"
  echo "$bad"
  exit 1
fi
echo "src/core is free of ImGui/SDL/emscripten includes ($(find "$dir" -name '*.[ch]pp' | wc -l) files checked)"
