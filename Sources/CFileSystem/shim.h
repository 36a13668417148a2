// File-system calls that Swift's Glibc module does not offer: renameat2 is declared only under
// _GNU_SOURCE, which the Glibc module is not built with. Everything here is prefixed `cfs_`
// so its origin stays visible.
#ifndef DUALCAM_CFILESYSTEM_SHIM_H
#define DUALCAM_CFILESYSTEM_SHIM_H

#include <errno.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/syscall.h>
#endif

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif

/// Renames `from` (relative to the folder descriptor `from_folder`, or AT_FDCWD) to `to`
/// (relative to `to_folder`), failing with EEXIST instead of replacing what `to` names: the
/// kernel checks and renames in one step (renameat2 with RENAME_NOREPLACE). Returns 0, or the
/// errno of the failure: EINVAL where the file system cannot promise that, ENOSYS where the
/// kernel lacks the call.
static inline int cfs_rename_noreplace(int from_folder, const char *from, int to_folder,
                                       const char *to) {
#if defined(__linux__) && defined(SYS_renameat2)
  long result;
  do {
    result = syscall(SYS_renameat2, from_folder, from, to_folder, to, RENAME_NOREPLACE);
  } while (result != 0 && errno == EINTR);
  return result == 0 ? 0 : errno;
#else
  (void)from_folder; (void)from; (void)to_folder; (void)to;
  return ENOSYS;
#endif
}

#endif
