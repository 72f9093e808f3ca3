# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
# distutils: language = c++
"""The control block between a search running without the GIL and the threads around it.

A search core runs its whole loop without the GIL (``with nogil``), so the
GUI thread never waits for it.  It talks to the rest of the program only
through this block:

* budgets it reads: a node budget and a deadline on a C monotonic clock
  (``monotonic``, read every CLOCK_EVERY nodes);
* a cancel flag any thread may set at any time (``cancel``), read by the
  search at every budget check (an atomic load, cheap enough for every node);
* progress counters it publishes (nodes, depth, table size, and for
  best-first searches the root's status and principal line), which other
  threads poll (``snapshot``); the line is published under a version counter
  so a reader never sees half of one.  A depth-first search publishes its
  root's status once the root is proven, and then the nodes of the proof it
  builds from its table (``proof_nodes``), which can take a while on a large
  proof while the node count stands still.

Knows clocks and atomics; nothing about Go or about any particular search.
"""

from libcpp.atomic cimport memory_order_acquire, memory_order_relaxed, memory_order_release

STOP_NAMES = {NOT_STOPPED: None, NODE_BUDGET: "node budget", TIME_BUDGET: "time budget",
              CANCELLED: "cancelled", MEMORY_BUDGET: "memory budget",
              STALLED: "search stalled"}


def now():
    """The clock the searches use (monotonic seconds)."""
    return monotonic()


cdef class SearchControl:
    """Budgets, cancel flag and progress counters of one search (see the module docstring)."""

    def __init__(self, long max_nodes=0, double max_seconds=0.0):
        """``max_nodes`` (0: none) and ``max_seconds`` from now (0: none)."""
        if max_nodes < 0 or max_seconds < 0:
            raise ValueError("budgets must be >= 0")
        self.max_nodes = max_nodes
        self.deadline = monotonic() + max_seconds if max_seconds > 0 else 0.0
        self.next_clock = 0
        self.cancel_flag.store(0)
        self.nodes_seen.store(0)
        self.depth_seen.store(0)
        self.table_seen.store(0)
        self.root_seen.store(0)
        self.proof_seen.store(0)
        self.line_version.store(0)
        self.line_len = 0

    def cancel(self):
        """Ask the search to stop; safe from any thread, takes effect at its next node."""
        self.cancel_flag.store(1, memory_order_relaxed)

    @property
    def cancelled(self):
        return self.cancel_flag.load(memory_order_relaxed) != 0

    def snapshot(self):
        """(nodes, depth, table size, root status, principal line) as last published;
        the line is empty while it is being rewritten."""
        cdef uint32_t before = self.line_version.load(memory_order_acquire)
        line = tuple(self.line[i] for i in range(self.line_len))
        if before & 1 or self.line_version.load(memory_order_acquire) != before:
            line = ()
        return (self.nodes_seen.load(memory_order_relaxed),
                self.depth_seen.load(memory_order_relaxed),
                self.table_seen.load(memory_order_relaxed),
                self.root_seen.load(memory_order_relaxed), line)

    cdef int budget_stop(self, long nodes) noexcept nogil:
        """The stop reason at ``nodes`` nodes searched so far (NOT_STOPPED: go on)."""
        cdef double t
        if self.cancel_flag.load(memory_order_relaxed):
            return CANCELLED
        if self.max_nodes > 0 and nodes >= self.max_nodes:
            return NODE_BUDGET
        if self.deadline > 0 and nodes >= self.next_clock:
            # node counts jump (a whole expansion at a time), so compare, never mask
            self.next_clock = nodes + CLOCK_EVERY
            if monotonic() > self.deadline:
                return TIME_BUDGET
        return NOT_STOPPED

    cdef int clock_stop(self) noexcept nogil:
        """The stop reason of work that searches no nodes (a proof's extraction): the
        cancel flag, or the deadline read from the clock now; NOT_STOPPED: go on."""
        if self.cancel_flag.load(memory_order_relaxed):
            return CANCELLED
        if self.deadline > 0 and monotonic() > self.deadline:
            return TIME_BUDGET
        return NOT_STOPPED

    cdef void publish(self, long nodes, int depth, long table) noexcept nogil:
        self.nodes_seen.store(nodes, memory_order_relaxed)
        self.depth_seen.store(depth, memory_order_relaxed)
        self.table_seen.store(table, memory_order_relaxed)

    @property
    def proof_nodes(self):
        """Proof nodes built so far (depth-first searches, once the root is proven)."""
        return self.proof_seen.load(memory_order_relaxed)

    cdef void publish_proof(self, long nodes) noexcept nogil:
        self.proof_seen.store(nodes, memory_order_relaxed)

    cdef void publish_line(self, int root_status, const int16_t* moves, int n) noexcept nogil:
        cdef int i
        cdef uint32_t v = self.line_version.load(memory_order_relaxed)
        self.root_seen.store(root_status, memory_order_relaxed)
        self.line_version.store(v + 1, memory_order_release)
        if n > MAX_LINE:
            n = MAX_LINE
        for i in range(n):
            self.line[i] = moves[i]
        self.line_len = n
        self.line_version.store(v + 2, memory_order_release)
