// libyuv's scaler, for the compositor benchmark only (Debian libyuv-dev ships no .pc file).
#include <libyuv/scale.h>
