package io.github.ycsbtiers.runner.workload.template;

import io.github.ycsbtiers.api.BatchMode;
import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;

/**
 * One operation of the template workload, refilled by the workload for every operation of a
 * client: one command, or a batch of {@link #count()} commands sent as {@link #mode()}. The
 * sections it is measured under are fixed per template. It carries its client's random stream,
 * from which the workload draws the client's next operation ({@link TemplateWorkload#newOperation}).
 * Not thread-safe; one per client.
 */
public final class CommandOp {
  private final WorkloadRandom random;
  private byte[][][] commands = new byte[1][][];
  private int count;
  private BatchMode mode;
  private String[] sections;

  CommandOp(WorkloadRandom random) {
    this.random = random;
  }

  WorkloadRandom random() {
    return random;
  }

  void reset(int size, BatchMode batchMode, String[] sectionNames) {
    if (commands.length < size) {
      commands = new byte[size][][];
    }
    this.count = 0;
    this.mode = batchMode;
    this.sections = sectionNames;
  }

  void add(byte[][] command) {
    commands[count++] = command;
  }

  /** Whether this is a batch (several commands, or a batch of one in MULTI/EXEC) rather than one command. */
  public boolean isBatch() {
    return mode != null;
  }

  /** The commands; only the first {@link #count()} are this operation's. */
  public byte[][][] commands() {
    return commands;
  }

  public int count() {
    return count;
  }

  /** How the batch is sent; null for a single command. */
  public BatchMode mode() {
    return mode;
  }

  /** The sections this operation is measured under, the first with its return code counted first. */
  public String[] sections() {
    return sections;
  }
}
