// Minifies emitted JavaScript in place with Debian's terser (package node-terser, /usr/share/nodejs/terser):
// compress + mangle of local names. Top-level names stay as they are (the page shell, the tests and the service
// worker reach the runtime through Module and the globals emscripten defines).
//   node cmake/minify_js.js /usr/share/nodejs/terser FILE.js...
"use strict";
const fs = require("fs");
const { minify } = require(process.argv[2]);
(async () => {
  for (const file of process.argv.slice(3)) {
    const code = fs.readFileSync(file, "utf8");
    const out = await minify(code, { ecma: 2017, compress: { passes: 2 }, mangle: true, format: { comments: false } });
    fs.writeFileSync(file, out.code);
  }
})().catch((e) => {
  console.error(`minify_js: ${e.message || e}`);
  process.exit(1);
});
