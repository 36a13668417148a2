// Re-exports the parts of libx264 that Swift cannot call directly: the versioned
// x264_encoder_open macro and the va_list log callback. Everything here is prefixed `cx264_`.
#ifndef DUALCAM_CX264_SHIM_H
#define DUALCAM_CX264_SHIM_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <x264.h>
#include <libavutil/log.h>

/// x264_encoder_open, which x264.h defines as a macro naming the build (x264_encoder_open_164).
static inline x264_t *cx264_encoder_open(x264_param_t *param) { return x264_encoder_open(param); }

static inline void cx264_log_to_libav(void *context, int level, const char *format,
                                      va_list arguments) {
  (void)context;
  int libav_level = AV_LOG_DEBUG;
  switch (level) {
  case X264_LOG_ERROR: libav_level = AV_LOG_ERROR; break;
  case X264_LOG_WARNING: libav_level = AV_LOG_WARNING; break;
  case X264_LOG_INFO: libav_level = AV_LOG_INFO; break;
  default: break;
  }
  av_vlog(NULL, libav_level, format, arguments);
}

/// Sends x264's messages up to `level` (X264_LOG_*) through av_log, so they obey the same
/// filter and error capture as libav's own (FFmpegLog), as they did inside libavcodec.
static inline void cx264_route_log_to_libav(x264_param_t *param, int level) {
  param->pf_log = cx264_log_to_libav;
  param->p_log_private = NULL;
  param->i_log_level = level;
}

#endif
