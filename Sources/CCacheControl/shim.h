// Cache hints for kernels that sweep whole frames: prefetches and non-temporal (streaming)
// stores, which Swift has no spelling for. Clang's portable builtins lower to prefetcht0 /
// prefetchnta, movntdq and sfence on x86-64 and to prfm, stnp and dmb on ARM64. Everything is
// static inline so that it compiles into the Swift kernels that call it; prefixed `ccache_`.
#ifndef DUALCAM_CCACHE_SHIM_H
#define DUALCAM_CCACHE_SHIM_H

/// 16 bytes as four 32-bit lanes; Swift sees this type as SIMD4<UInt32>.
typedef unsigned int ccache_u32x4 __attribute__((ext_vector_type(4)));

/// Starts loading the cache line at `address` for a read soon, into every cache level.
static inline void ccache_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

/// Starts loading the cache line at `address` for one read that will not be repeated: the line
/// is kept out of the outer caches where the processor supports that.
static inline void ccache_prefetch_once(const void *address) {
  __builtin_prefetch(address, 0, 0);
}

/// Stores 16 bytes at `destination`, which must be 16-byte aligned, without reading its cache
/// line first and without keeping it in cache. Call ccache_streaming_fence() before another
/// thread may read what was stored.
static inline void ccache_store_streaming(void *destination, ccache_u32x4 value) {
  __builtin_nontemporal_store(value, (ccache_u32x4 *)destination);
}

/// Orders every streaming store before it ahead of every store after it.
static inline void ccache_streaming_fence(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_sfence();
#else
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

#endif
