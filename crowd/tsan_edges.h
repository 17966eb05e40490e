// The happens-before edges of a parallel_for, told to ThreadSanitizer. Debian's libtbb is not built
// with TSan, so TSan cannot see that everything before tbb::parallel_for happens before each body
// and that each body happens before parallel_for returns: without these it reports the crowd's
// ordinary hand-over of data to the workers and back as races. Only those two edges are added, so
// two bodies touching the same data are still reported. Outside ANIMTC_TSAN builds they are empty.
#pragma once

#if defined(ANIMTC_TSAN)
#include <sanitizer/tsan_interface.h>
#endif

namespace anim::crowd {

// Everything this thread did so far happens before a later TsanAcquire on `token`.
inline void TsanRelease([[maybe_unused]] void* token) {
#if defined(ANIMTC_TSAN)
  __tsan_release(token);
#endif
}

// Everything done before a TsanRelease on `token` happens before what this thread does next.
inline void TsanAcquire([[maybe_unused]] void* token) {
#if defined(ANIMTC_TSAN)
  __tsan_acquire(token);
#endif
}

}  // namespace anim::crowd
