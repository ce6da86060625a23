package io.github.ycsbtiers.runner.engine;

import io.github.ycsbtiers.runner.measure.TimedDb;
import io.github.ycsbtiers.runner.workload.template.CommandOp;
import site.ycsb.Status;

/**
 * Records one template operation under each of its sections (template, keyspace, command,
 * total), latency and return code alike, for both engines.
 */
final class CommandRecording {
  private CommandRecording() {
  }

  static void record(TimedDb timed, CommandOp op, Status status, Throwable thrown, long intendedStart, long start,
                     long end) {
    for (String section : op.sections()) {
      timed.recordOperation(section, status, thrown, intendedStart, start, end);
    }
  }
}
