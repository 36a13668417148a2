// Re-exports the parts of FFmpeg that Swift cannot call directly: function-like macros and
// constants built from them. Everything here is prefixed `cav_` so its origin stays visible.
#ifndef DUALCAM_CFFMPEG_SHIM_H
#define DUALCAM_CFFMPEG_SHIM_H

#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavutil/avutil.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>

/// AVERROR(EAGAIN): "feed more input / drain output first", the normal rhythm of a codec loop.
static inline int cav_error_again(void) { return AVERROR(EAGAIN); }
/// AVERROR_EOF: the codec or demuxer has nothing more to give.
static inline int cav_error_eof(void) { return AVERROR_EOF; }
/// AVERROR(errno) for an arbitrary POSIX errno, e.g. ENOSPC when the disk is full.
static inline int cav_error_from_errno(int code) { return AVERROR(code); }
/// The POSIX errno inside an AVERROR value, or 0 when it is an FFmpeg-specific code.
static inline int cav_errno_of(int averror) { return averror < 0 && averror > -4096 ? -averror : 0; }
/// AV_NOPTS_VALUE, a macro built from a cast that Swift does not import.
static inline int64_t cav_nopts_value(void) { return AV_NOPTS_VALUE; }
/// AV_TIME_BASE_Q, a compound literal that Swift does not import.
static inline AVRational cav_time_base_q(void) { return (AVRational){1, AV_TIME_BASE}; }

/// AVERROR_INVALIDDATA: damaged or unrecognised input (FFERRTAG, which Swift does not import).
static inline int cav_error_invalid_data(void) { return AVERROR_INVALIDDATA; }
/// MKTAG(a, b, c, d): a FourCC as libav stores it in `codec_tag`.
static inline unsigned int cav_fourcc(char a, char b, char c, char d) { return MKTAG(a, b, c, d); }

/// sws_scale from a whole frame into three separate planes, so Swift need not build C arrays
/// of plane pointers and strides for every frame.
static inline int cav_scale_frame(struct SwsContext *context, const AVFrame *source,
                                  uint8_t *plane0, int stride0, uint8_t *plane1, int stride1,
                                  uint8_t *plane2, int stride2) {
  uint8_t *const planes[4] = {plane0, plane1, plane2, NULL};
  const int strides[4] = {stride0, stride1, stride2, 0};
  return sws_scale(context, (const uint8_t *const *)source->data, source->linesize, 0,
                   source->height, planes, strides);
}

/// The default channel layout of `channels` channels (AVChannelLayout is built by a macro).
static inline AVChannelLayout cav_default_layout(int channels) {
  AVChannelLayout layout;
  av_channel_layout_default(&layout, channels);
  return layout;
}

/// Fills `buffer` with the message for `code` (av_strerror), never failing.
static inline void cav_error_string(int code, char *buffer, size_t size) {
  if (av_strerror(code, buffer, size) < 0) {
    snprintf(buffer, size, "FFmpeg error %d", code);
  }
}

#endif
