package io.github.ycsbtiers.runner.timeline;

import java.util.Map;
import java.util.function.LongSupplier;

/**
 * What a live view of the phase (the metrics endpoint) is handed: every cut of the timeline's
 * interval recorders, the same figures the timeline's rows are made of, so that nothing records
 * an operation twice. Cuts come from the timeline's one thread, in order.
 */
public interface LiveView {
  /**
   * What each section recorded since the previous cut, sections by name. The histograms are lent
   * for the call: the timeline's rows go on adding to them afterwards.
   *
   * @param warmup whether the cut is of the warm-up
   */
  void add(Map<String, Timeline.Interval> cut, boolean warmup);

  /** The phase's clients are running: how many operations they have in flight now. */
  void inFlight(LongSupplier operations);
}
