package io.github.ycsbtiers.redis.command;

import io.github.ycsbtiers.api.BatchMode;
import io.github.ycsbtiers.redis.internal.OperationFailures;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionStage;
import site.ycsb.Status;

/**
 * Sends commands over one client library; one instance per binding instance. Never throws for a
 * failure: the status is ERROR and the cause is counted in the pool's {@link OperationFailures}.
 */
public abstract class CommandExecutor {
  /** The operation name failures are counted under. */
  static final String OPERATION = "COMMAND";
  private final OperationFailures failures;

  CommandExecutor(OperationFailures failures) {
    this.failures = failures;
  }

  public abstract Status command(byte[][] args);

  public abstract Status batch(byte[][][] commands, int count, BatchMode mode);

  public abstract CompletionStage<Status> commandAsync(byte[][] args);

  public abstract CompletionStage<Status> batchAsync(byte[][][] commands, int count, BatchMode mode);

  /** Counts a failure of the command {@code args} and returns ERROR. */
  final Status failed(byte[][] args, Throwable e) {
    failures.record(OPERATION, describe(args), e);
    return Status.ERROR;
  }

  /** The command name and key, for the one failure kept. */
  static String describe(byte[][] args) {
    String name = new String(args[0], StandardCharsets.UTF_8);
    return args.length > 1 ? name + " " + new String(args[1], StandardCharsets.UTF_8) : name;
  }

  /** The worse of two statuses: the first non-OK one wins. */
  static Status worse(Status sofar, Status next) {
    return sofar.isOk() ? next : sofar;
  }
}
