package io.github.ycsbtiers.tiered.serve;

import java.util.Arrays;

/**
 * A loop's timers by deadline (then by arrival): a binary heap in an array, touched only by the
 * loop's thread, so it needs no lock and allocates only to grow.
 */
final class TimerHeap {
  private LoopTimer<?>[] heap = new LoopTimer<?>[16];
  private int size;
  private long arrivals;

  int size() {
    return size;
  }

  void add(LoopTimer<?> t) {
    t.sequence = arrivals++;
    if (size == heap.length) {
      heap = Arrays.copyOf(heap, size * 2);
    }
    int i = size++;
    // sift up
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      LoopTimer<?> p = heap[parent];
      if (!t.before(p)) {
        break;
      }
      heap[i] = p;
      i = parent;
    }
    heap[i] = t;
  }

  /** The first timer still pending, dropping cancelled ones ahead of it; null if none. */
  LoopTimer<?> first() {
    while (size > 0 && !heap[0].isPending()) {
      poll();
    }
    return size == 0 ? null : heap[0];
  }

  /** Removes and returns the first timer (pending or not); null if none. */
  LoopTimer<?> poll() {
    if (size == 0) {
      return null;
    }
    LoopTimer<?> first = heap[0];
    LoopTimer<?> last = heap[--size];
    heap[size] = null;
    if (size > 0) {
      siftDown(last);
    }
    return first;
  }

  private void siftDown(LoopTimer<?> t) {
    int i = 0;
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      LoopTimer<?> c = heap[child];
      int right = child + 1;
      if (right < size && heap[right].before(c)) {
        child = right;
        c = heap[child];
      }
      if (!c.before(t)) {
        break;
      }
      heap[i] = c;
      i = child;
    }
    heap[i] = t;
  }

  /** Drops every timer (their futures are cancelled) and empties the heap. */
  void dropAll() {
    for (int i = 0; i < size; i++) {
      heap[i].drop();
      heap[i] = null;
    }
    size = 0;
  }
}
