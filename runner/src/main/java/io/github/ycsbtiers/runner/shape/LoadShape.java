package io.github.ycsbtiers.runner.shape;

import io.github.ycsbtiers.api.ConnectionCount;
import java.util.Locale;
import site.ycsb.DB;

/**
 * The shape of the load a run puts on each server: how many logical clients, on how many
 * connections, with how many operations in flight on each, driven by how many OS threads of which
 * engine. A benchmark compares with another tool only at the same shape.
 *
 * @param engine {@code sync} or {@code async}
 * @param logicalClients {@code -threads}, cut to the operation count
 * @param engineThreads OS threads that issue operations (one per client on {@code sync})
 * @param connections connections to each server, or 0 when the binding does not say
 */
public record LoadShape(String engine, int logicalClients, int engineThreads, int connections) {

  /** The shape of {@code binding} (an instance with its properties set, not initialised; may be null). */
  public static LoadShape of(String engine, int logicalClients, int engineThreads, DB binding) {
    int connections = binding instanceof ConnectionCount c ? c.connectionsPerServer(logicalClients, engineThreads) : 0;
    return new LoadShape(engine, logicalClients, engineThreads, connections);
  }

  /** Operations in flight on each connection when every client has one in flight; 0 when unknown. */
  public double inFlightPerConnection() {
    return connections == 0 ? 0 : (double) logicalClients / connections;
  }

  /** The line stated before the run starts. */
  public String describe() {
    String threads = "sync".equals(engine)
        ? "runner.engine=sync, one thread per client"
        : "runner.engine=" + engine + " on " + engineThreads + " thread" + (engineThreads == 1 ? "" : "s");
    if (connections == 0) {
      return "Shape: " + clients() + ", 1 operation in flight each, " + threads
          + " (the binding opens no network connections it reports)";
    }
    return "Shape: " + clients() + " on " + connections + " connection" + (connections == 1 ? "" : "s")
        + " per server, " + format(inFlightPerConnection()) + " operation" + (inFlightPerConnection() == 1 ? "" : "s")
        + " in flight per connection, " + threads;
  }

  private String clients() {
    return logicalClients + " logical client" + (logicalClients == 1 ? "" : "s");
  }

  static String format(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.2f", value);
  }
}
