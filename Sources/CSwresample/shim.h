// Re-exports libswresample for the one Audio file that compensates sound card clock drift.
#ifndef DUALCAM_CSWRESAMPLE_SHIM_H
#define DUALCAM_CSWRESAMPLE_SHIM_H

#include <libavutil/channel_layout.h>
#include <libavutil/opt.h>
#include <libavutil/samplefmt.h>
#include <libswresample/swresample.h>

/// An interleaved float layout of `channels` channels (AVChannelLayout is built by a macro).
static inline AVChannelLayout cswr_default_layout(int channels) {
  AVChannelLayout layout;
  av_channel_layout_default(&layout, channels);
  return layout;
}

#endif
