// Re-exports ncursesw (wide-character build) and the macros Swift cannot import.
// Everything here is prefixed `cnc_` so its origin stays visible.
#ifndef DUALCAM_CNCURSES_SHIM_H
#define DUALCAM_CNCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>

/// getmaxyx is a macro that assigns to its arguments.
static inline void cnc_getmaxyx(WINDOW *window, int *rows, int *columns) {
  int y, x;
  getmaxyx(window, y, x);
  *rows = y;
  *columns = x;
}
/// COLOR_PAIR is a macro.
static inline int cnc_color_pair(int pair) { return COLOR_PAIR(pair); }
/// The key code ncurses reports when the terminal was resized.
static const int CNC_KEY_RESIZE = KEY_RESIZE;

#endif
