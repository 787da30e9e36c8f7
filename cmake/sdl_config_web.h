/* Force-included (-include) into every SDL2 source of the web build: SDL's own emscripten configuration, minus the
 * subsystems the app never uses. The app calls SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) and draws through ImGui's
 * OpenGL3 backend (WebGL 2), never through SDL_Renderer; it has no sound, no gamepad, no sensors, reads no battery
 * and no SDL paths. Turning these off here removes their code from the wasm (SDL_Init and SDL_Quit no longer
 * reference them) and their source folders are left out of cmake/web.cmake's sdl_globs. The guard of
 * SDL_config_emscripten.h is set by including it first, so SDL_config.h's own include of it is then empty. */
#include "SDL_config_emscripten.h"

#undef SDL_AUDIO_DRIVER_DISK
#undef SDL_AUDIO_DRIVER_DUMMY
#undef SDL_AUDIO_DRIVER_EMSCRIPTEN
#define SDL_AUDIO_DISABLED 1

/* SDL_joystick.c and SDL_gamecontroller.c stay (ImGui's SDL2 backend calls SDL_GameControllerOpen), with the dummy
 * driver: no controller is ever found. */
#undef SDL_JOYSTICK_EMSCRIPTEN
#define SDL_JOYSTICK_DISABLED 1

#undef SDL_SENSOR_DUMMY
#define SDL_SENSOR_DISABLED 1

#undef SDL_POWER_EMSCRIPTEN
#define SDL_POWER_DISABLED 1

#undef SDL_FILESYSTEM_EMSCRIPTEN
#define SDL_FILESYSTEM_DISABLED 1

/* SDL_render.c stays (the backend references SDL_GetRendererOutputSize, used only with an SDL_Renderer), empty. */
#undef SDL_VIDEO_RENDER_OGL_ES2
#define SDL_RENDER_DISABLED 1

/* SDL's own footprint switch (SDL_internal.h, "only effective when library is statically linked"): no optimised
 * software blitters (SDL_blit_0/1/A/N.c, the generated SDL_blit_auto.c), no RLE surfaces, no YUV surfaces and no
 * software renderer. The app never blits a surface: it draws through WebGL, its cursors are the browser's own
 * (SDL_CreateSystemCursor) and it sets no window icon. What could still convert a surface (SDL_ConvertSurface for
 * a custom cursor or an icon) keeps working through SDL's generic SDL_BlitCopy / SDL_Blit_Slow, only slower; a YUV
 * format is refused with SDL_SetError. Measured: docs/performance.md "Size of the web build". */
#define SDL_LEAN_AND_MEAN 1
