// libswscale, for the compositor benchmark only.
#include <libswscale/swscale.h>
#include <libavutil/pixfmt.h>
