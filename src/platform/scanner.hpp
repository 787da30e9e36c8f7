// The QR code scanner of the live table: the camera (getUserMedia) shown in a box over the app's canvas, each frame
// decoded by the browser's BarcodeDetector where it has one, else by jsQR (an npm package the build ships as
// jsqr.js, loaded only when the scanner first opens), until a code is read. A photo of a code (a file) is read the
// same way. Implemented: [X] web (src/platform/web/scanner.cpp)  [X] native (src/platform/native/scanner.cpp: no
// camera; a test hands it the text a code would give, headless.hpp).
#pragma once
#include <optional>
#include <string>

namespace druzina::platform::scanner {

enum class Status { closed, starting, scanning, no_camera, failed };

// Loads the decoder now (jsqr.js where the browser has no BarcodeDetector), so that the service worker keeps it
// for a scan without the network; nothing visible.
void prepare();
// Opens the camera preview in the rectangle (CSS px of the page) and starts reading.
void open(float x, float y, float width, float height);
// Moves the preview to the rectangle each frame (the screen scrolls under it: the box follows its place in the
// layout, cut to the part of the screen area it shows); width or height 0 hides it (scrolled out of sight).
void place(float x, float y, float width, float height);
void close();
Status status();
// The text of the code read, once (the scanner stays open for the next one).
std::optional<std::string> take();
// Opens the file picker for a photo of a code; the text comes through take(), or status() says failed.
void pick_image();

}  // namespace druzina::platform::scanner
