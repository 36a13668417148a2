// Re-exports libasound's PCM capture API and the constants Swift cannot import as they are.
// Everything added here is prefixed `calsa_` / `CALSA_` so its origin stays visible.
#ifndef DUALCAM_CALSA_SHIM_H
#define DUALCAM_CALSA_SHIM_H

#include <alsa/asoundlib.h>
#include <errno.h>
#include <stdlib.h>

/// Opens a capture PCM without blocking on a device held by another program: a blocking open of
/// a busy `hw:` device waits until it is free, where DualCam wants EBUSY at once. The handle is
/// switched back to blocking reads afterwards.
static inline int calsa_open_capture(snd_pcm_t **pcm, const char *name) {
  int result = snd_pcm_open(pcm, name, SND_PCM_STREAM_CAPTURE, SND_PCM_NONBLOCK);
  if (result < 0) return result;
  result = snd_pcm_nonblock(*pcm, 0);
  if (result < 0) {
    snd_pcm_close(*pcm);
    *pcm = NULL;
  }
  return result;
}

/// libasound prints its own diagnostics to stderr by default, which would scribble over the
/// terminal interface; DualCam reports every failure itself, with advice.
static inline void calsa_ignore_error(
    const char *file, int line, const char *function, int code, const char *format, ...) {
  (void)file; (void)line; (void)function; (void)code; (void)format;
}
static inline void calsa_quiet_errors(void) { snd_lib_error_set_handler(calsa_ignore_error); }

/// The monotonic time of `tstamp` in nanoseconds (snd_htimestamp_t is a struct timespec).
static inline long long calsa_timespec_nanoseconds(const snd_htimestamp_t *tstamp) {
  return (long long)tstamp->tv_sec * 1000000000LL + (long long)tstamp->tv_nsec;
}

#endif
