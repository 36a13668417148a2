// Process-wide settings that need calls Swift cannot make directly (prctl is variadic).
// Everything here is prefixed `cprocess_` so its origin stays visible.
#ifndef DUALCAM_CPROCESS_SHIM_H
#define DUALCAM_CPROCESS_SHIM_H

#include <errno.h>

#if defined(__linux__)
#include <sys/prctl.h>
#endif

/// Stops the kernel from backing this process (and what it execs) with transparent huge pages,
/// even where a library asks for them with madvise. Returns 0, or the errno of the failure
/// (ENOSYS where the call does not exist).
static inline int cprocess_disable_transparent_huge_pages(void) {
#if defined(__linux__) && defined(PR_SET_THP_DISABLE)
  return prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0) == 0 ? 0 : errno;
#else
  return ENOSYS;
#endif
}

/// 1 if transparent huge pages are disabled for this process, 0 if not, -1 if unknown.
static inline int cprocess_transparent_huge_pages_disabled(void) {
#if defined(__linux__) && defined(PR_GET_THP_DISABLE)
  return prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0);
#else
  return -1;
#endif
}

#endif
