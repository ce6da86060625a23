package io.github.ycsbtiers.redis.topology;

import io.github.ycsbtiers.api.ResultSection;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one endpoint (a primary or a replica) did for the run's operations: how many were sent to
 * it, how many of them failed (no reply, or an error reply), and their latency from send to reply.
 * Recording allocates nothing; many threads may record at once. The recent latency (an
 * exponentially weighted average, the last eight operations weighing most) and whether the last
 * operation failed steer {@link ReadRouter}.
 */
public final class EndpointStats {
  /** Name prefix of the report section, {@code [ENDPOINT-host:port]}. */
  public static final String SECTION_PREFIX = "ENDPOINT-";
  private final String address;
  /** Changed when a failover changes the endpoint's role. */
  private volatile String role;
  private final LongAdder operations = new LongAdder();
  private final LongAdder reads = new LongAdder();
  private final LongAdder errors = new LongAdder();
  private final LongAdder latencyNanos = new LongAdder();
  private final LongAccumulator maxNanos = new LongAccumulator(Math::max, 0);
  private final LongAccumulator maxLagBytes = new LongAccumulator(Math::max, 0);
  private final LongAdder lagSamples = new LongAdder();
  private volatile long lastLagBytes = -1;
  private volatile long recentNanos;
  private volatile boolean failing;

  public EndpointStats(String address, String role) {
    this.address = address;
    this.role = role;
  }

  /** One operation's outcome: {@code read} whether it was a read, {@code failed} whether it got no usable reply. */
  public void record(boolean read, long startNanos, boolean failed) {
    recordNanos(read, System.nanoTime() - startNanos, failed);
  }

  /** As {@link #record}, with the latency measured elsewhere: {@code nanos} from send to reply. */
  public void recordNanos(boolean read, long nanos, boolean failed) {
    operations.increment();
    if (read) {
      reads.increment();
    }
    latencyNanos.add(nanos);
    maxNanos.accumulate(nanos);
    if (failed) {
      errors.increment();
    }
    failing = failed;
    long recent = recentNanos;
    // a racy update loses a sample at worst: it only steers where reads go
    recentNanos = recent == 0 ? nanos : recent + (nanos - recent) / 8;
  }

  /** One sample of this replica's replication lag, in bytes behind the primary. */
  void lag(long bytes) {
    maxLagBytes.accumulate(bytes);
    lagSamples.increment();
    lastLagBytes = bytes;
  }

  public long maxLagBytes() {
    return maxLagBytes.get();
  }

  public String address() {
    return address;
  }

  public String role() {
    return role;
  }

  void role(String now) {
    role = now;
  }

  public long operations() {
    return operations.sum();
  }

  public long reads() {
    return reads.sum();
  }

  public long errors() {
    return errors.sum();
  }

  /** The latency of every operation recorded, summed, in nanoseconds. */
  public long latencyNanos() {
    return latencyNanos.sum();
  }

  /** Recent latency in nanoseconds, 0 before the first operation. */
  long recentNanos() {
    return recentNanos;
  }

  /** Whether the last operation here failed. */
  boolean failing() {
    return failing;
  }

  /** The report section of this endpoint. */
  public ResultSection section() {
    long ops = operations.sum();
    ResultSection.Builder b = ResultSection.builder(SECTION_PREFIX + address)
        .add("Role", role)
        .add("Operations", ops)
        .add("Reads", reads.sum())
        .add("Writes", ops - reads.sum())
        .add("Errors", errors.sum())
        .add("AverageLatency(us)", ops == 0 ? 0.0 : latencyNanos.sum() / 1000.0 / ops)
        .add("MaxLatency(us)", maxNanos.get() / 1000);
    if (lagSamples.sum() > 0) {
      b.add("ReplicationLagSamples", lagSamples.sum())
          .add("ReplicationLagMax(bytes)", maxLagBytes.get())
          .add("ReplicationLagLast(bytes)", lastLagBytes);
    }
    return b.build();
  }

  @Override
  public String toString() {
    return role + " " + address;
  }
}
