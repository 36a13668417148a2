// Re-exports libchafa (symbols, colour quantisation, sixel and kitty output) for the terminal
// pictures. Its header pulls in GLib's; only the Chafa wrapper in TerminalUI uses this module.
#ifndef DUALCAM_CCHAFA_SHIM_H
#define DUALCAM_CCHAFA_SHIM_H

#include <chafa.h>

#endif
