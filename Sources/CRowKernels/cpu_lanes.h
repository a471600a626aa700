/* What the processor runs, for the kernels that have more than one path: the instruction sets their
   8- and 16-lane code is built for, and the widest of those this processor has. */
#ifndef WF_CPU_LANES_H
#define WF_CPU_LANES_H

#if defined(__x86_64__) && defined(__clang__)
#define WF_TARGET_AVX2 __attribute__((target("avx2")))
#define WF_TARGET_AVX512 __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl")))
#endif

/* 16 with AVX-512 (F, BW, DQ and VL), 8 with AVX2, else 4. */
static inline int wf_cpu_lanes(void) {
#if defined(__x86_64__) && defined(__clang__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq")
        && __builtin_cpu_supports("avx512vl"))
        return 16;
    if (__builtin_cpu_supports("avx2")) return 8;
#endif
    return 4;
}

#endif
