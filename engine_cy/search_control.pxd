# cython: language_level=3
"""Declarations of the search control block (see search_control.pyx)."""

from libc.stdint cimport int16_t, uint32_t
from libcpp.atomic cimport atomic

cdef extern from *:
    """
    #ifdef _WIN32
    #include <windows.h>
    static double tsg_monotonic(void) {
        LARGE_INTEGER f, c;
        QueryPerformanceFrequency(&f);
        QueryPerformanceCounter(&c);
        return (double)c.QuadPart / (double)f.QuadPart;
    }
    #else
    #include <time.h>
    static double tsg_monotonic(void) {
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
    }
    #endif
    """
    double monotonic "tsg_monotonic"() nogil

cdef enum:  # stop reasons
    NOT_STOPPED = 0
    NODE_BUDGET = 1
    TIME_BUDGET = 2
    CANCELLED = 3
    MEMORY_BUDGET = 4
    STALLED = 5               # a search came back open with no budget spent (a bug)

cdef enum:
    MAX_LINE = 32             # moves of the published principal line
    CLOCK_EVERY = 32          # nodes between clock readings (QA s56: a whole 19x19 board
                              # searched 47 nodes/s, and 1024 nodes ran 16 s past the budget)

cdef class SearchControl:
    cdef readonly long max_nodes        # 0: no limit
    cdef readonly double deadline       # monotonic seconds; 0: no limit
    cdef long next_clock                # node count of the next clock reading
    cdef atomic[int] cancel_flag        # set by any thread, read by the search
    # published by the search for the threads that poll it
    cdef atomic[long] nodes_seen
    cdef atomic[int] depth_seen
    cdef atomic[long] table_seen
    cdef atomic[int] root_seen          # the root's status: best-first searches as they go,
                                        # df-pn once its root is proven
    cdef atomic[long] proof_seen        # df-pn: proof nodes built so far (extraction)
    cdef atomic[uint32_t] line_version  # odd while the line below is written
    cdef int line_len
    cdef int16_t line[MAX_LINE]

    cdef int budget_stop(self, long nodes) noexcept nogil
    cdef int clock_stop(self) noexcept nogil
    cdef void publish(self, long nodes, int depth, long table) noexcept nogil
    cdef void publish_line(self, int root_status, const int16_t* moves, int n) noexcept nogil
    cdef void publish_proof(self, long nodes) noexcept nogil
