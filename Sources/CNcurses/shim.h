// Re-exports ncursesw (wide-character build) and the macros Swift cannot import.
// Everything here is prefixed `cnc_` so its origin stays visible.
#ifndef DUALCAM_CNCURSES_SHIM_H
#define DUALCAM_CNCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <ncursesw/curses.h>

/// getmaxyx is a macro that assigns to its arguments.
static inline void cnc_getmaxyx(WINDOW *window, int *rows, int *columns) {
  int y, x;
  getmaxyx(window, y, x);
  *rows = y;
  *columns = x;
}
/// The standard screen (a macro in reentrant builds).
static inline WINDOW *cnc_stdscr(void) { return stdscr; }
/// COLORS and COLOR_PAIRS may be macros.
static inline int cnc_colors(void) { return COLORS; }
static inline int cnc_color_pairs(void) { return COLOR_PAIRS; }
/// The locale's character set, e.g. "UTF-8".
static inline const char *cnc_codeset(void) { return nl_langinfo(CODESET); }

/// Draws one cell: a wide character with attributes and an extended colour pair.
static inline int cnc_put_cell(int row, int column, wchar_t character, int bold, int dim,
                               int underline, int reverse, int pair) {
  wchar_t text[2] = {character, L'\0'};
  attr_t attributes = A_NORMAL;
  if (bold) attributes |= A_BOLD;
  if (dim) attributes |= A_DIM;
  if (underline) attributes |= A_UNDERLINE;
  if (reverse) attributes |= A_REVERSE;
  cchar_t cell;
  int extended = pair;
  if (setcchar(&cell, text, attributes, 0, &extended) != OK) return ERR;
  return mvadd_wch(row, column, &cell);
}

/// Reports left clicks as KEY_MOUSE (without the press/release pair that delays them).
static inline void cnc_enable_clicks(void) {
  mousemask(BUTTON1_CLICKED, NULL);
  mouseinterval(0);
}
/// The cell of the last click, after KEY_MOUSE; returns ERR when it was not a left click.
static inline int cnc_last_click(int *row, int *column) {
  MEVENT event;
  if (getmouse(&event) != OK) return ERR;
  if (!(event.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED))) return ERR;
  *row = event.y;
  *column = event.x;
  return OK;
}

/// Opens a terminal of `type` (NULL: $TERM) on stdin/stdout; NULL when terminfo has no entry.
static inline SCREEN *cnc_newterm(const char *type) { return newterm(type, stdout, stdin); }

/// The size of a cell in pixels, from the terminal's window size (TIOCGWINSZ, which ioctl's
/// variadic signature keeps from Swift); 0 when the terminal does not say.
static inline void cnc_cell_pixels(int fd, int *width, int *height) {
  struct winsize size = {0};
  *width = 0;
  *height = 0;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0 || size.ws_row == 0) return;
  *width = size.ws_xpixel / size.ws_col;
  *height = size.ws_ypixel / size.ws_row;
}

/// Flushes what ncurses buffered for stdout (a shared C global Swift 6 will not touch), so that
/// bytes written to the descriptor after it land after the text.
static inline void cnc_flush_output(void) { fflush(stdout); }

/// Key codes (octal macros in curses.h).
static const int CNC_KEY_RESIZE = KEY_RESIZE;
static const int CNC_KEY_CODE_YES = KEY_CODE_YES;
static const int CNC_KEY_UP = KEY_UP;
static const int CNC_KEY_DOWN = KEY_DOWN;
static const int CNC_KEY_LEFT = KEY_LEFT;
static const int CNC_KEY_RIGHT = KEY_RIGHT;
static const int CNC_KEY_PPAGE = KEY_PPAGE;
static const int CNC_KEY_NPAGE = KEY_NPAGE;
static const int CNC_KEY_HOME = KEY_HOME;
static const int CNC_KEY_END = KEY_END;
static const int CNC_KEY_BTAB = KEY_BTAB;
static const int CNC_KEY_BACKSPACE = KEY_BACKSPACE;
static const int CNC_KEY_DC = KEY_DC;
static const int CNC_KEY_ENTER = KEY_ENTER;
static const int CNC_KEY_F0 = KEY_F0;
static const int CNC_KEY_MOUSE = KEY_MOUSE;

#endif
