// libyuv's scaler and converters, for the compositor benchmark only (Debian libyuv-dev ships no
// .pc file).
#include <libyuv/convert.h>
#include <libyuv/scale.h>
